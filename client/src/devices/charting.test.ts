import { describe, expect, it } from 'vitest';
import { DEFAULT_MONITOR_CHART_INTERVAL_MS, isChartDue, MONITOR_CHART_INTERVALS } from './charting.js';

describe('the charted interval of a serial monitor (issue 38)', () => {
  it('offers 5 s, 15 s, 30 s and 1 min, starting at 15 s', () => {
    expect(MONITOR_CHART_INTERVALS.map((i) => i.ms)).toEqual([5000, 15000, 30000, 60000]);
    expect(DEFAULT_MONITOR_CHART_INTERVAL_MS).toBe(15000);
  });

  it.each([
    ['the first reading of a connection', null, 1000, true],
    ['a reading 1 s after the last charted', 0, 1000, false],
    ['a reading 14.4 s after', 0, 14_400, false],
    ['a reading 14.5 s after (a line a second arrives a little early)', 0, 14_500, true],
    ['a reading 15 s after', 0, 15_000, true],
  ])('%s is charted: %s', (_name, last, at, expected) => {
    expect(isChartDue(last, at, 15_000)).toBe(expected);
  });

  it('charts 8 of 120 readings a second apart over 2 minutes at 15 s (not 120 rows)', () => {
    let last: number | null = null;
    const charted: number[] = [];
    for (let t = 0; t < 120_000; t += 1000) {
      // Jitter of up to ±40 ms, as a serial line a second has.
      const at = t + ((t / 1000) % 3) * 40 - 40;
      if (isChartDue(last, at, 15_000)) {
        charted.push(t / 1000);
        last = at;
      }
    }
    expect(charted).toEqual([0, 15, 30, 45, 60, 75, 90, 105]);
  });
});
