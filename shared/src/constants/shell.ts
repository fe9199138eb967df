import { DAY, MINUTE, SECOND, YEAR_DAYS } from './time.js';

/**
 * Business constants and limits of the platform shell (spec 000 §9), plus the
 * few numbers spec 000 gives in other sections. Durations are milliseconds.
 */

/** Vigil's specification version (spec 000 §1). The app shows its own package version. */
export const SPEC_APP_VERSION = '3.96.1';

/** Idle timeout (spec 000 §9). */
export const IDLE_TIMEOUT_MS = 30 * SECOND;
/** A user is inactive after this quiet period (spec 000 §9). */
export const USER_INACTIVE_THRESHOLD_MS = 2 * MINUTE;
/** Client clock drift allowed against server time: 2 minutes in configuration (spec 000 §9). */
export const TIME_DIFFERENCE_THRESHOLD_MS = 2 * MINUTE;
/** The bundle default of the same threshold (spec 000 §9), used only when configuration is missing. */
export const TIME_DIFFERENCE_THRESHOLD_BUNDLE_DEFAULT_MS = 5 * MINUTE;
/** Session renew age: 10 minutes in configuration (spec 000 §9). */
export const SESSION_RENEW_AGE_MS = 10 * MINUTE;
/** Session renew age default of the shared session logic (spec 000 §9). */
export const SESSION_RENEW_AGE_DEFAULT_MS = 3 * MINUTE;
/** A failed session fetch or extension is retried after this (spec 000 §4, §9). */
export const FAILED_SESSION_RETRY_MS = 30 * SECOND;
/** Live event stream: a failed connection is removed after 60 s; reconnect after close 1 s (spec 000 §4, §9). */
export const LIVE_EVENT_FAILED_REMOVE_MS = 60 * SECOND;
export const LIVE_EVENT_RECONNECT_MS = 1 * SECOND;
/** Identity cookie lifetime 180 days, polled every 3 s; token cookie re-read every 10 s (spec 000 §9). */
export const IDENTITY_COOKIE_LIFETIME_MS = 180 * DAY;
export const IDENTITY_COOKIE_POLL_MS = 3 * SECOND;
export const TOKEN_COOKIE_REREAD_MS = 10 * SECOND;
/** Referral and anonymous-user-id cookies last 10 years (spec 000 §2, §9). */
export const REFERRAL_COOKIE_LIFETIME_MS = 10 * YEAR_DAYS * DAY;
export const ANONYMOUS_ID_COOKIE_LIFETIME_MS = 10 * YEAR_DAYS * DAY;
/** Minimum password length (spec 000 §5, §9). */
export const MIN_PASSWORD_LENGTH = 8;
/** MFA codes are exactly this many digits (spec 000 §5, §9). */
export const MFA_CODE_LENGTH = 6;
/**
 * How long a sent MFA code can be entered (decision; the spec gives no figure): 10 minutes, the
 * server's AUTH_LIMITS.codeValidityMs. /mfa reopened in the same browser within it shows the code
 * entry rather than 'Send code' again (issue 25).
 */
