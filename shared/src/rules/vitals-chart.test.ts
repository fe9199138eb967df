import { describe, expect, it } from 'vitest';
import { meanArterialPressure, readingMap, splitAtGaps, timeAxisTicks, vitalsGapMs } from './vitals-chart.js';

const MIN = 60_000;
const at = (h: number, m: number, s = 0, day = 20): number => Date.UTC(2026, 10, day, h, m, s);
/** HH:MM in UTC, as the labels read with a zero offset. */
const label = (t: number): string => new Date(t).toISOString().slice(11, 16);

describe('mean arterial pressure (VC1)', () => {
  it.each([
    // DBP + (SBP − DBP) / 3
    [120, 80, 93], // 80 + 40 / 3 = 93.3
    [90, 60, 70], // 60 + 10
    [100, 70, 80], // 70 + 10
    [140, 90, 107], // 90 + 16.7 = 106.7
  ])('[VC1] SBP %i and DBP %i give a MAP of %i', (sbp, dbp, map) => {
    expect(meanArterialPressure(sbp, dbp)).toBe(map);
  });

  it.each([
    ['no SBP', null, 80],
    ['no DBP', 120, undefined],
    ['a zero', 0, 80],
    ['SBP below DBP (a mistyped pair)', 70, 80],
  ])('[VC1] has none with %s', (_, sbp, dbp) => {
    expect(meanArterialPressure(sbp, dbp)).toBeNull();
  });

  it('[VC1] keeps a recorded MAP over the computed one', () => {
    expect(readingMap({ sbp: 120, dbp: 80, map: 90 })).toBe(90);
    expect(readingMap({ sbp: 120, dbp: 80 })).toBe(93);
    expect(readingMap({ hr: 70 })).toBeNull();
  });
});

describe('time axis ticks (VC2)', () => {
  it.each([
    // [case, start, end, max ticks, expected labels]
    ['a 3-minute case', at(10, 0, 20), at(10, 3, 10), 10, ['10:01', '10:02', '10:03']],
    ['a 1-hour case', at(9, 0), at(10, 0), 10, ['09:00', '09:10', '09:20', '09:30', '09:40', '09:50', '10:00']],
    ['a 6-hour case', at(8, 0), at(14, 0), 10, ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00']],
    [
      'a case across midnight UTC',
      at(23, 40),
      at(0, 20, 0, 21),
      10,
      ['23:40', '23:45', '23:50', '23:55', '00:00', '00:05', '00:10', '00:15', '00:20'],
    ],
    ['a 3-minute case on a narrow chart', at(10, 0, 20), at(10, 3, 10), 2, ['10:02']],
    ['a single reading', at(10, 0, 20), at(10, 0, 20), 10, ['10:00']],
  ])('[VC2] %s: whole-minute ticks, no label twice', (_, start, end, maxTicks, labels) => {
    const ticks = timeAxisTicks(start, end, maxTicks);
    expect(ticks.map(label)).toEqual(labels);
    expect(new Set(ticks.map(label)).size).toBe(ticks.length);
    expect(ticks.length).toBeLessThanOrEqual(maxTicks);
    expect(ticks.every((t) => t % MIN === 0)).toBe(true);
  });

  it('[VC2] puts hourly ticks on the hours of the clock read, not of UTC (India, UTC+5:30)', () => {
    // 03:30–04:30 UTC is 09:00–10:00 in India: hourly ticks at 09:00 and 10:00 there.
    expect(timeAxisTicks(at(3, 30), at(4, 30), 2, 330)).toEqual([at(3, 30), at(4, 30)]);
    expect(timeAxisTicks(at(3, 30), at(4, 30), 2, 0)).toEqual([at(4, 0)]);
  });

  it('[VC2] gives no tick for a span that ends before it starts', () => {
    expect(timeAxisTicks(at(10, 0), at(9, 0), 10)).toEqual([]);
  });
});

describe('gaps (VC3)', () => {
  it('[VC3] joins readings up to one and a half intervals apart', () => {
    expect(vitalsGapMs(5)).toBe(7.5 * MIN);
    expect(vitalsGapMs(10)).toBe(15 * MIN);
  });

  it('[VC3] splits a vital where a 5-minute checkpoint was missed, and only there', () => {
    const times = [0, 5, 15, 20, 26, 40].map((m) => ({ time: at(9, 0) + m * MIN }));
    // 5 → 15 misses the 10-minute checkpoint; 20 → 26 is a late reading; 26 → 40 misses 30 and 35.
    expect(splitAtGaps(times, 5).map((run) => run.map((p) => (p.time - at(9, 0)) / MIN))).toEqual([
      [0, 5],
      [15, 20, 26],
      [40],
    ]);
    expect(splitAtGaps(times, 10)).toHaveLength(1);
    expect(splitAtGaps([], 5)).toEqual([]);
  });
});
