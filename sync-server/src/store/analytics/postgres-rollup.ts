import { QUALITY_FIGURES } from '@vigil/shared';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import { QUALITY_ROLLUP_COLUMNS as Q, type FiguresPart, type MonthSpan } from './rollup.js';
import type { DischargeRow, DrugRow, FactsFilter, MonthRow, QualityCounts } from './types.js';

/*
 * The analytics read model's monthly roll-ups on PostgreSQL (issue 43; rollup.ts says what they
 * are), SQLite's sqlite-rollup.ts in PostgreSQL's dialect: a boolean is not a number here, so
 * SQLite's SUM(flag * finalized) is a filtered COUNT, and COUNT and SUM over integers answer
 * BIGINT (a string in node-postgres), so what is read back is cast to a JS number in SQL.
 */

/** Statement parameters, numbered as they are added. */
export class Params {
  readonly values: unknown[] = [];

  /** The placeholder of `value` ($1, $2, …). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * Recomputes an organisation's roll-up rows of one month ('' for cases without a start) from its
 * facts. The caller holds the organisation's lock (postgres.ts FACTS_LOCK), in the unit that wrote them.
 */
export async function refreshMonthPg(db: PostgresDatabase, orgId: string, month: string): Promise<void> {
  for (const table of ['analytics_month', 'analytics_month_drugs', 'analytics_month_discharge']) {
    await db.query(`DELETE FROM ${table} WHERE org_id = $1 AND month = $2`, [orgId, month]);
  }
  const inMonth = "f.org_id = $1 AND COALESCE(f.month, '') = $2";
  const fin = "f.status = 'finalized'";
  await db.query(
    `INSERT INTO analytics_month (org_id, month, level_key, provider_key, location_key, provider_name, location_name,
       cases, finalized, anesthesia_minutes, anesthesia_units, ${Q.join(', ')})
     SELECT f.org_id, COALESCE(f.month, ''), COALESCE(f.sedation_level, ''), COALESCE(f.provider_id, ''),
       COALESCE(f.location_id, ''), MAX(f.provider_name COLLATE "C"), MAX(f.location_name COLLATE "C"),
       COUNT(*), COUNT(*) FILTER (WHERE ${fin}), COALESCE(SUM(f.anesthesia_minutes), 0),
       COALESCE(SUM(f.anesthesia_units), 0), ${Q.map((q) => `COUNT(*) FILTER (WHERE ${fin} AND f.${q} = 1)`).join(', ')}
     FROM analytics_case_facts f WHERE ${inMonth} GROUP BY 1, 2, 3, 4, 5`,
    [orgId, month],
  );
  await db.query(
    `INSERT INTO analytics_month_drugs (org_id, month, provider_key, location_key, name, unit, cases, total)
     SELECT f.org_id, COALESCE(f.month, ''), COALESCE(f.provider_id, ''), COALESCE(f.location_id, ''), d.name, d.unit,
       COUNT(*), SUM(d.total)
     FROM analytics_case_facts f JOIN analytics_case_drugs d ON d.org_id = f.org_id AND d.case_id = f.case_id
     WHERE ${inMonth} GROUP BY 1, 2, 3, 4, 5, 6`,
    [orgId, month],
  );
  await db.query(
    `INSERT INTO analytics_month_discharge (org_id, month, provider_key, location_key, type, score, cases)
     SELECT f.org_id, COALESCE(f.month, ''), COALESCE(f.provider_id, ''), COALESCE(f.location_id, ''),
       f.discharge_type, f.discharge_score, COUNT(*)
     FROM analytics_case_facts f WHERE ${inMonth} AND f.discharge_score IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6`,
    [orgId, month],
  );
}

/** The figures of whole months from the roll-ups, for the filter's providers and place. */
export async function rollupPartPg(
  db: PostgresDatabase,
  orgId: string,
  span: MonthSpan,
  filter: FactsFilter,
): Promise<FiguresPart> {
  const p = new Params();
  const sql: string[] = [`r.org_id = ${p.add(orgId)}`];
  if (!span.unknown) sql.push("r.month <> ''");
  if (span.from !== null) sql.push(`r.month COLLATE "C" >= ${p.add(span.from)}`);
  if (span.to !== null) sql.push(`r.month COLLATE "C" < ${p.add(span.to)}`);
  if (filter.providerIds.length > 0) sql.push(`r.provider_key = ANY(${p.add(filter.providerIds)}::text[])`);
  if (filter.locationId !== null) sql.push(`r.location_key = ${p.add(filter.locationId)}`);
  const where = sql.join(' AND ');
  const { rows: sums } = await db.query<{ cases: number } & QualityCounts>(
    `SELECT COALESCE(SUM(cases), 0)::float8 AS cases, COALESCE(SUM(finalized), 0)::float8 AS finalized,
       ${Q.map((q, i) => `COALESCE(SUM(${q}), 0)::float8 AS "${QUALITY_FIGURES[i]}"`).join(', ')}
     FROM analytics_month r WHERE ${where}`,
    p.values,
  );
  const { cases, ...quality } = sums[0]!;
  const months = await db.query<MonthRow>(
    `SELECT r.month, NULLIF(r.level_key, '') AS "sedationLevel", NULLIF(r.provider_key, '') AS "providerId",
       MAX(r.provider_name COLLATE "C") AS "providerName", SUM(r.cases)::float8 AS cases,
       SUM(r.anesthesia_minutes)::float8 AS "anesthesiaMinutes", SUM(r.anesthesia_units) AS "anesthesiaUnits"
     FROM analytics_month r WHERE ${where} AND r.month <> '' GROUP BY r.month, r.level_key, r.provider_key`,
    p.values,
  );
  const drugs = await db.query<DrugRow>(
    `SELECT r.name, r.unit, SUM(r.cases)::float8 AS cases, SUM(r.total) AS total
     FROM analytics_month_drugs r WHERE ${where} GROUP BY r.name, r.unit`,
    p.values,
  );
  const discharge = await db.query<DischargeRow>(
    `SELECT r.type, r.score, SUM(r.cases)::float8 AS cases
     FROM analytics_month_discharge r WHERE ${where} GROUP BY r.type, r.score`,
    p.values,
  );
  return { cases, quality, months: months.rows, drugs: drugs.rows, discharge: discharge.rows };
}
