import { DEFAULT_VITALS_START_VALUES } from '../constants/case.js';
import { MINUTE } from '../constants/time.js';
import { VITALS_FRESHNESS } from '../constants/widgets.js';

/** Vital types with limits (spec 001 §5, spec 002 §5). Temperature has a limit per unit. */
export type LimitedVital =
  'sbp' | 'dbp' | 'hr' | 'spo2' | 'rr' | 'etco2' | 'temp' | 'peep' | 'pip' | 'tidalVolume' | 'rss' | 'gcs' | 'ess';
export type TemperatureUnit = 'C' | 'F';

export interface VitalRange {
  readonly min: number;
  readonly max: number;
}

/** [VT1] Vital limits, inclusive (spec 001 §5; spec 002 §5). Temperature 0–50 C or 0–122 F. */
export const VITAL_LIMITS: Readonly<Record<Exclude<LimitedVital, 'temp'>, VitalRange>> & {
  readonly temp: Readonly<Record<TemperatureUnit, VitalRange>>;
} = {
  sbp: { min: 0, max: 400 },
  dbp: { min: 0, max: 400 },
  hr: { min: 0, max: 500 },
  spo2: { min: 1, max: 100 },
  rr: { min: 0, max: 200 },
  etco2: { min: 0, max: 1500 },
  temp: { C: { min: 0, max: 50 }, F: { min: 0, max: 122 } },
  peep: { min: 0, max: 50 },
  pip: { min: 0, max: 50 },
  tidalVolume: { min: 0, max: 10000 },
  rss: { min: 1, max: 6 },
  gcs: { min: 3, max: 15 },
  ess: { min: -5, max: 4 },
};

/** The range of a vital type; temperature needs its unit. Null for a type without a limit. */
export function vitalRange(type: string, tempUnit: TemperatureUnit = 'F'): VitalRange | null {
  if (type === 'temp' || type === 'temperature') return VITAL_LIMITS.temp[tempUnit];
  return Object.hasOwn(VITAL_LIMITS, type) ? VITAL_LIMITS[type as Exclude<LimitedVital, 'temp'>] : null;
}

/** A manual vital field after reading: value null means empty. */
export interface ManualVitalValue {
  readonly value: number | null;
  readonly error: string | null;
}

/**
 * [VT2] Manual vital entry (spec 002 §5): text without digits and zero become empty; text with
 * digits that is not a number gives 'invalid value'; outside the type's range 'max is {n}' or
 * 'min is {n}'. Zero is kept for ESS, whose range runs below zero (docs/decisions.md). The
 * temperature unit is required: the organisation's (tempsInCelsius), never a silent default.
 */
export function readManualVital(text: string, type: string, tempUnit: TemperatureUnit): ManualVitalValue {
  const t = text.trim();
  if (!/\d/.test(t)) return { value: null, error: null };
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(t)) return { value: null, error: 'invalid value' };
  const n = Number(t);
  const range = vitalRange(type, tempUnit);
  if (n === 0 && !(range != null && range.min < 0)) return { value: null, error: null };
  if (range != null && n > range.max) return { value: n, error: `max is ${range.max}` };
  if (range != null && n < range.min) return { value: n, error: `min is ${range.min}` };
  return { value: n, error: null };
}

/**
 * [VT10] A stored vital value checked against its range (spec 001 §5; spec 002 §5): 'max is {n}'
 * or 'min is {n}', 'invalid value' when not finite, else null. Unlike typed entry (VT2), a stored
 * 0 is a value, not empty: a stored spo2, GCS or RSS of 0 is below its minimum.
 */
export function storedVitalError(value: number, type: string, tempUnit: TemperatureUnit): string | null {
  if (!Number.isFinite(value)) return 'invalid value';
  const range = vitalRange(type, tempUnit);
  if (range != null && value > range.max) return `max is ${range.max}`;
  if (range != null && value < range.min) return `min is ${range.min}`;
  return null;
}

/**
 * [VT10] The unit a stored temperature is checked in: the unit stored with the reading, else the
 * organisation's unit (tempsInCelsius, spec 000 §4), else read from the value itself, up to 50 as
 * C and above 50 as F (0–50 is the whole C range; every normal or febrile F value is above 50).
 */
export function storedTemperatureUnit(
  value: number,
  readingUnit: TemperatureUnit | null | undefined,
  orgUnit: TemperatureUnit | null | undefined,
): TemperatureUnit {
  return readingUnit ?? orgUnit ?? (value <= VITAL_LIMITS.temp.C.max ? 'C' : 'F');
}

