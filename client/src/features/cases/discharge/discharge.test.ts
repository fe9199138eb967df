import { describe, expect, it } from 'vitest';
import { vitalsComparison } from '@vigil/shared';
import { dischargeModel, vitalsEnds, vitalsSeries } from './discharge.js';

describe('discharge model', () => {
  it("gives each vital's first and last value in time order from manual entries and monitor records; zero is no reading", () => {
    const series = vitalsSeries(
      vitalsEnds([
        { time: 300, vitals: { sbp: 110, hr: 90, temp: 37 } },
        { time: 100, vitals: { sbp: 120, hr: 0 } },
      ]),
      vitalsEnds([{ lastUpdated: 200, vitals: { hr: { value: 80 }, spo2: 98, unknown: 5 } }]),
    );
    expect(series).toEqual({ sbp: [120, 110], hr: [80, 90], spo2: [98], temperature: [37] });
  });

  it('[DS5] compares the same first and last values as the whole series sorted by time, ties included', () => {
    // A long case out of order, with readings at the same time in both lists.
    const manual = [
      { time: 5_000, vitals: { hr: 70, sbp: 120 } },
      { time: 1_000, vitals: { hr: 61 } },
      { time: 9_000, vitals: { hr: 88 } },
      { time: 9_000, vitals: { hr: 89 } },
    ];
    const records = Array.from({ length: 500 }, (_, i) => ({
      lastUpdated: 1_000 + ((i * 37) % 500) * 16,
      vitals: { hr: 60 + (i % 30), spo2: 90 + (i % 9), sbp: i === 7 ? 0 : 100 + (i % 40) },
    }));
    // The reference: every reading sorted by time (stable: manual first), each vital's values in that order.
    const all = [
      ...manual.map((m) => ({ time: m.time, vitals: m.vitals as Record<string, number> })),
      ...records.map((r) => ({ time: r.lastUpdated, vitals: r.vitals })),
    ].sort((a, b) => a.time - b.time);
    const reference: Record<string, number[]> = {};
    for (const r of all) for (const [id, v] of Object.entries(r.vitals)) if (v !== 0) (reference[id] ??= []).push(v);
    const byId = (c: { id: string }[]): { id: string }[] => [...c].sort((a, b) => a.id.localeCompare(b.id));
    const ours = vitalsComparison(vitalsSeries(vitalsEnds(manual), vitalsEnds(records)));
    expect(byId(ours)).toEqual(byId(vitalsComparison(reference)));
    expect(ours.map((c) => c.id)).toEqual(['sbp', 'spo2', 'hr']);
    // The two manual readings at 9,000 ms: the later in the list is the last.
    expect(ours.find((c) => c.id === 'hr')?.endValue).toBe(89);
  });

  it('[DS5][DS6][DS7] Aldrete: vitals comparison, vitals score, total against the target of 12', () => {
    // sbp 120 → 110: −8.3 %; hr 80 → 90: +12.5 %; largest 12.5 < 20 → vitals score 2.
    const series = { sbp: [120, 110], hr: [80, 90] };
    const entries = Object.fromEntries(
      [
        'aldreteOxygenation',
        'aldreteRespiratoryStability',
        'aldreteConsciousness',
        'aldretePain',
        'aldreteNausea',
        'aldreteGait',
      ].map((k) => [k, { score: 2 }]),
    );
    const m = dischargeModel('aldrete', entries, series);
    expect(m.comparisons.map((c) => [c.name, c.percentageDelta])).toEqual([
      ['Systolic BP', -8.3],
      ['Heart rate', 12.5],
    ]);
    expect(m.summary).toMatchObject({
      vitalsScore: 2,
      totalScore: 14,
      targetScore: 12,
      complete: true,
      meetsTarget: true,
    });
  });

  it('[DS7] PADS targets 9 and is incomplete while an item or the vitals score is missing', () => {
    const m = dischargeModel('pads', { oriented: { score: 1 } }, { hr: [80] });
    expect(m.items.map((i) => [i.label, i.max])).toEqual([
      ['Oriented', 1],
      ['Steady gait', 1],
      ['Voided', 1],
      ['PO fluids', 1],
      ['Surgical bleeding', 2],
      ['Pain, nausea, vomiting', 2],
    ]);
    expect(m.summary).toMatchObject({ targetScore: 9, totalScore: 1, vitalsScore: null, complete: false });
  });
});
