import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { CASE_ROOT } from '@vigil/shared';
import { ensureCaseStructure } from '../../../sync/caseStructure.js';
import { chartsMonitorValues, recordMonitorReading, simulatedVitals, trackingStatus } from './monitor.js';

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
  it('writes a reading marked simulated into vitalsRecords, and two tablets keep both readings', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    ensureCaseStructure(a);
    ensureCaseStructure(b);
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
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    const list = (d: Y.Doc): { simulated: boolean; monitorId: string }[] =>
      (d.getMap(CASE_ROOT).get('vitalsRecords') as Y.Array<{ simulated: boolean; monitorId: string }>).toArray();
    expect(
      list(a)
        .map((r) => r.monitorId)
        .sort(),
    ).toEqual(['mon-a', 'mon-b']);
    expect(list(b)).toEqual(list(a));
    expect(list(a).find((r) => r.monitorId === 'mon-a')?.simulated).toBe(true);
  });
});

describe('vital tracking statuses (spec 001 §4)', () => {
  it('reads auto when a monitor reports a vital and nothing was set, else unselected', () => {
    expect(trackingStatus(undefined, 'hr', true)).toBe('auto');
    expect(trackingStatus(undefined, 'hr', false)).toBe('unselected');
    expect(trackingStatus({ hr: 'paused' }, 'hr', true)).toBe('paused');
  });

  it.each([
    ['auto', true],
    ['selected', true],
    ['unselected', true],
    ['manual', false],
    ['paused', false],
    ['ignored', false],
  ] as const)('charts monitor values of a vital in status %s: %s', (status, charted) => {
    expect(chartsMonitorValues(status)).toBe(charted);
  });
});
