import type { ParentOfficeAnalyticsView } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { comparisonChart, officeAnalyticsHref, officeValue } from './comparison.js';

const office = (orgId: string, over: Partial<ParentOfficeAnalyticsView> = {}): ParentOfficeAnalyticsView => ({
  ...{ orgId, name: orgId.toUpperCase(), planRequired: false, cases: 10, anesthesiaMinutes: 600, anesthesiaUnits: 40 },
  quality: {
    ...{ finalized: 8, preOpComplete: 6, vitalsAtEveryCheckpoint: 8, dischargeBeforeSignoff: 7 },
    ...{ signedWithin24h: 5, noOverride: 8 },
  },
  ...over,
});

describe('the parent’s offices compared as a chart (issue 41)', () => {
  it('draws one bar per office: totals as they are, quality figures as rounded percents of finalized cases', () => {
    const offices = [office('north'), office('south', { cases: 3 })];
    const cases = comparisonChart(offices, 'cases', '#1c7ed6');
    expect(cases.categories).toEqual(['NORTH', 'SOUTH']);
    expect(cases.series[0]!.cells).toEqual([
      { value: 10, orgId: 'north' },
      { value: 3, orgId: 'south' },
    ]);
    // 6 of 8 finalized cases had complete pre-op checks: 75 %; 5 of 8 signed within 24 h: 62.5 → 63 %.
    expect(officeValue(offices[0]!, 'preOpComplete')).toBe(75);
    expect(officeValue(offices[0]!, 'signedWithin24h')).toBe(63);
    expect(comparisonChart(offices, 'preOpComplete', '#000').series[0]!.label).toMatch(/\(%\)$/);
  });

  it('leaves no bar for an office without analytics on its plan, or a share without finalized cases', () => {
    const none = office('east', { quality: { ...office('x').quality, finalized: 0, noOverride: 0 } });
    expect(officeValue(office('west', { planRequired: true }), 'cases')).toBeNull();
    expect(officeValue(none, 'noOverride')).toBeNull();
    expect(officeValue(none, 'anesthesiaUnits')).toBe(40);
  });

  it('opens an office’s analytics page over the same date range', () => {
    expect(officeAnalyticsHref('north', { from: '2026-09-01', to: '2026-11-29' })).toBe(
      '/org/north/analytics?from=2026-09-01&to=2026-11-29',
    );
    expect(officeAnalyticsHref('a b', {})).toBe('/org/a%20b/analytics');
  });
});