export const MFA_CODE_VALIDITY_MS = 10 * 60_000;
/** Org ID availability check debounce (spec 000 §5, §9). */
export const ORG_ID_CHECK_DEBOUNCE_MS = 500;
/** Address element submit debounce (spec 000 §9). */
export const ADDRESS_SUBMIT_DEBOUNCE_MS = 300;
/** A sudo confirmation is valid until sudoExpiresAt minus this margin (spec 000 §4, §9). */
export const SUDO_VALIDITY_MARGIN_MS = 120_000;
/** The sudo banner turns red at or under 1 minute left (spec 000 §4). */
export const SUDO_BANNER_RED_MS = 1 * MINUTE;
/** Redirect after email verification (spec 000 §2, §9). */
export const VERIFIED_EMAIL_REDIRECT_MS = 2500;
/** Window resize debounce (spec 000 §9). */
export const WINDOW_RESIZE_DEBOUNCE_MS = 300;
/** Viewport breakpoints: sm under 600 px, md under 960 px, else lg (spec 000 §4, §9). */
export const VIEWPORT_BREAKPOINTS_PX = { sm: 600, md: 960 } as const;
/** Local cache max age (spec 000 §7, §9). */
export const CACHE_MAX_AGE_MS = 5 * DAY;
/** Copy confirmation shown for 2 s; a save button's error resets after 5 s (spec 000 §9). */
export const COPY_CONFIRMATION_MS = 2 * SECOND;
export const SAVE_BUTTON_ERROR_RESET_MS = 5 * SECOND;
/** Image gallery (spec 000 §9). */
export const IMAGE_GALLERY = { maxWidth: 480, gap: 2, expandedWidth: 960, doubleTapGuardMs: 300 } as const;
/** Calendar selected-day popup width (spec 000 §9). */
export const CALENDAR_SELECTED_DAY_POPUP_WIDTH_PX = 240;
/** Card brand logos (spec 000 §9). */
export const CARD_BRANDS = ['amex', 'diners', 'discover', 'jcb', 'mastercard', 'visa'] as const;
/** Countries accepted for SMS MFA (spec 000 §5, §9), ISO 3166-1 alpha-3. */
export const PHONE_COUNTRIES = ['CAN', 'USA', 'GBR', 'AUS'] as const;
/** The footer shows the privacy-updated date for 2 weeks after the update (spec 000 §1, §9). */
export const PRIVACY_UPDATED_DISPLAY_MS = 14 * DAY;
/** A 'NEW' badge shows on navigation items for 15 days after release (spec 000 §1, §9). */
export const NEW_BADGE_MS = 15 * DAY;
/** Max case duration: 5 days in development, 270 minutes in production (spec 000 §9). */
export const MAX_CASE_DURATION_MS = { development: 5 * DAY, production: 270 * MINUTE } as const;
/** Provider editing window (spec 000 §9). */
export const PROVIDER_EDITING_WINDOW_MS = 24 * 60 * MINUTE;
/** Report review fetch size (spec 000 §9). */
export const REPORT_REVIEW_FETCH_SIZE = 20;
/** Max providers for an all-analytics search (spec 000 §9). */
export const MAX_PROVIDERS_ALL_ANALYTICS = 10;
/** Appointment page count; also the FHIR search default page size (spec 000 §9). */
export const APPOINTMENT_PAGE_COUNT = 50;
/** Lazy-loaded module failures retry 3 times at 100 ms intervals (spec 000 §8). */
export const LAZY_LOAD_RETRIES = 3;
export const LAZY_LOAD_RETRY_INTERVAL_MS = 100;
/** Guard against a re-sign-in loop (spec 000 §8). */
export const RESIGNIN_LOOP_GUARD_MS = 10 * SECOND;
/** Markdown editor defaults (spec 000 §5). */
export const MARKDOWN_EDITOR = { maxLength: 100_000, imageMaxSize: 500, jpegQuality: 70, heightPx: 500 } as const;
/** Configuration feature toggles per environment (spec 000 §9). */
export const CONFIG_FEATURE_TOGGLES = {
  newOnboardingFlow: { development: true, production: false },
  verificationEmail: { development: false, production: true },
} as const;
/** Session token cookie names (spec 000 §7). */
export const TOKEN_COOKIE_NAMES = { production: 'tok', development: 'dev-tok' } as const;

/** Texts of spec 000 §2 and §8 the shell shows. */
export const SHELL_TEXTS = {
  notFound: (path: string): string => `Could not find page: ${path}`,
  subAppFailed:
    'This page failed to load for some reason. Please try again. If the problem persists, please contact support',
  subAppFailedLog: 'Failed to load sub-apps',
  clockAhead: (duration: string): string => `${duration} ahead`,
  clockBehind: (duration: string): string => `${duration} behind`,
  welcomeTitle: 'Which org do you want to view?',
} as const;

/** App names by sub-app (spec 000 §2). */
export const APP_NAMES = {
  team: 'Vigil Team',
  parent: 'Admin Dashboard',
  default: 'Case Manager',
} as const;
