import { DAY, HOUR, MINUTE, SECOND } from './time.js';

/**
 * Business constants and limits of the supporting screens and widgets (spec 002 §9).
 * The drug catalogues of the same section (local anesthetics, inhalation agents, oral
 * sedatives) live with their rules under `src/rules/`. Durations are milliseconds.
 */

/** Signature canvas (spec 002 §9). Width is min(window width, 660). */
export const SIGNATURE_CANVAS = {
  maxWidth: 660,
  height: 300,
  touchOffsetPx: 10,
  penOffsetPx: 2,
  coordinateDecimals: 2,
  reportFooterScale: 0.66,
} as const;

/** Selfie capture (spec 002 §9). */
export const SELFIE = { videoSize: 480, borderCropPx: 40, format: 'image/png' } as const;

/** Image input defaults (spec 002 §9). */
export const IMAGE_INPUT = { targetSize: 480, quality: 0.8, format: 'image/webp', background: 'white' } as const;

/** Hold-to-repeat on incrementors (spec 002 §9): delay, repeat, then faster ×0.5 after 2 s and ×0.4 after 4 s. */
export const HOLD_TO_REPEAT = {
  delayMs: 180,
  repeatMs: 90,
  speedups: [
    { afterMs: 2 * SECOND, factor: 0.5 },
    { afterMs: 4 * SECOND, factor: 0.4 },
  ],
} as const;

/** Vitals banner freshness (spec 002 §4, §9). */
export const VITALS_FRESHNESS = {
  hideAfterMs: 60 * SECOND,
  delayedOrangeAfterMs: 20 * SECOND,
  delayedRedAfterMs: 30 * SECOND,
  defaultMaxVitalAgeMs: 60 * SECOND,
  bloodPressureBlankAfterMs: 6 * MINUTE,
  otherVitalsBlankOlderThanNewestMs: 5 * SECOND,
} as const;

/** Pricing (spec 002 §9). */
export const PRICING = { trialDays: 30, mostPopularPlan: 'advanced' } as const;

/** Printable report combo chart (spec 002 §9). */
export const REPORT_CHART = {
  rowHeight: 16,
  leftGutter: 100,
  rightGutter: 72,
  minColumnWidth: 37,
  minColumns: { small: 8, large: 14 },
  columnStepMinutes: [5, 10],
  vitalsAxisMinMax: 130,
  vitalsGuideEvery: 50,
  waveformRanges: {
    pleth: [-50, 150],
    etco2: [-100, 4100],
    respirogram: [0, 100],
    ecg: [-200, 600],
  },
  maxWaveformRows: 3,
} as const;

/** Fluid solution types, each charted in its own colour (spec 002 §9). */
export const FLUID_SOLUTION_TYPES = ['D5LR', 'D5NS', 'D5W', 'LR', 'D5½NS', 'NS'] as const;

/** Calendar (spec 002 §9): the month plus one week either side, weeks start on Sunday, cells ≥ 64 px. */
export const CALENDAR = { paddingWeeks: 1, weekStartsOn: 0, minDayCellHeightPx: 64 } as const;

/** Recent actions log (spec 002 §9). */
export const RECENT_ACTIONS = { max: 20, maxBytes: 10_000 } as const;

/** Smart suggestions shown at most; approximate drug lookup matches at most (spec 002 §5, §9). */
export const MAX_SMART_SUGGESTIONS = 5;
export const MAX_APPROXIMATE_DRUG_MATCHES = 4;

/** BMI colour bands, upper bounds inclusive (spec 002 §9). */
export const BMI_COLOUR_BANDS = [
  { upTo: 18, colour: 'blue' },
  { upTo: 24, colour: 'green' },
  { upTo: 29, colour: 'yellow' },
  { upTo: 39, colour: 'orange' },
  { upTo: Number.POSITIVE_INFINITY, colour: 'red' },
] as const;

/** Log levels (spec 002 §9). */
export const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type LogLevel = keyof typeof LOG_LEVELS;

/** Dialog auto-close timings (spec 002 §9). */
export const PRESET_SAVED_CLOSE_MS = 2000;
export const HEALTH_HISTORY_COMPLETE_CLOSE_MS = 1500;
/** Copy or promise button resets after (spec 002 §4). */
export const PROMISE_BUTTON_RESET_MS = 1500;

/** Health history and vitals lookbacks (spec 002 §4, §9). */
export const HEALTH_HISTORY_STATUS_CUTOFF_MONTHS = 6;
export const PRE_OP_VITALS_LOOKBACK_DAYS = 30;
export const PRE_MEDS_LOOKBACK_DAYS = 30;

/** Manual vitals age badge (spec 002 §9): green ≤ 30 days, orange above 30, red above 60; days, months after 90, years after 365. */
export const MANUAL_VITALS_AGE_BADGE = {
  greenUpToDays: 30,
  redAboveDays: 60,
  monthsAfterDays: 90,
  yearsAfterDays: 365,
} as const;

/** Report defaults (spec 002 §3, §9). */
export const REPORT_DEFAULTS = {
  printWidth: 1080,
  maxDurationMs: 24 * HOUR,
  titleMaxLength: 100,
  missingItemsListedUpTo: 2,
} as const;

/** Image viewer (spec 002 §9). */
export const IMAGE_VIEWER = {
  visibleThumbnails: 5,
  maxWidth: 480,
  gapSizes: { 2: 8, 3: 16 },
  fadeWidth: 48,
  dialogWidthPx: 500,
} as const;

/** Preset dialog width (spec 002 §2). */
export const PRESET_DIALOG_WIDTH_PX = 500;

/** Sample vital generators for fake data, inclusive ranges (spec 002 §9). */
export const SAMPLE_VITAL_RANGES = {
  rr: [12, 14],
  spo2: [96, 99],
  etco2: [30, 35],
  hr: [60, 80],
} as const;

/** Token cookie re-read interval (spec 002 §9). */
export const TOKEN_REREAD_MS = 10 * SECOND;

/** Patient measurement maxima (spec 002 §9). */
export const HEIGHT_MAX_IN = 120;
export const WEIGHT_MAX_KG = 650;

/** Local drug-name cache version; names are cached indefinitely (spec 002 §7). */
export const DRUG_NAME_CACHE_VERSION = 1;

/** Anonymous user id cookie (spec 002 §9). */
export const ANONYMOUS_ID_COOKIE_DAYS = 10 * 365;
export const ANONYMOUS_ID_COOKIE_MS = ANONYMOUS_ID_COOKIE_DAYS * DAY;
