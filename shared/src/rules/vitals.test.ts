import { describe, expect, it } from 'vitest';
import {
  DATA_IS_DELAYED,
  VITAL_LIMITS,
  blankStaleVitals,
  canSaveManualVitals,
  convertTemperature,
  defaultVitalStartValue,
  isVitalCheckpoint,
  readManualVital,
  storedTemperatureUnit,
  storedVitalError,
  vitalCheckpoints,
  vitalRange,
  vitalsBannerFreshness,
  vitalsIntervalMinutes,
} from './vitals.js';

const S = 1000;
const MIN = 60 * S;

describe('vital limits', () => {
  it.each([
    ['sbp', 0, 400],
    ['dbp', 0, 400],
    ['hr', 0, 500],
    ['spo2', 1, 100],
    ['rr', 0, 200],
    ['etco2', 0, 1500],
    ['peep', 0, 50],
    ['pip', 0, 50],
    ['tidalVolume', 0, 10000],
    ['rss', 1, 6],
    ['gcs', 3, 15],
    ['ess', -5, 4],
  ])('[VT1] %s is %s–%s', (type, min, max) => {
    expect(vitalRange(type)).toEqual({ min, max });
  });

  it('[VT1] limits temperature to 0–50 C or 0–122 F', () => {
    expect(vitalRange('temp', 'C')).toEqual({ min: 0, max: 50 });
    expect(vitalRange('temperature', 'F')).toEqual({ min: 0, max: 122 });
    expect(VITAL_LIMITS.temp.F.max).toBe(122);
    expect(vitalRange('glucose')).toBeNull();
    expect(vitalRange('toString')).toBeNull();
  });
});

describe('stored vitals', () => {
  it.each([
    // [VT10] a stored 0 is a value: below the minimum where the range starts above 0
    [0, 'spo2', 'F', 'min is 1'],
    [0, 'gcs', 'F', 'min is 3'],
    [0, 'rss', 'F', 'min is 1'],
    [1, 'spo2', 'F', null], // boundary
    [3, 'gcs', 'F', null],
    [1, 'rss', 'F', null],
    [0, 'sbp', 'F', null], // 0–400 includes 0
    [0, 'hr', 'F', null],
    [0, 'ess', 'F', null],
    [100.5, 'spo2', 'F', 'max is 100'],
    // temperature in the given unit
    [50, 'temperature', 'C', null],
    [50.1, 'temperature', 'C', 'max is 50'],
    [98.6, 'temperature', 'C', 'max is 50'],
    [98.6, 'temp', 'F', null],
    [122, 'temp', 'F', null],
    [122.1, 'temp', 'F', 'max is 122'],
    [-0.1, 'temp', 'C', 'min is 0'],
    [Number.NaN, 'hr', 'F', 'invalid value'],
    [Number.POSITIVE_INFINITY, 'hr', 'F', 'invalid value'],
    [500, 'glucose', 'F', null], // no limit known
  ] as const)('[VT10] a stored %s for %s (%s) gives %j', (value, type, unit, err) => {
    expect(storedVitalError(value, type, unit)).toBe(err);
  });

  it.each([
    [37, 'F', 'C', 'F'], // the reading's own unit wins
    [98.6, null, 'C', 'C'], // else the organisation's (then 98.6 is above 50: max is 50)
    [37, null, 'F', 'F'],
    [37, null, null, 'C'], // else from the value: up to 50 is C
    [50, null, null, 'C'], // boundary
    [50.1, null, null, 'F'], // above 50 is F
    [98.6, null, null, 'F'],
  ] as const)(
    '[VT10] a stored temperature %s (reading %s, organisation %s) is checked in %s',
    (v, reading, org, unit) => {
      expect(storedTemperatureUnit(v, reading, org)).toBe(unit);
    },
  );
});

