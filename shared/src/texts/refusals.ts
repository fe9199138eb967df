import { AUTH_TEXTS } from '../auth/texts.js';
import { EMR_LOCKDOWN_MESSAGE } from '../emr/index.js';

/**
 * The one catalogue of refusal texts (spec 000 §8; issue 36 item 5): what a screen says when the
 * server refuses a call with one of these codes, or the call cannot reach it. A screen may word a
 * code for its own task (`refusalText(code, { NOT_AUTHORIZED: 'Only an admin can…' })`); every
 * other code, and any code the screen did not foresee, reads the same everywhere.
 */
export const REFUSAL_TEXTS = {
  NETWORK_ERROR: 'The server cannot be reached. Check the connection and try again.',
  NO_AUTHENTICATION: 'Your session ended. Sign in again.',
  NOT_AUTHORIZED: 'You do not have permission to do this.',
  SUDO_REQUIRED: 'Please confirm your identity and try again.',
  NOT_FOUND: 'This was not found. It may have been deleted.',
  INVALID_INPUT: 'Check the values entered.',
  CONFLICT: 'Someone changed this meanwhile. Reload to see the saved version, then try again.',
  TOO_MANY_REQUESTS: 'Too many attempts. Wait a few minutes and try again.',
  CARD_ATTEMPTS_LIMITED:
    'Too many cards were declined in the last hour. Wait an hour before trying again, or contact Vigil support.',
  FEATURE_DISABLED: 'This is not turned on for this organization.',
  PLAN_REQUIRED:
    "This is not included in your organization's plan. An administrator can change the plan on the Subscription page.",
  SEDATION_LEVEL_NOT_ALLOWED: "This sedation level is not allowed by your organization's subscription.",
  INVALID_ADDRESS_FOR_TAX:
    'The address you entered is not valid for tax purposes. Please check your address and try again.',
  INVALID_LOOKUP_KEY:
    'A lookup key is a tier and an interval, such as advanced_monthly, optionally followed by _ and lowercase letters or digits (advanced_yearly_2027).',
  PLAN_EXISTS:
    'This tier already has an active plan for that interval. Change its price on its product page, or archive it first.',
  PAGE_TOO_LARGE: 'Too much asked at once. Reload the page.',
  REPORT_TOO_LARGE: 'A report holds at most 5,000 cases: choose a shorter date range.',
  QUERY_TOO_COSTLY: 'Too much asked at once. Reload the page.',
  FINALIZED: 'This case is finalized: it can no longer be changed.',
  CASE_SIGNED: 'This case is signed: it can no longer be changed.',
  EMR_LOCKDOWN: EMR_LOCKDOWN_MESSAGE,
  EDITING_WINDOW_CLOSED: 'The provider editing window of 24 hours has closed: this case can no longer be changed.',
} as const satisfies Record<string, string>;

export type RefusalCode = keyof typeof REFUSAL_TEXTS;

/** Whether a code is one of the catalogue's (its text reads the same on every screen). */
export function isRefusalCode(code: string): code is RefusalCode {
  return Object.hasOwn(REFUSAL_TEXTS, code);
}

/** A screen's own wording of some codes. */
export type RefusalWording = Partial<Record<string, string>>;

/** The text for a refusal `code`: the screen's own wording, else the catalogue's, else 'An unknown error occurred'. */
export function refusalText(code: string | null | undefined, wording: RefusalWording = {}): string {
  if (!code) return wording.default ?? AUTH_TEXTS.unknownError;
  return wording[code] ?? (REFUSAL_TEXTS as Record<string, string>)[code] ?? wording.default ?? AUTH_TEXTS.unknownError;
}
