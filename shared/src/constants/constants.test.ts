import { describe, expect, it } from 'vitest';
import * as shell from './shell.js';
import * as kase from './case.js';
import * as widgets from './widgets.js';

const s = 1000;
const min = 60 * s;
const day = 24 * 60 * min;

describe('spec 000 §9 shell constants', () => {
  it.each([
    ['idle timeout 30 seconds', shell.IDLE_TIMEOUT_MS, 30 * s],
    ['user inactive threshold 2 minutes', shell.USER_INACTIVE_THRESHOLD_MS, 2 * min],
    ['time-difference threshold 2 minutes in configuration', shell.TIME_DIFFERENCE_THRESHOLD_MS, 2 * min],
    ['time-difference bundle default 5 minutes', shell.TIME_DIFFERENCE_THRESHOLD_BUNDLE_DEFAULT_MS, 5 * min],
    ['session renew age 10 minutes in configuration', shell.SESSION_RENEW_AGE_MS, 10 * min],
    ['session renew age default 3 minutes', shell.SESSION_RENEW_AGE_DEFAULT_MS, 3 * min],
    ['failed session retry 30 seconds', shell.FAILED_SESSION_RETRY_MS, 30 * s],
    ['live event retry after failure 60 seconds', shell.LIVE_EVENT_FAILED_REMOVE_MS, 60 * s],
    ['live event reconnect after close 1 second', shell.LIVE_EVENT_RECONNECT_MS, 1 * s],
    ['identity cookie lifetime 180 days', shell.IDENTITY_COOKIE_LIFETIME_MS, 180 * day],
    ['identity cookie polled every 3 seconds', shell.IDENTITY_COOKIE_POLL_MS, 3 * s],
    ['token cookie re-read every 10 seconds', shell.TOKEN_COOKIE_REREAD_MS, 10 * s],
    ['referral cookie 10 years', shell.REFERRAL_COOKIE_LIFETIME_MS, 3650 * day],
    ['anonymous user id cookie 10 years', shell.ANONYMOUS_ID_COOKIE_LIFETIME_MS, 3650 * day],
    ['minimum password length 8', shell.MIN_PASSWORD_LENGTH, 8],
    ['MFA code length 6 digits', shell.MFA_CODE_LENGTH, 6],
    [
      'MFA code valid 10 minutes (decision: the server keeps a code open that long)',
      shell.MFA_CODE_VALIDITY_MS,
      10 * min,
    ],
    ['org ID check debounce 500 ms', shell.ORG_ID_CHECK_DEBOUNCE_MS, 500],
    ['address element submit debounce 300 ms', shell.ADDRESS_SUBMIT_DEBOUNCE_MS, 300],
    ['sudo validity margin 120000 ms', shell.SUDO_VALIDITY_MARGIN_MS, 120_000],
    ['sudo banner red at 1 minute', shell.SUDO_BANNER_RED_MS, 1 * min],
    ['verified-email redirect delay 2500 ms', shell.VERIFIED_EMAIL_REDIRECT_MS, 2500],
    ['window resize debounce 300 ms', shell.WINDOW_RESIZE_DEBOUNCE_MS, 300],
    ['cache max age 5 days', shell.CACHE_MAX_AGE_MS, 5 * day],
    ['copy confirmation 2 seconds', shell.COPY_CONFIRMATION_MS, 2 * s],
    ['save button error reset 5 seconds', shell.SAVE_BUTTON_ERROR_RESET_MS, 5 * s],
    ['calendar selected-day popup 240 px', shell.CALENDAR_SELECTED_DAY_POPUP_WIDTH_PX, 240],
    ['privacy-updated date shown 2 weeks', shell.PRIVACY_UPDATED_DISPLAY_MS, 14 * day],
    ["'NEW' badge 15 days", shell.NEW_BADGE_MS, 15 * day],
    ['max case duration 5 days in development', shell.MAX_CASE_DURATION_MS.development, 5 * day],
    ['max case duration 270 minutes in production', shell.MAX_CASE_DURATION_MS.production, 270 * min],
    ['provider editing window 24 hours', shell.PROVIDER_EDITING_WINDOW_MS, 24 * 60 * min],
    ['report review fetch size 20', shell.REPORT_REVIEW_FETCH_SIZE, 20],
    ['max providers for all-analytics search 10', shell.MAX_PROVIDERS_ALL_ANALYTICS, 10],
    ['appointment page count 50', shell.APPOINTMENT_PAGE_COUNT, 50],
    ['lazy-load retries 3 (spec 000 §8)', shell.LAZY_LOAD_RETRIES, 3],
    ['lazy-load retry interval 100 ms (spec 000 §8)', shell.LAZY_LOAD_RETRY_INTERVAL_MS, 100],
    ['re-sign-in loop guard 10 seconds (spec 000 §8)', shell.RESIGNIN_LOOP_GUARD_MS, 10 * s],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('has viewport breakpoints at 600 px and 960 px', () => {
    expect(shell.VIEWPORT_BREAKPOINTS_PX).toEqual({ sm: 600, md: 960 });
  });

  it('has image gallery max width 480, gap 2, expanded 960, double-tap guard 300 ms', () => {
    expect(shell.IMAGE_GALLERY).toEqual({ maxWidth: 480, gap: 2, expandedWidth: 960, doubleTapGuardMs: 300 });
  });

  it('lists the card brand logos and the SMS phone countries', () => {
    expect(shell.CARD_BRANDS).toEqual(['amex', 'diners', 'discover', 'jcb', 'mastercard', 'visa']);
    expect(shell.PHONE_COUNTRIES).toEqual(['CAN', 'USA', 'GBR', 'AUS']);
  });

  it('has the Markdown editor defaults of spec 000 §5', () => {
    expect(shell.MARKDOWN_EDITOR).toEqual({ maxLength: 100000, imageMaxSize: 500, jpegQuality: 70, heightPx: 500 });
  });

  it('toggles new onboarding on in development only and the verification email in production only', () => {
    expect(shell.CONFIG_FEATURE_TOGGLES.newOnboardingFlow).toEqual({ development: true, production: false });
    expect(shell.CONFIG_FEATURE_TOGGLES.verificationEmail).toEqual({ development: false, production: true });
  });

  it('names the token cookie tok in production and dev-tok in development (spec 000 §7)', () => {
    expect(shell.TOKEN_COOKIE_NAMES).toEqual({ production: 'tok', development: 'dev-tok' });
  });

  it('words the shell texts exactly as spec 000 §2 and §8', () => {
    expect(shell.SHELL_TEXTS.notFound('/nope')).toBe('Could not find page: /nope');
    expect(shell.SHELL_TEXTS.subAppFailed).toBe(
      'This page failed to load for some reason. Please try again. If the problem persists, please contact support',
    );
    expect(shell.SHELL_TEXTS.clockAhead('3 minutes')).toBe('3 minutes ahead');
    expect(shell.SHELL_TEXTS.clockBehind('1 hour')).toBe('1 hour behind');
    expect(shell.SHELL_TEXTS.welcomeTitle).toBe('Which org do you want to view?');
    expect(shell.APP_NAMES).toEqual({ team: 'Vigil Team', parent: 'Admin Dashboard', default: 'Case Manager' });
  });
});

describe('spec 001 §9 case constants', () => {
  it.each([
    ['save retry wait 10 s', kase.SAVE_RETRY_WAIT_MS, 10 * s],
    ['out-of-sync resync wait 30 s', kase.OUT_OF_SYNC_RESYNC_WAIT_MS, 30 * s],
    ['local hash debounce 500 ms', kase.LOCAL_HASH_DEBOUNCE_MS, 500],
    ['token cookie lifetime 180 days', kase.TOKEN_COOKIE_LIFETIME_MS, 180 * day],
    ['base vitals interval 5 minutes', kase.DEFAULT_VITALS_INTERVAL_MS, 5 * min],
    ['anesthesia unit is 15 minutes', kase.ANESTHESIA_UNIT_MINUTES, 15],
    ['unit conversion step 1000', kase.MASS_UNIT_STEP, 1000],
    ['organization provider count default 0', kase.DEFAULT_PROVIDER_COUNT, 0],
    ['random id length 14', kase.ID_RANDOM_LENGTH, 14],
    ['valid BMI cap 250', kase.BMI_VALID_CAP, 250],
    ['one cartridge is 1.8 mL', kase.CARTRIDGE_ML, 1.8],
    ['2.54 cm per inch', kase.CM_PER_INCH, 2.54],
    ['0.45359237 kg per lb', kase.KG_PER_LB, 0.45359237],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('hashes with SHA-1, intervals are 5 or 10 minutes, default country US', () => {
    expect(kase.CONTENT_HASH_ALGORITHM).toBe('SHA-1');
    expect(kase.VITALS_INTERVALS_MINUTES).toEqual([5, 10]);
    expect(kase.DEFAULT_COUNTRY).toBe('US');
  });

  it('defaults temperature to 98.7 F or 37 C', () => {
    expect(kase.DEFAULT_TEMPERATURE).toEqual({ F: 98.7, C: 37 });
  });

  it('limits addenda to 100 / 4000 / 100 / 20000 characters', () => {
    expect(kase.ADDENDUM_LIMITS).toEqual({ title: 100, text: 4000, signerName: 100, signature: 20000 });
  });

  it('starts vitals at sbp 120, dbp 80, hr 80, spo2 100, rr 16, etco2 40', () => {
    expect(kase.DEFAULT_VITALS_START_VALUES).toEqual({ sbp: 120, dbp: 80, hr: 80, spo2: 100, rr: 16, etco2: 40 });
  });

  it('counts BMI at most 18 or above 24 as a health alert', () => {
    expect(kase.HEALTH_ALERT_BMI).toEqual({ lowAtMost: 18, highAbove: 24 });
  });

  it('lists the negative answers counted as none', () => {
    expect(kase.NEGATIVE_ANSWERS).toEqual(['n', 'no', 'non', 'none', 'nkda', 'no known', 'n/a', 'nka']);
    expect(kase.NEGATIVE_ANSWERS_LUNGS).toEqual(['ctab']);
    expect(kase.NEGATIVE_ANSWERS_HEART).toEqual(['rrr', 'rrr w/o murmur']);
    expect(kase.NEGATIVE_ANSWERS_ANESTHESIA_HISTORY).toEqual(['no known anesthesia complications']);
  });

  it('targets Aldrete 12 and PADS 9', () => {
    expect(kase.DISCHARGE_TARGETS).toEqual({ aldrete: 12, pads: 9 });
  });

  it('words the save messages exactly as spec 001 §8', () => {
    expect(kase.SAVE_MESSAGES.loading).toBe('loading...');
    expect(kase.SAVE_MESSAGES.loadFailed).toBe('failed to load');
    expect(kase.SAVE_MESSAGES.saving).toBe('saving...');
    expect(kase.SAVE_MESSAGES.resyncing).toBe('attempting to resync...');
    expect(kase.SAVE_MESSAGES.failedRetrying(10)).toBe('failed to save, retrying in 10s');
    expect(kase.SAVE_MESSAGES.failedCountRetrying(3, 7)).toBe('failed 3x, retrying in 7s');
    expect(kase.SAVE_MESSAGES.saved).toBe('saved');
    expect(kase.SAVE_MESSAGES.waitingToSync).toBe('waiting to sync with the server...');
  });

  it('words the finalize steps exactly as spec 001 §8', () => {
    expect(kase.FINALIZE_STEP_MESSAGES).toEqual({
      pdfGen: 'Generating PDF',
      saveUpdates: 'Saving report',
      emrSaveStarted: 'Attempting to save to EMR',
      savedToEmr: 'EMR save completed',
      emrSaveFailed: 'EMR save failed',
    });
  });
});

describe('spec 002 §9 widget constants', () => {
  it('sizes the signature canvas min(window, 660) × 300 with 10 px touch and 2 px pen offsets, 2 decimals, 0.66 in the report', () => {
    expect(widgets.SIGNATURE_CANVAS).toEqual({
      maxWidth: 660,
      height: 300,
      touchOffsetPx: 10,
      penOffsetPx: 2,
      coordinateDecimals: 2,
      reportFooterScale: 0.66,
    });
  });

  it('captures selfies 480×480 cropping 40 px as PNG, and images 480×480 at 0.8 as WebP on white', () => {
    expect(widgets.SELFIE).toEqual({ videoSize: 480, borderCropPx: 40, format: 'image/png' });
    expect(widgets.IMAGE_INPUT).toEqual({ targetSize: 480, quality: 0.8, format: 'image/webp', background: 'white' });
  });

  it('repeats after 180 ms every 90 ms, ×0.5 after 2 s and ×0.4 after 4 s', () => {
    expect(widgets.HOLD_TO_REPEAT).toEqual({
      delayMs: 180,
      repeatMs: 90,
      speedups: [
        { afterMs: 2000, factor: 0.5 },
        { afterMs: 4000, factor: 0.4 },
      ],
    });
  });

  it('hides vitals after 60 s, delays at 20 s and 30 s, blanks BP after 6 minutes and others 5 s before the newest', () => {
    expect(widgets.VITALS_FRESHNESS).toEqual({
      hideAfterMs: 60 * s,
      delayedOrangeAfterMs: 20 * s,
      delayedRedAfterMs: 30 * s,
      defaultMaxVitalAgeMs: 60 * s,
      bloodPressureBlankAfterMs: 6 * min,
      otherVitalsBlankOlderThanNewestMs: 5 * s,
    });
  });

  it('has the report chart constants', () => {
    expect(widgets.REPORT_CHART).toEqual({
      rowHeight: 16,
      leftGutter: 100,
      rightGutter: 72,
      minColumnWidth: 37,
      minColumns: { small: 8, large: 14 },
      columnStepMinutes: [5, 10],
      vitalsAxisMinMax: 130,
      vitalsGuideEvery: 50,
      waveformRanges: { pleth: [-50, 150], etco2: [-100, 4100], respirogram: [0, 100], ecg: [-200, 600] },
      maxWaveformRows: 3,
    });
  });

  it('shows the month plus a week either side, Sunday first, cells at least 64 px', () => {
    expect(widgets.CALENDAR).toEqual({ paddingWeeks: 1, weekStartsOn: 0, minDayCellHeightPx: 64 });
  });

  it('keeps 20 recent actions within 10000 bytes, 5 suggestions and 4 approximate matches', () => {
    expect(widgets.RECENT_ACTIONS).toEqual({ max: 20, maxBytes: 10000 });
    expect(widgets.MAX_SMART_SUGGESTIONS).toBe(5);
    expect(widgets.MAX_APPROXIMATE_DRUG_MATCHES).toBe(4);
  });

  it('bands BMI colours at 18 blue, 24 green, 29 yellow, 39 orange, then red', () => {
    expect(widgets.BMI_COLOUR_BANDS.map((b) => [b.upTo, b.colour])).toEqual([
      [18, 'blue'],
      [24, 'green'],
      [29, 'yellow'],
      [39, 'orange'],
      [Infinity, 'red'],
    ]);
  });

  it('numbers the log levels trace 10 to fatal 60', () => {
    expect(widgets.LOG_LEVELS).toEqual({ trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 });
  });

  it.each([
    ['preset saved message closes after 2000 ms', widgets.PRESET_SAVED_CLOSE_MS, 2000],
    ['health history completion closes after 1500 ms', widgets.HEALTH_HISTORY_COMPLETE_CLOSE_MS, 1500],
    ['promise button resets after 1500 ms (spec 002 §4)', widgets.PROMISE_BUTTON_RESET_MS, 1500],
    ['health history status cutoff 6 months', widgets.HEALTH_HISTORY_STATUS_CUTOFF_MONTHS, 6],
    ['pre-op vitals lookback 30 days', widgets.PRE_OP_VITALS_LOOKBACK_DAYS, 30],
    ['pre-meds lookback 30 days', widgets.PRE_MEDS_LOOKBACK_DAYS, 30],
    ['preset dialog 500 px (spec 002 §2)', widgets.PRESET_DIALOG_WIDTH_PX, 500],
    ['token cookie re-read every 10 seconds', widgets.TOKEN_REREAD_MS, 10 * s],
    ['height max 120 in', widgets.HEIGHT_MAX_IN, 120],
    ['weight max 650 kg', widgets.WEIGHT_MAX_KG, 650],
    ['anonymous user id cookie 10 years', widgets.ANONYMOUS_ID_COOKIE_MS, 3650 * day],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('shows the manual vitals age badge green to 30 days, red above 60; months after 90, years after 365', () => {
    expect(widgets.MANUAL_VITALS_AGE_BADGE).toEqual({
      greenUpToDays: 30,
      redAboveDays: 60,
      monthsAfterDays: 90,
      yearsAfterDays: 365,
    });
  });

  it('defaults the report to print width 1080, 24 h, titles of 100, missing items listed up to 2', () => {
    expect(widgets.REPORT_DEFAULTS).toEqual({
      printWidth: 1080,
      maxDurationMs: 24 * 60 * min,
      titleMaxLength: 100,
      missingItemsListedUpTo: 2,
    });
  });

  it('shows 5 thumbnails at 480 wide with gaps 8 or 16 px, fade 48, dialog 500 px', () => {
    expect(widgets.IMAGE_VIEWER).toEqual({
      visibleThumbnails: 5,
      maxWidth: 480,
      gapSizes: { 2: 8, 3: 16 },
      fadeWidth: 48,
      dialogWidthPx: 500,
    });
  });

  it('generates sample vitals rr 12-14, spo2 96-99, etco2 30-35, hr 60-80', () => {
    expect(widgets.SAMPLE_VITAL_RANGES).toEqual({ rr: [12, 14], spo2: [96, 99], etco2: [30, 35], hr: [60, 80] });
  });

  it('offers a 30-day trial with Advanced as Most Popular and charts six fluid types', () => {
    expect(widgets.PRICING).toEqual({ trialDays: 30, mostPopularPlan: 'advanced' });
    expect(widgets.FLUID_SOLUTION_TYPES).toEqual(['D5LR', 'D5NS', 'D5W', 'LR', 'D5½NS', 'NS']);
  });
});
