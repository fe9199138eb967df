import { describe, expect, it } from 'vitest';
import { readVitalsRecords, type CaseDoc } from '../case/index.js';
import { exchangeUpdates, newCaseDoc } from '../case/testing.js';
import { recordMonitorReading, simulatedVitals } from './monitor.js';

describe('simulated monitor (spec 002 §9 sample vital generators)', () => {
  it.each([
    ['lowest', () => 0, { rr: 12, spo2: 96, etco2: 30, hr: 60 }],
    ['highest', () => 0.999999, { rr: 14, spo2: 99, etco2: 35, hr: 80 }],
  ])('generates rr 12–14, spo2 96–99, etco2 30–35, hr 60–80 (%s values)', (_name, random, expected) => {
    const vitals = simulatedVitals(1000, random);
    expect(Object.fromEntries(Object.entries(vitals).map(([k, v]) => [k, v.value]))).toEqual(expected);
    expect(Object.values(vitals).every((v) => v.time === 1000)).toBe(true);
  });

  it('stays within the spec 002 §9 ranges with whole numbers over many readings', () => {
    const seen: Record<string, Set<number>> = { rr: new Set(), spo2: new Set(), etco2: new Set(), hr: new Set() };
    for (let i = 0; i < 2000; i++) for (const [k, v] of Object.entries(simulatedVitals(i))) seen[k]!.add(v.value!);
    expect([...seen.rr!].sort()).toEqual([12, 13, 14]);
    expect([...seen.spo2!].sort()).toEqual([96, 97, 98, 99]);
    expect(Math.min(...seen.hr!)).toBeGreaterThanOrEqual(60);
    expect(Math.max(...seen.hr!)).toBeLessThanOrEqual(80);
    expect([...seen.etco2!].every((n) => Number.isInteger(n) && n >= 30 && n <= 35)).toBe(true);
  });
});

describe('monitor readings in the case document', () => {
  it('writes a reading marked simulated into the case, and two tablets keep both readings', () => {
    const a = newCaseDoc();
    const b = newCaseDoc();
    recordMonitorReading(a, {
      lastUpdated: 1,
      simulated: true,
      monitorLabel: 'Simulated monitor',
      monitorId: 'mon-a',
      selectedVitals: ['hr'],
      vitals: { hr: { value: 70, time: 1 } },
    });
    recordMonitorReading(b, {
      lastUpdated: 2,
      simulated: false,
      monitorLabel: 'Monitor',
      monitorId: 'mon-b',
      selectedVitals: ['hr'],
      vitals: { hr: { value: 72, time: 2 } },
    });
    exchangeUpdates(a, b);
    const list = (d: CaseDoc): { simulated: boolean; monitorId: string }[] => readVitalsRecords(d);
    expect(
      list(a)
        .map((r) => r.monitorId)
        .sort(),
    ).toEqual(['mon-a', 'mon-b']);
    expect(list(b)).toEqual(list(a));
    expect(list(a).find((r) => r.monitorId === 'mon-a')?.simulated).toBe(true);
  });
});
