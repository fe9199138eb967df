import { describe, expect, it } from 'vitest';
import { dischargeModel, vitalsSeries } from './discharge.js';

describe('discharge model', () => {
  it('builds each vital series in time order from manual entries and monitor records; zero is no reading', () => {
    const series = vitalsSeries(
      [
        { time: 300, vitals: { sbp: 110, hr: 90, temp: 37 } },
        { time: 100, vitals: { sbp: 120, hr: 0 } },
      ],
      [{ lastUpdated: 200, vitals: { hr: { value: 80 }, spo2: 98, unknown: 5 } }],
    );
    expect(series).toEqual({ sbp: [120, 110], hr: [80, 90], spo2: [98], temperature: [37] });
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
