import { QUALITY_FIGURES } from '@vigil/shared';
import { assertSerialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import type { DischargeRow, DrugRow, FactsFilter, FactsSummary, MonthRow, QualityCounts } from './types.js';

/*
 * The analytics read model's monthly roll-ups (issue 41): one row per organisation, month and key
 * (level, provider, place), kept from the facts on every write of the store, so the page's figures
 * over whole months read the roll-ups (flat in the number of cases) and only the part months at
 * the ends of a date range read the per-case rows.
 */

/** The figures of some cases: what a part of a summary adds (the roll-ups' or the facts'). */
export type FiguresPart = Pick<FactsSummary, 'cases' | 'months' | 'drugs' | 'discharge' | 'quality'>;

const Q = [
  'q_pre_op_complete',
  'q_vitals_at_every_checkpoint',
  'q_discharge_before_signoff',
  'q_signed_within_24h',
  'q_no_override',
] as const;

/** Recomputes an organisation's roll-up rows of one month ('' for cases without a start) from its facts. */
export function refreshMonth(db: Db, orgId: string, month: string): void {
  assertSerialized(db);
  for (const table of ['analytics_month', 'analytics_month_drugs', 'analytics_month_discharge']) {
    db.prepare(`DELETE FROM ${table} WHERE org_id = ? AND month = ?`).run(orgId, month);
  }
  const inMonth = "f.org_id = ? AND COALESCE(f.month, '') = ?";
  const fin = "(f.status = 'finalized')";
  db.prepare(
    `INSERT INTO analytics_month SELECT f.org_id, COALESCE(f.month, ''), COALESCE(f.sedation_level, ''),
       COALESCE(f.provider_id, ''), COALESCE(f.location_id, ''), MAX(f.provider_name), MAX(f.location_name),
       COUNT(*), SUM(${fin}), COALESCE(SUM(f.anesthesia_minutes), 0), COALESCE(SUM(f.anesthesia_units), 0),
       ${Q.map((q) => `SUM(f.${q} * ${fin})`).join(', ')}
     FROM analytics_case_facts f WHERE ${inMonth} GROUP BY 2, 3, 4, 5`,
  ).run(orgId, month);
  db.prepare(
    `INSERT INTO analytics_month_drugs SELECT f.org_id, COALESCE(f.month, ''), COALESCE(f.provider_id, ''),
       COALESCE(f.location_id, ''), d.name, d.unit, COUNT(*), SUM(d.total)
     FROM analytics_case_facts f JOIN analytics_case_drugs d ON d.org_id = f.org_id AND d.case_id = f.case_id
     WHERE ${inMonth} GROUP BY 2, 3, 4, 5, 6`,
  ).run(orgId, month);
  db.prepare(
    `INSERT INTO analytics_month_discharge SELECT f.org_id, COALESCE(f.month, ''), COALESCE(f.provider_id, ''),
       COALESCE(f.location_id, ''), f.discharge_type, f.discharge_score, COUNT(*)
     FROM analytics_case_facts f WHERE ${inMonth} AND f.discharge_score IS NOT NULL GROUP BY 2, 3, 4, 5, 6`,
  ).run(orgId, month);
}

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

/** The figures of whole months from the roll-ups, for the filter's providers and place. */
export function rollupPart(db: Db, orgId: string, span: MonthSpan, filter: FactsFilter): FiguresPart {
  assertSerialized(db);
  const sql: string[] = ['r.org_id = ?'];
  const params: string[] = [orgId];
  if (!span.unknown) sql.push("r.month != ''");
  const add = (clause: string, ...values: string[]): void => {
    sql.push(clause);
    params.push(...values);
  };
  if (span.from !== null) add('r.month >= ?', span.from);
  if (span.to !== null) add('r.month < ?', span.to);
  if (filter.providerIds.length > 0) {
    add(`r.provider_key IN (${filter.providerIds.map(() => '?').join(', ')})`, ...filter.providerIds);
  }
  if (filter.locationId !== null) add('r.location_key = ?', filter.locationId);
  const where = sql.join(' AND ');
  const sums = db
    .prepare(
      `SELECT COALESCE(SUM(cases), 0) AS cases, COALESCE(SUM(finalized), 0) AS finalized,
         ${Q.map((q, i) => `COALESCE(SUM(${q}), 0) AS ${QUALITY_FIGURES[i]}`).join(', ')}
       FROM analytics_month r WHERE ${where}`,
    )
    .get(...params) as { cases: number } & QualityCounts;
  const { cases, ...quality } = sums;
  return {
    cases,
    quality,
    months: db
      .prepare(
        `SELECT r.month, NULLIF(r.level_key, '') AS sedationLevel, NULLIF(r.provider_key, '') AS providerId,
           MAX(r.provider_name) AS providerName, SUM(r.cases) AS cases,
           SUM(r.anesthesia_minutes) AS anesthesiaMinutes, SUM(r.anesthesia_units) AS anesthesiaUnits
         FROM analytics_month r WHERE ${where} AND r.month != '' GROUP BY r.month, r.level_key, r.provider_key`,
      )
      .all(...params) as MonthRow[],
    drugs: db
      .prepare(
        `SELECT r.name, r.unit, SUM(r.cases) AS cases, SUM(r.total) AS total
         FROM analytics_month_drugs r WHERE ${where} GROUP BY r.name, r.unit`,
      )
      .all(...params) as DrugRow[],
    discharge: db
      .prepare(
        `SELECT r.type, r.score, SUM(r.cases) AS cases
         FROM analytics_month_discharge r WHERE ${where} GROUP BY r.type, r.score`,
      )
      .all(...params) as DischargeRow[],
  };
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
