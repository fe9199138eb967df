import { describe, expect, it } from 'vitest';
import { chartedVitals, chartsMonitorValues } from './tracking.js';

describe('[MON17] the vitals a monitor charts', () => {
  it('charts a vital that is tracked, from the monitor, or not set; never one paused, ignored or on manual entry', () => {
    expect(['unselected', 'selected', 'auto'].every((s) => chartsMonitorValues(s as never))).toBe(true);
    expect(['paused', 'ignored', 'manual'].some((s) => chartsMonitorValues(s as never))).toBe(false);
  });

  it('keeps the vitals of a reading the case charts, by their status', () => {
    const vitals = { hr: 1, spo2: 2, etco2: 3, rr: 4 };
    expect(chartedVitals(vitals, { spo2: 'paused', etco2: 'manual', rr: 'selected' })).toEqual({ hr: 1, rr: 4 });
    expect(chartedVitals(vitals, null)).toEqual(vitals);
  });
});
