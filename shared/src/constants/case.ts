import { DAY, MINUTE, SECOND } from './time.js';

/** Business constants and limits of the clinical case record (spec 001 §9). Durations are milliseconds. */

/** A failed save waits this long before retrying (spec 001 §9). */
export const SAVE_RETRY_WAIT_MS = 10 * SECOND;
/** Out of sync this long triggers a full resync (spec 001 §9). */
export const OUT_OF_SYNC_RESYNC_WAIT_MS = 30 * SECOND;
/** The local content hash is recomputed at most this often (spec 001 §9). */
export const LOCAL_HASH_DEBOUNCE_MS = 500;
/** Content hash algorithm (spec 001 §9). */
export const CONTENT_HASH_ALGORITHM = 'SHA-1';
/** Token cookie lifetime (spec 001 §7, §9). */
export const TOKEN_COOKIE_LIFETIME_MS = 180 * DAY;
/** Base vitals interval 5 minutes, or 10 if set to 10 (spec 001 §9). */
export const VITALS_INTERVALS_MINUTES = [5, 10] as const;
export const DEFAULT_VITALS_INTERVAL_MS = 5 * MINUTE;
/** Anesthesia units are anesthesia minutes divided by this, to 1 decimal (spec 001 §9). */
export const ANESTHESIA_UNIT_MINUTES = 15;
/** Unit conversion step between g, mg and mcg (spec 001 §9). */
export const MASS_UNIT_STEP = 1000;
/** Health alert count: BMI at most 18 or above 24 adds one (spec 001 §9). */
export const HEALTH_ALERT_BMI = { lowAtMost: 18, highAbove: 24 } as const;
/** Defaults (spec 001 §9). */
export const DEFAULT_PROVIDER_COUNT = 0;
export const DEFAULT_COUNTRY = 'US';
export const DEFAULT_TEMPERATURE = { F: 98.7, C: 37 } as const;
/** Ids are random 14-character alphanumerics with prefixes (spec 001 §9). */
export const ID_RANDOM_LENGTH = 14;
/** Addendum limits in characters (spec 001 §5, §9). */
export const ADDENDUM_LIMITS = { title: 100, text: 4000, signerName: 100, signature: 20000 } as const;
/** BMI above this is not valid (spec 001 §5, §9). */
export const BMI_VALID_CAP = 250;
/** Default vitals start values (spec 001 §9). */
export const DEFAULT_VITALS_START_VALUES = { sbp: 120, dbp: 80, hr: 80, spo2: 100, rr: 16, etco2: 40 } as const;
/** Negative answers counted as none for health summaries (spec 001 §9, spec 002 §5). */
export const NEGATIVE_ANSWERS = ['n', 'no', 'non', 'none', 'nkda', 'no known', 'n/a', 'nka'] as const;
export const NEGATIVE_ANSWERS_LUNGS = ['ctab'] as const;
export const NEGATIVE_ANSWERS_HEART = ['rrr', 'rrr w/o murmur'] as const;
export const NEGATIVE_ANSWERS_ANESTHESIA_HISTORY = ['no known anesthesia complications'] as const;
/** One local anesthetic cartridge in mL (spec 001 §9, spec 002 §9). */
export const CARTRIDGE_ML = 1.8;
/** Length conversion: centimetres per inch (spec 001 §9). */
export const CM_PER_INCH = 2.54;
/** Mass conversion: kilograms per pound (spec 001 §9). */
export const KG_PER_LB = 0.45359237;
/** Discharge target scores (spec 001 §5). */
export const DISCHARGE_TARGETS = { aldrete: 12, pads: 9 } as const;

/** Save messages (spec 001 §8). */
export const SAVE_MESSAGES = {
  loading: 'loading...',
  loadFailed: 'failed to load',
  saving: 'saving...',
  resyncing: 'attempting to resync...',
  failedRetrying: (seconds: number): string => `failed to save, retrying in ${seconds}s`,
  failedCountRetrying: (count: number, seconds: number): string => `failed ${count}x, retrying in ${seconds}s`,
  saved: 'saved',
  waitingToSync: 'waiting to sync with the server...',
} as const;

/** Finalize step messages (spec 001 §8). */
export const FINALIZE_STEP_MESSAGES = {
  pdfGen: 'Generating PDF',
  saveUpdates: 'Saving report',
  emrSaveStarted: 'Attempting to save to EMR',
  savedToEmr: 'EMR save completed',
  emrSaveFailed: 'EMR save failed',
} as const;
