import { QUALITY_FIGURES } from '@vigil/shared';
import { assertSerialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import { QUALITY_ROLLUP_COLUMNS as Q, type FiguresPart, type MonthSpan } from './rollup.js';
import type { DischargeRow, DrugRow, FactsFilter, MonthRow, QualityCounts } from './types.js';

/*
 * The analytics read model's monthly roll-ups over better-sqlite3 (issue 41; rollup.ts says what
 * they are): kept from the facts on every write of the store, read for whole months.
 */

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
