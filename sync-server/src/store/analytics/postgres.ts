import type { CaseFacts } from '@vigil/shared';
import type { PageRequest } from '../../pages.js';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import { Params, refreshMonthPg, rollupPartPg } from './postgres-rollup.js';
import { mergeParts, QUALITY_COLUMNS, splitRange, type FiguresPart } from './rollup.js';
import {
  readCursor,
  type CaseFactsStore,
  type DischargeRow,
  type DrugRow,
  type FactsDrill,
  type FactsFilter,
  type FactsOption,
  type FactsSummary,
  type MonthRow,
  type QualityCounts,
} from './types.js';

/** The advisory-lock namespace of an organisation's facts (two-int form; 111, the tables' migration). */
const FACTS_LOCK = 111;

/** The WHERE clauses (over alias f) of a filter, their parameters added to `p`. */
function filterWhere(p: Params, orgId: string, filter: FactsFilter): string[] {
  const sql = [`f.org_id = ${p.add(orgId)}`];
  if (filter.from !== null || filter.to !== null) sql.push('f.start_at IS NOT NULL');
  if (filter.from !== null) sql.push(`f.start_key >= ${p.add(filter.from)}`);
  if (filter.to !== null) sql.push(`f.start_key < ${p.add(filter.to)}`);
  if (filter.providerIds.length > 0) sql.push(`f.provider_id = ANY(${p.add(filter.providerIds)}::text[])`);
  if (filter.locationId !== null) sql.push(`f.location_id = ${p.add(filter.locationId)}`);
  return sql;
}

function drillWhere(p: Params, sql: string[], d: FactsDrill): void {
  const eq = (column: string, value: string | number): void => void sql.push(`${column} = ${p.add(value)}`);
  if (d.month != null) eq('f.month', d.month);
  if (d.sedationLevel != null) eq("COALESCE(f.sedation_level, '')", d.sedationLevel);
  if (d.providerId != null) eq('f.provider_id', d.providerId);
  if (d.drug != null) {
    sql.push(
      `EXISTS (SELECT 1 FROM analytics_case_drugs d WHERE d.org_id = f.org_id AND d.case_id = f.case_id
         AND d.name = ${p.add(d.drug)})`,
    );
  }
  if (d.dischargeScore != null) eq('f.discharge_score', d.dischargeScore);
  if (d.figure != null) {
    sql.push("f.status = 'finalized'");
    if (d.met != null) eq(QUALITY_COLUMNS[d.figure], d.met ? 1 : 0);
  }
}

const flag = (b: boolean): number => (b ? 1 : 0);

/**
 * The analytics read model on PostgreSQL (PG migration 111; issue 43), SQLite's store in
 * PostgreSQL's dialect with the same monthly roll-ups (postgres-rollup.ts). SQLite runs one write
 * at a time; here a put or a remove takes its organisation's advisory lock first, so two
 * instances writing cases of one month never recompute its roll-up rows over each other. A
 * summary reads every part from one snapshot (REPEATABLE READ), as SQLite's one connection does.
 * Text is compared and ordered bytewise (COLLATE "C"), as SQLite and the memory store order it.
 */
export class PostgresCaseFactsStore implements CaseFactsStore {
  constructor(private readonly db: PostgresDatabase) {}

