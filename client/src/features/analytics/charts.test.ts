import type { AnalyticsSummaryView } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  anesthesiaTime,
  casesByLevel,
  casesByProvider,
  drugsUsed,
  levelLabel,
  monthLabel,
  qualityShares,
} from './charts.js';

const SUMMARY: AnalyticsSummaryView = {
  cases: 6,
  months: [
    {
      month: '2026-10',
      sedationLevel: 'moderate',
      providerId: 'p1',
      providerName: 'Dr One',
      cases: 2,
      anesthesiaMinutes: 80,
      anesthesiaUnits: 5.4,
    },
    {
      month: '2026-11',
      sedationLevel: 'minimal',
      providerId: 'p2',
      providerName: 'Dr Two',
      cases: 1,
      anesthesiaMinutes: 30,
      anesthesiaUnits: 2,
    },
    {
      month: '2026-11',
      sedationLevel: 'moderate',
      providerId: 'p1',
      providerName: 'Dr One',
      cases: 3,
      anesthesiaMinutes: 120,
      anesthesiaUnits: 8.1,
    },
  ],
  drugs: [{ name: 'Midazolam', unit: 'mg', cases: 5, total: 10 }],
  discharge: [],
  quality: {
    finalized: 4,
    preOpComplete: 4,
    vitalsAtEveryCheckpoint: 3,
    dischargeBeforeSignoff: 2,
    signedWithin24h: 1,
    noOverride: 0,
  },
  providers: [],
  locations: [],
};

describe('the analytics charts', () => {
  it('names months and sedation levels as the page shows them', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(levelLabel('ga')).toBe('GA');
    expect(levelLabel(null)).toBe('(not set)');
  });

  it('counts cases per month by level, lightest level first, each point drilling to its month and level', () => {
    const chart = casesByLevel(SUMMARY);
    expect(chart.categories).toEqual(['Oct 2026', 'Nov 2026']);
    expect(chart.series.map((s) => [s.label, s.cells.map((c) => c?.value ?? 0)])).toEqual([
      ['Minimal', [0, 1]],
      ['Moderate', [2, 3]],
    ]);
    expect(chart.series[1]!.cells[1]!.drill).toEqual({ month: '2026-11', sedationLevel: 'moderate' });
  });

  it('counts cases per month by provider name', () => {
    const chart = casesByProvider(SUMMARY);
    expect(chart.series.map((s) => [s.label, s.cells.map((c) => c?.value ?? 0)])).toEqual([
      ['Dr One', [2, 3]],
      ['Dr Two', [0, 1]],
    ]);
    expect(chart.series[0]!.cells[0]!.drill).toEqual({ month: '2026-10', providerId: 'p1' });
  });

  it('adds up anesthesia minutes and units per month', () => {
    const chart = anesthesiaTime(SUMMARY);
    expect(chart.series.map((s) => s.cells.map((c) => c?.value))).toEqual([
      [80, 150],
      [5.4, 10.1],
    ]);
  });

  it('shows each drug with its cases and total, drilling to the cases it was given in', () => {
    const cell = drugsUsed(SUMMARY).series[0]!.cells[0]!;
    expect(cell).toEqual({ value: 5, drill: { drug: 'Midazolam' }, title: 'Midazolam: 5 cases, 10 mg in all' });
  });

  it('gives the five quality figures as whole percents of the signed cases', () => {
    expect(qualityShares(SUMMARY).map((q) => [q.label, q.pct])).toEqual([
      ['Complete pre-op checks', 100],
      ['Vitals at every checkpoint', 75],
      ['Discharge score before sign-off', 50],
      ['Signed within 24 hours', 25],
      ['No override', 0],
    ]);
    expect(qualityShares({ ...SUMMARY, quality: { ...SUMMARY.quality, finalized: 0 } })[0]!.pct).toBeNull();
  });
});
