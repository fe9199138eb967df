import {
  QUALITY_FIGURE_LABELS,
  QUALITY_FIGURES,
  SEDATION_LEVEL_LABELS,
  SEDATION_LEVEL_UNSET_LABEL,
  SEDATION_LEVELS,
  type AnalyticsDrillInput,
  type AnalyticsSummaryView,
  type QualityFigure,
} from '@vigil/shared';

/*
 * What the analytics page draws (issue 41), from the summary the server answers: pure, so the
 * charts and their tables show the same numbers and a test can check them.
 */

/** One bar or point of a chart: its category, its value and the cases it stands for. */
export interface ChartCell {
  value: number;
  drill: AnalyticsDrillInput;
  /** What the drill-down list is titled. */
  title: string;
}

/** One series of a chart (a line or the bars), one cell per category. */
export interface ChartSeries<C extends { value: number } = ChartCell> {
  label: string;
  colour: string;
  cells: (C | null)[];
}

/** A chart: categories along the x axis and one or more series (cells of the analytics page's kind by default). */
export interface ChartModel<C extends { value: number } = ChartCell> {
  categories: string[];
  series: ChartSeries<C>[];
}

/** Colours that keep 3:1 against white, told apart by people with the common colour blindness. */
export const PALETTE = ['#1c7ed6', '#e8590c', '#2b8a3e', '#862e9c', '#c2255c', '#5c940d', '#0b7285', '#6741d9'];

/** "Nov 2026" for '2026-11'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A sedation level as the app names it; the unset level as the spec does. */
export function levelLabel(level: string | null): string {
  return level
    ? (SEDATION_LEVEL_LABELS[level as keyof typeof SEDATION_LEVEL_LABELS] ?? level)
    : SEDATION_LEVEL_UNSET_LABEL;
}

function months(s: AnalyticsSummaryView): string[] {
  return [...new Set(s.months.map((m) => m.month))].sort();
}

/** Cases per month, one series per key (a level, a provider), added up over the other key. */
function perMonth(
  s: AnalyticsSummaryView,
  keyOf: (row: AnalyticsSummaryView['months'][number]) => string,
  labelOf: (key: string) => string,
  drillOf: (month: string, key: string) => AnalyticsDrillInput,
  order: (a: string, b: string) => number,
): ChartModel {
  const all = months(s);
  const keys = [...new Set(s.months.map(keyOf))].sort(order);
  return {
    categories: all.map(monthLabel),
    series: keys.map((key, i) => ({
      label: labelOf(key),
      colour: PALETTE[i % PALETTE.length]!,
      cells: all.map((month) => {
        const value = s.months.filter((r) => r.month === month && keyOf(r) === key).reduce((n, r) => n + r.cases, 0);
        return value === 0
          ? null
          : { value, drill: drillOf(month, key), title: `${labelOf(key)}, ${monthLabel(month)}: ${value} cases` };
      }),
    })),
  };
}

const levelRank = (l: string): number => {
  const i = (SEDATION_LEVELS as readonly string[]).indexOf(l);
  return i < 0 ? -1 : i;
};

/** Cases per month by sedation level (local to GA, then unset). */
export function casesByLevel(s: AnalyticsSummaryView): ChartModel {
  return perMonth(
    s,
    (r) => r.sedationLevel ?? '',
    (key) => levelLabel(key || null),
    (month, key) => ({ month, sedationLevel: key }),
    (a, b) => levelRank(a) - levelRank(b),
  );
}

/** Cases per month by provider (by name). */
export function casesByProvider(s: AnalyticsSummaryView): ChartModel {
  const names = new Map(s.months.map((r) => [r.providerId ?? '', r.providerName ?? r.providerId ?? 'No provider']));
  const label = (key: string): string => names.get(key) ?? key;
  return perMonth(
    s,
    (r) => r.providerId ?? '',
    label,
    (month, key) => ({ month, ...(key ? { providerId: key } : {}) }),
    (a, b) => label(a).localeCompare(label(b)),
  );
}

/** Anesthesia minutes and units per month (RL6's figures added up). */
export function anesthesiaTime(s: AnalyticsSummaryView): ChartModel {
  const all = months(s);
  const sum = (month: string, pick: (r: AnalyticsSummaryView['months'][number]) => number): number =>
    Math.round(s.months.filter((r) => r.month === month).reduce((n, r) => n + pick(r), 0) * 10) / 10;
  const series = (label: string, colour: string, pick: (r: AnalyticsSummaryView['months'][number]) => number) => ({
    label,
    colour,
    cells: all.map((month) => {
      const value = sum(month, pick);
      return { value, drill: { month }, title: `${monthLabel(month)}: ${value} ${label.toLowerCase()}` };
    }),
  });
  return {
    categories: all.map(monthLabel),
    series: [
      series('Anesthesia minutes', PALETTE[0]!, (r) => r.anesthesiaMinutes),
      series('Anesthesia units', PALETTE[1]!, (r) => r.anesthesiaUnits),
    ],
  };
}

/** Drugs used: cases per drug, with its total. */
export function drugsUsed(s: AnalyticsSummaryView): ChartModel {
  return {
    categories: s.drugs.map((d) => d.name),
    series: [
      {
        label: 'Cases',
        colour: PALETTE[2]!,
        cells: s.drugs.map((d) => ({
          value: d.cases,
          drill: { drug: d.name },
          title: `${d.name}: ${d.cases} cases, ${Math.round(d.total * 1000) / 1000} ${d.unit} in all`,
        })),
      },
    ],
  };
}

/** Discharge scores: cases per score (Aldrete, PADS). */
export function dischargeScores(s: AnalyticsSummaryView): ChartModel {
  const name = (type: string): string => (type === 'pads' ? 'PADS' : 'Aldrete');
  return {
    categories: s.discharge.map((d) => `${name(d.type)} ${d.score}`),
    series: [
      {
        label: 'Cases',
        colour: PALETTE[3]!,
        cells: s.discharge.map((d) => ({
          value: d.cases,
          drill: { dischargeScore: d.score },
          title: `${name(d.type)} score ${d.score}: ${d.cases} cases`,
        })),
      },
    ],
  };
}

export interface QualityShare {
  figure: QualityFigure;
  label: string;
  met: number;
  of: number;
  /** Percent of the finalized cases, whole; null without any. */
  pct: number | null;
}

/** The five chart-quality figures as shares of the finalized cases. */
export function qualityShares(s: AnalyticsSummaryView): QualityShare[] {
  const of = s.quality.finalized;
  return QUALITY_FIGURES.map((figure) => ({
    figure,
    label: QUALITY_FIGURE_LABELS[figure],
    met: s.quality[figure],
    of,
    pct: of === 0 ? null : Math.round((s.quality[figure] / of) * 100),
  }));
}

/** The quality figures as a chart: percent met, each bar drilling down to the cases that missed it. */
export function qualityChart(s: AnalyticsSummaryView): ChartModel {
  const shares = qualityShares(s);
  return {
    categories: shares.map((q) => q.label),
    series: [
      {
        label: 'Percent of signed cases',
        colour: PALETTE[6]!,
        cells: shares.map((q) => ({
          value: q.pct ?? 0,
          drill: { figure: q.figure, met: false },
          title: `${q.label}: missed in ${q.of - q.met} of ${q.of} signed cases`,
        })),
      },
    ],
  };
}