describe('manual vital entry', () => {
  it.each([
    ['120', 'sbp', 'F', 120, null],
    ['401', 'sbp', 'F', 401, 'max is 400'],
    ['400', 'sbp', 'F', 400, null],
    ['0', 'spo2', 'F', null, null], // zero becomes empty
    ['0', 'hr', 'F', null, null],
    ['0.5', 'spo2', 'F', 0.5, 'min is 1'],
    ['abc', 'hr', 'F', null, null], // non-numeric becomes empty
    ['', 'hr', 'F', null, null],
    ['12abc', 'hr', 'F', null, 'invalid value'],
    ['1.2.3', 'hr', 'F', null, 'invalid value'],
    ['51', 'temp', 'C', 51, 'max is 50'],
    ['98.7', 'temp', 'F', 98.7, null],
    ['123', 'temp', 'F', 123, 'max is 122'],
    ['2', 'gcs', 'F', 2, 'min is 3'],
    ['7', 'rss', 'F', 7, 'max is 6'],
    ['-6', 'ess', 'F', -6, 'min is -5'],
    ['0', 'ess', 'F', 0, null], // ESS 0 is a score, kept
    ['55', 'glucose', 'F', 55, null], // no limit known
  ] as const)('[VT2] %j as %s (%s) reads %s with %j', (text, type, unit, value, err) => {
    expect(readManualVital(text, type, unit)).toEqual({ value, error: err });
  });

  it.each([
    [[{ value: 120, error: null }], true],
    [[{ value: null, error: null }], false], // needs one value
    [[], false],
    [
      [
        { value: 120, error: null },
        { value: 401, error: 'max is 400' },
      ],
      false,
    ],
  ])('[VT3] saving %j allowed: %s', (values, ok) => {
    expect(canSaveManualVitals(values)).toBe(ok);
  });
});

describe('checkpoints and defaults', () => {
  it.each([
    [10, 10],
    ['10', 10],
    [5, 5],
    [15, 5],
    [undefined, 5],
  ])('[VT4] interval setting %j gives %s minutes', (setting, minutes) => {
    expect(vitalsIntervalMinutes(setting)).toBe(minutes);
  });

  it('[VT5] puts checkpoints on multiples of the interval from case start', () => {
    const start = 1_000_000;
    // from 7 min to 21 min after start, every 5 min: 10, 15, 20
    expect(vitalCheckpoints(start, start + 7 * MIN, start + 21 * MIN, 5)).toEqual([
      start + 10 * MIN,
      start + 15 * MIN,
      start + 20 * MIN,
    ]);
    // every 10 min from before the start: 0, 10, 20
    expect(vitalCheckpoints(start, start - MIN, start + 20 * MIN, 10)).toEqual([
      start,
      start + 10 * MIN,
      start + 20 * MIN,
    ]);
    expect(isVitalCheckpoint(start + 15 * MIN, start, 5)).toBe(true);
    expect(isVitalCheckpoint(start + 15 * MIN, start, 10)).toBe(false);
    expect(isVitalCheckpoint(start - 5 * MIN, start, 5)).toBe(false);
  });

  it.each([
    ['sbp', 120],
    ['dbp', 80],
    ['hr', 80],
    ['spo2', 100],
    ['rr', 16],
    ['etco2', 40],
    ['temp', null], // not shown in the spec
  ])('[VT6] %s starts at %s', (type, value) => {
    expect(defaultVitalStartValue(type)).toBe(value);
  });
});

describe('vitals banner', () => {
  it.each([
    [20 * S, false, { hidden: false, delayed: null }], // 20 s is not older than 20 s
    [20 * S + 1, false, { hidden: false, delayed: 'orange' }],
    [30 * S, false, { hidden: false, delayed: 'orange' }],
    [30 * S + 1, false, { hidden: false, delayed: 'red' }],
    [60 * S, false, { hidden: false, delayed: 'red' }],
    [60 * S + 1, false, { hidden: true, delayed: null }],
    [10 * MIN, true, { hidden: false, delayed: null }], // local data is never hidden
  ])('[VT7] data %s ms old (local %s) → %j', (age, local, state) => {
    expect(vitalsBannerFreshness(0, age, local)).toEqual(state);
    expect(DATA_IS_DELAYED).toBe('Data is delayed');
  });

  it('[VT8] blanks blood pressure after 6 minutes and others older than 5 s before the newest', () => {
    const now = 10 * MIN;
    const out = blankStaleVitals(
      [
        { id: 'sbp', value: 120, time: now - 6 * MIN }, // exactly 6 min: kept
        { id: 'dbp', value: 80, time: now - 6 * MIN - 1 }, // blanked
        { id: 'hr', value: 70, time: now - 1000 }, // newest
        { id: 'spo2', value: 98, time: now - 6000 }, // 5 s before newest: kept
        { id: 'rr', value: 14, time: now - 6001 }, // blanked
      ],
      now,
    );
    expect(out.map((v) => v.value)).toEqual([120, null, 70, 98, null]);
    expect(blankStaleVitals([{ id: 'sbp', value: 1, time: now }], now)[0]!.value).toBe(1);
  });

  it.each([
    [37, 'C', 'F', 98.6], // 37 × 9 / 5 + 32
    [98.7, 'F', 'C', 37.1], // (98.7 − 32) × 5 / 9 = 37.06
    [37, 'C', 'C', 37],
  ] as const)('[VT9] %s %s is %s %s', (v, from, to, out) => {
    expect(convertTemperature(v, from, to)).toBe(out);
  });
});
