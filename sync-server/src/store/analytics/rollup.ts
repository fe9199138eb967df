import { QUALITY_FIGURES, type QualityFigure } from '@vigil/shared';
import type { FactsFilter, FactsSummary, QualityCounts } from './types.js';

/*
 * The analytics read model's monthly roll-ups (issue 41), what every database's store shares: the
 * roll-up rows (one per organisation, month and key: level, provider, place) are kept from the
 * facts on every write, so the page's figures over whole months read the roll-ups (flat in the
 * number of cases) and only the part months at the ends of a date range read the per-case rows.
 * The SQL of each database is beside its store (sqlite-rollup.ts, postgres-rollup.ts).
 */

/** The figures of some cases: what a part of a summary adds (the roll-ups' or the facts'). */
export type FiguresPart = Pick<FactsSummary, 'cases' | 'months' | 'drugs' | 'discharge' | 'quality'>;

/** The per-case facts' column of each quality figure (both databases' tables). */
export const QUALITY_COLUMNS: Readonly<Record<QualityFigure, string>> = {
  preOpComplete: 'q_pre_op_complete',
  vitalsAtEveryCheckpoint: 'q_vitals_at_every_checkpoint',
  dischargeBeforeSignoff: 'q_discharge_before_signoff',
  signedWithin24h: 'q_signed_within_24h',
  noOverride: 'q_no_override',
};

/** The roll-up columns of the quality figures, in QUALITY_FIGURES' order. */
export const QUALITY_ROLLUP_COLUMNS = [
  'q_pre_op_complete',
  'q_vitals_at_every_checkpoint',
  'q_discharge_before_signoff',
  'q_signed_within_24h',
  'q_no_override',
] as const;

/** 'YYYY-MM' of an epoch ms (UTC) and the epoch ms a month starts at. */
const monthOf = (ms: number): string => new Date(ms).toISOString().slice(0, 7);
const monthStart = (month: string): number => Date.parse(`${month}-01T00:00:00Z`);
const nextMonth = (month: string): string => {
  const d = new Date(monthStart(month));
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
};

/** Whole months a filter covers, read from the roll-ups: [from, to) as 'YYYY-MM'; null ends are open. */
export interface MonthSpan {
  from: string | null;
  to: string | null;
  /** Cases without a start count only when no date range is asked for. */
  unknown: boolean;
}

/**
 * [AN7] A date range split into the whole months the roll-ups answer and the part months at its
 * ends the per-case rows answer (each a filter of its own); no range: every roll-up row.
 */
export function splitRange(filter: FactsFilter): { months: MonthSpan | null; edges: FactsFilter[] } {
  if (filter.from === null && filter.to === null) return { months: { from: null, to: null, unknown: true }, edges: [] };
  const first =
    filter.from === null
      ? null
      : monthStart(monthOf(filter.from)) === filter.from
        ? monthOf(filter.from)
        : nextMonth(monthOf(filter.from));
  const last = filter.to === null ? null : monthOf(filter.to);
  if (first !== null && last !== null && first >= last) return { months: null, edges: [filter] };
  const edges: FactsFilter[] = [];
  if (filter.from !== null && first !== null && monthStart(first) > filter.from) {
    edges.push({ ...filter, to: monthStart(first) });
  }
  if (filter.to !== null && last !== null && monthStart(last) < filter.to) {
    edges.push({ ...filter, from: monthStart(last) });
  }
  return { months: { from: first, to: last, unknown: false }, edges };
}

/** Binary order of two strings (null as ''), as SQLite's default collation sorts them. */
const cmp = (a: string | null, b: string | null): number => {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Adds rows with the same key up (numbers summed, the first name kept). */
function added<T extends object>(rows: readonly T[], key: (r: T) => string, sum: readonly (keyof T)[]): T[] {
  const byKey: Record<string, T> = {};
  for (const r of rows) {
    const seen = byKey[key(r)];
    if (!seen) byKey[key(r)] = { ...r };
    else for (const f of sum) (seen[f] as number) += r[f] as number;
  }
  return Object.values(byKey);
}

/** The parts of a summary added up, in the store's order. */
export function mergeParts(parts: readonly FiguresPart[]): FiguresPart {
  const quality = { finalized: 0, ...Object.fromEntries(QUALITY_FIGURES.map((q) => [q, 0])) } as QualityCounts;
  for (const p of parts) for (const k of Object.keys(quality) as (keyof QualityCounts)[]) quality[k] += p.quality[k];
  return {
    cases: parts.reduce((n, p) => n + p.cases, 0),
    quality,
    months: added(
      parts.flatMap((p) => p.months),
      (r) => JSON.stringify([r.month, r.sedationLevel, r.providerId]),
      ['cases', 'anesthesiaMinutes', 'anesthesiaUnits'],
    ).sort((a, b) => cmp(a.month, b.month) || cmp(a.sedationLevel, b.sedationLevel) || cmp(a.providerId, b.providerId)),
    drugs: added(
      parts.flatMap((p) => p.drugs),
      (r) => JSON.stringify([r.name, r.unit]),
      ['cases', 'total'],
    ).sort((a, b) => cmp(a.name, b.name) || cmp(a.unit, b.unit)),
    discharge: added(
      parts.flatMap((p) => p.discharge),
      (r) => JSON.stringify([r.type, r.score]),
      ['cases'],
    ).sort((a, b) => cmp(a.type, b.type) || a.score - b.score),
  };
}
