import {
  QUALITY_FIGURE_LABELS,
  QUALITY_FIGURES,
  type AnalyticsFilterInput,
  type ParentOfficeAnalyticsView,
  type QualityFigure,
} from '@vigil/shared';

/*
 * The parent's offices compared as a chart (issue 41, session 30): one bar per office for the
 * measure chosen; pure, so the chart and the table show the same numbers and a test checks them.
 */

/** What the comparison chart measures: a total, or a quality figure as a share of finalized cases. */
export type ComparisonMeasure = 'cases' | 'anesthesiaMinutes' | 'anesthesiaUnits' | QualityFigure;

export const COMPARISON_MEASURES: readonly { value: ComparisonMeasure; label: string }[] = [
  { value: 'cases', label: 'Cases' },
  { value: 'anesthesiaMinutes', label: 'Anesthesia minutes' },
  { value: 'anesthesiaUnits', label: 'Anesthesia units' },
  ...QUALITY_FIGURES.map((f) => ({ value: f, label: `${QUALITY_FIGURE_LABELS[f]} (%)` })),
];

/** A bar of the comparison: its value and the office it opens. */
export interface OfficeBar {
  value: number;
  orgId: string;
}

export const isShare = (m: ComparisonMeasure): m is QualityFigure => (QUALITY_FIGURES as readonly string[]).includes(m);

/**
 * One office's bar for a measure: its total, or the rounded percent of its finalized cases that met
 * the figure; null for an office whose plan lacks analytics, or a share without finalized cases.
 */
export function officeValue(o: ParentOfficeAnalyticsView, m: ComparisonMeasure): number | null {
  if (o.planRequired) return null;
  if (!isShare(m)) return o[m];
  return o.quality.finalized === 0 ? null : Math.round((o.quality[m] / o.quality.finalized) * 100);
}

/** The comparison chart: offices along x, one series of bars for the measure. */
export function comparisonChart(
  offices: readonly ParentOfficeAnalyticsView[],
  m: ComparisonMeasure,
  colour: string,
): { categories: string[]; series: { label: string; colour: string; cells: (OfficeBar | null)[] }[] } {
  const label = COMPARISON_MEASURES.find((x) => x.value === m)!.label;
  return {
    categories: offices.map((o) => o.name),
    series: [
      {
        label,
        colour,
        cells: offices.map((o) => {
          const value = officeValue(o, m);
          return value === null ? null : { value, orgId: o.orgId };
        }),
      },
    ],
  };
}

/** An office's analytics page over the comparison's date range (its drill-downs are there). */
export function officeAnalyticsHref(orgId: string, filter: AnalyticsFilterInput): string {
  const q = new URLSearchParams({
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
  });
  const query = q.toString();
  return `/org/${encodeURIComponent(orgId)}/analytics${query ? `?${query}` : ''}`;
}