  /** The month ('' without a start) a stored case counts in, or null when it is not stored. */
  private async storedMonth(orgId: string, caseId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ month: string }>(
      "SELECT COALESCE(month, '') AS month FROM analytics_case_facts WHERE org_id = $1 AND case_id = $2",
      [orgId, caseId],
    );
    return rows[0]?.month ?? null;
  }

  /** `fn` in a unit holding the organisation's facts lock. */
  private locked<T>(orgId: string, fn: () => Promise<T>): Promise<T> {
    return this.db.transaction(async () => {
      await this.db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [FACTS_LOCK, orgId]);
      return fn();
    });
  }

  put(f: CaseFacts, at: number): Promise<void> {
    return this.locked(f.orgId, async () => {
      const before = await this.storedMonth(f.orgId, f.caseId);
      await this.db.query('DELETE FROM analytics_case_facts WHERE org_id = $1 AND case_id = $2', [f.orgId, f.caseId]);
      await this.db.query(
        `INSERT INTO analytics_case_facts (org_id, case_id, status, location_id, location_name, provider_id,
           provider_name, sedation_level, start_key, start_at, month, anesthesia_minutes, anesthesia_units,
           discharge_type, discharge_score, q_pre_op_complete, q_vitals_at_every_checkpoint,
           q_discharge_before_signoff, q_signed_within_24h, q_no_override, facts, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
        [
          ...[f.orgId, f.caseId, f.status, f.locationId, f.locationName, f.providerId, f.providerName],
          ...[f.sedationLevel, f.startAt ?? 0, f.startAt, f.month, f.anesthesiaMinutes, f.anesthesiaUnits],
          ...[f.dischargeType, f.dischargeScore, flag(f.quality.preOpComplete)],
          ...[flag(f.quality.vitalsAtEveryCheckpoint), flag(f.quality.dischargeBeforeSignoff)],
          ...[flag(f.quality.signedWithin24h), flag(f.quality.noOverride), JSON.stringify(f), at],
        ],
      );
      if (f.drugs.length > 0) {
        const p = new Params();
        const values = f.drugs.map(
          (d) => `(${[f.orgId, f.caseId, d.name, d.unit, d.total].map((v) => p.add(v)).join(', ')})`,
        );
        await this.db.query(
          `INSERT INTO analytics_case_drugs (org_id, case_id, name, unit, total) VALUES ${values.join(', ')}`,
          p.values,
        );
      }
      await refreshMonthPg(this.db, f.orgId, f.month ?? '');
      if (before !== null && before !== (f.month ?? '')) await refreshMonthPg(this.db, f.orgId, before);
    });
  }

  remove(orgId: string, caseId: string): Promise<void> {
    return this.locked(orgId, async () => {
      const before = await this.storedMonth(orgId, caseId);
      if (before === null) return;
      await this.db.query('DELETE FROM analytics_case_facts WHERE org_id = $1 AND case_id = $2', [orgId, caseId]);
      await refreshMonthPg(this.db, orgId, before);
    });
  }

  async get(orgId: string, caseId: string): Promise<CaseFacts | null> {
    const { rows } = await this.db.query<{ facts: string }>(
      'SELECT facts FROM analytics_case_facts WHERE org_id = $1 AND case_id = $2',
      [orgId, caseId],
    );
    return rows[0] ? (JSON.parse(rows[0].facts) as CaseFacts) : null;
  }

  clear(): Promise<void> {
    return this.db.transaction(async () => {
      for (const table of ['analytics_month', 'analytics_month_drugs', 'analytics_month_discharge']) {
        await this.db.query(`DELETE FROM ${table}`);
      }
      await this.db.query('DELETE FROM analytics_case_drugs');
      await this.db.query('DELETE FROM analytics_case_facts');
    });
  }

  /** `fn`'s reads from one snapshot: a read-only REPEATABLE READ unit, or the caller's unit when there is one. */
  private snapshot<T>(fn: () => Promise<T>): Promise<T> {
    if (this.db.inTransaction()) return fn();
    return this.db.transaction(async () => {
      await this.db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      return fn();
    });
  }

  summary(orgId: string, filter: FactsFilter): Promise<FactsSummary> {
    return this.snapshot(async () => {
      // Whole months from the roll-ups, the part months at a range's ends from the cases' rows.
      const { months, edges } = splitRange(filter);
      const parts: FiguresPart[] = [];
      for (const edge of edges) parts.push(await this.factsPart(orgId, edge));
      if (months) parts.push(await rollupPartPg(this.db, orgId, months, filter));
      return {
        ...mergeParts(parts),
        providers: await this.options(orgId, 'provider'),
        locations: await this.options(orgId, 'location'),
      };
    });
  }

  /** The figures of the cases a filter selects, from their rows. */
  private async factsPart(orgId: string, filter: FactsFilter): Promise<FiguresPart> {
    const p = new Params();
    const where = filterWhere(p, orgId, filter).join(' AND ');
    const count = await this.db.query<{ n: number }>(
      `SELECT COUNT(*)::float8 AS n FROM analytics_case_facts f WHERE ${where}`,
      p.values,
    );
    const months = await this.db.query<MonthRow>(
      `SELECT f.month, f.sedation_level AS "sedationLevel", f.provider_id AS "providerId",
         MAX(f.provider_name COLLATE "C") AS "providerName", COUNT(*)::float8 AS cases,
         COALESCE(SUM(f.anesthesia_minutes), 0)::float8 AS "anesthesiaMinutes",
         COALESCE(SUM(f.anesthesia_units), 0) AS "anesthesiaUnits"
       FROM analytics_case_facts f WHERE ${where} AND f.month IS NOT NULL
       GROUP BY f.month, f.sedation_level, f.provider_id`,
      p.values,
    );
    const drugs = await this.db.query<DrugRow>(
      `SELECT d.name, d.unit, COUNT(*)::float8 AS cases, SUM(d.total) AS total
       FROM analytics_case_facts f JOIN analytics_case_drugs d ON d.org_id = f.org_id AND d.case_id = f.case_id
       WHERE ${where} GROUP BY d.name, d.unit`,
      p.values,
    );
    const discharge = await this.db.query<DischargeRow>(
      `SELECT f.discharge_type AS type, f.discharge_score AS score, COUNT(*)::float8 AS cases
       FROM analytics_case_facts f WHERE ${where} AND f.discharge_score IS NOT NULL
       GROUP BY f.discharge_type, f.discharge_score`,
      p.values,
    );
    const sums = Object.entries(QUALITY_COLUMNS)
      .map(([figure, column]) => `COALESCE(SUM(${column}), 0)::float8 AS "${figure}"`)
      .join(', ');
    const quality = await this.db.query<QualityCounts>(
      `SELECT COUNT(*)::float8 AS finalized, ${sums} FROM analytics_case_facts f
       WHERE ${where} AND f.status = 'finalized'`,
      p.values,
    );
    return {
      cases: count.rows[0]!.n,
      months: months.rows,
      drugs: drugs.rows,
      discharge: discharge.rows,
      quality: quality.rows[0]!,
    };
  }

  private async options(orgId: string, kind: 'provider' | 'location'): Promise<FactsOption[]> {
    const { rows } = await this.db.query<FactsOption>(
      `SELECT ${kind}_key AS id, MAX(${kind}_name COLLATE "C") AS name FROM analytics_month
       WHERE org_id = $1 AND ${kind}_key <> '' GROUP BY ${kind}_key
       ORDER BY COALESCE(MAX(${kind}_name COLLATE "C"), ''), ${kind}_key COLLATE "C"`,
      [orgId],
    );
    return rows;
  }

  async cases(orgId: string, filter: FactsFilter, drill: FactsDrill, page: PageRequest): Promise<CaseFacts[]> {
    const p = new Params();
    const sql = filterWhere(p, orgId, filter);
    drillWhere(p, sql, drill);
    const after = readCursor(page.after);
    if (after) {
      const startAt = p.add(after.startAt);
      sql.push(
        `(f.start_key < ${startAt} OR (f.start_key = ${startAt} AND f.case_id COLLATE "C" < ${p.add(after.caseId)}))`,
      );
    }
    const { rows } = await this.db.query<{ facts: string }>(
      `SELECT f.facts FROM analytics_case_facts f WHERE ${sql.join(' AND ')}
       ORDER BY f.start_key DESC, f.case_id COLLATE "C" DESC LIMIT ${p.add(page.first)}`,
      p.values,
    );
    return rows.map((r) => JSON.parse(r.facts) as CaseFacts);
  }
}