/** [VT3] A manual vitals entry can be saved only with no errors and at least one value (spec 002 §5). */
export function canSaveManualVitals(values: readonly ManualVitalValue[]): boolean {
  return values.every((v) => v.error == null) && values.some((v) => v.value != null);
}

/** [VT4] The vitals interval: 10 minutes if set to 10, otherwise the base 5 (spec 001 §9). */
export function vitalsIntervalMinutes(setting: unknown): 5 | 10 {
  return setting === 10 || setting === '10' ? 10 : 5;
}

/**
 * [VT5] Vital checkpoints fall on multiples of the interval from case start (spec 001 §9):
 * every checkpoint time from `from` to `to` inclusive, in epoch ms.
 */
export function vitalCheckpoints(caseStart: number, from: number, to: number, intervalMinutes: 5 | 10): number[] {
  const step = intervalMinutes * MINUTE;
  const first = Math.max(0, Math.ceil((from - caseStart) / step));
  const out: number[] = [];
  for (let k = first; caseStart + k * step <= to; k++) out.push(caseStart + k * step);
  return out;
}

/** [VT5] Whether a time is a checkpoint: a whole multiple of the interval after case start. */
export function isVitalCheckpoint(time: number, caseStart: number, intervalMinutes: 5 | 10): boolean {
  const delta = time - caseStart;
  return delta >= 0 && delta % (intervalMinutes * MINUTE) === 0;
}

/** [VT6] Default start values: sbp 120, dbp 80, hr 80, spo2 100, rr 16, etco2 40; others not shown → null (spec 001 §9). */
export function defaultVitalStartValue(type: string): number | null {
  return Object.hasOwn(DEFAULT_VITALS_START_VALUES, type)
    ? DEFAULT_VITALS_START_VALUES[type as keyof typeof DEFAULT_VITALS_START_VALUES]
    : null;
}

/** The banner's delayed text (spec 002 §4, §8). */
export const DATA_IS_DELAYED = 'Data is delayed';

export interface BannerFreshness {
  readonly hidden: boolean;
  readonly delayed: 'orange' | 'red' | null;
}

/**
 * [VT7] Vitals banner freshness (spec 002 §4, §9): data older than 60 s is hidden unless local;
 * for non-local data older than 20 s an orange 'Data is delayed', older than 30 s a red one.
 */
export function vitalsBannerFreshness(lastUpdated: number, now: number, isLocal: boolean): BannerFreshness {
  if (isLocal) return { hidden: false, delayed: null };
  const age = now - lastUpdated;
  const f = VITALS_FRESHNESS;
  if (age > f.hideAfterMs) return { hidden: true, delayed: null };
  if (age > f.delayedRedAfterMs) return { hidden: false, delayed: 'red' };
  if (age > f.delayedOrangeAfterMs) return { hidden: false, delayed: 'orange' };
  return { hidden: false, delayed: null };
}

export interface TimedVital {
  readonly id: string;
  readonly value: number | null;
  readonly time: number;
}

const BLOOD_PRESSURE_IDS = ['sbp', 'dbp', 'map', 'bp'];

/**
 * [VT8] Vital blanking on the banner (spec 002 §9): blood pressure (sbp, dbp, map) is blanked
 * 6 minutes after its reading; every other vital is blanked when older than 5 s before the
 * newest non-blood-pressure reading. Returns the vitals with blanked values set to null.
 */
export function blankStaleVitals(vitals: readonly TimedVital[], now: number): TimedVital[] {
  const others = vitals.filter((v) => !BLOOD_PRESSURE_IDS.includes(v.id) && v.value != null);
  const newest = others.length === 0 ? null : Math.max(...others.map((v) => v.time));
  return vitals.map((v) => {
    const stale = BLOOD_PRESSURE_IDS.includes(v.id)
      ? now - v.time > VITALS_FRESHNESS.bloodPressureBlankAfterMs
      : newest != null && newest - v.time > VITALS_FRESHNESS.otherVitalsBlankOlderThanNewestMs;
    return stale ? { ...v, value: null } : v;
  });
}

/** [VT9] Temperature conversion between C and F, to 1 decimal. */
export function convertTemperature(value: number, from: TemperatureUnit, to: TemperatureUnit): number {
  if (from === to) return value;
  const v = from === 'C' ? (value * 9) / 5 + 32 : ((value - 32) * 5) / 9;
  return Math.round(v * 10) / 10;
}
