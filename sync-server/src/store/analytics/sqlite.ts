import type { CaseFacts } from '@vigil/shared';
import type { PageRequest } from '../../pages.js';
import { assertSerialized, serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import { mergeParts, QUALITY_COLUMNS, splitRange, type FiguresPart } from './rollup.js';
import { refreshMonth, rollupPart } from './sqlite-rollup.js';
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

/** A WHERE clause (over alias f) and its parameters. */
interface Where {
  sql: string[];
  params: (string | number)[];
}

function filterWhere(orgId: string, filter: FactsFilter): Where {
  const w: Where = { sql: ['f.org_id = ?'], params: [orgId] };
  if (filter.from !== null || filter.to !== null) w.sql.push('f.start_at IS NOT NULL');
  if (filter.from !== null) {
    w.sql.push('f.start_key >= ?');
    w.params.push(filter.from);
  }
  if (filter.to !== null) {
    w.sql.push('f.start_key < ?');
    w.params.push(filter.to);
  }
  if (filter.providerIds.length > 0) {
    w.sql.push(`f.provider_id IN (${filter.providerIds.map(() => '?').join(', ')})`);
    w.params.push(...filter.providerIds);
  }
  if (filter.locationId !== null) {
    w.sql.push('f.location_id = ?');
    w.params.push(filter.locationId);
  }
  return w;
}

function drillWhere(w: Where, d: FactsDrill): void {
  const eq = (column: string, value: string | number): void => {
    w.sql.push(`${column} = ?`);
    w.params.push(value);
  };
  if (d.month != null) eq('f.month', d.month);
  if (d.sedationLevel != null) eq("COALESCE(f.sedation_level, '')", d.sedationLevel);
  if (d.providerId != null) eq('f.provider_id', d.providerId);
  if (d.drug != null) {
    w.sql.push(
      'EXISTS (SELECT 1 FROM analytics_case_drugs d WHERE d.org_id = f.org_id AND d.case_id = f.case_id AND d.name = ?)',
    );
    w.params.push(d.drug);
  }
  if (d.dischargeScore != null) eq('f.discharge_score', d.dischargeScore);
  if (d.figure != null) {
    w.sql.push("f.status = 'finalized'");
    if (d.met != null) eq(QUALITY_COLUMNS[d.figure], d.met ? 1 : 0);
  }
}

const flag = (b: boolean): number => (b ? 1 : 0);

/** The analytics read model over better-sqlite3 (tables analytics_case_facts, analytics_case_drugs). */
export class SqliteCaseFactsStore implements CaseFactsStore {
  constructor(private readonly db: Db) {}

  /** The month ('' without a start) a stored case counts in, or null when it is not stored. */
  private storedMonth(orgId: string, caseId: string): string | null {
    assertSerialized(this.db);
    const row = this.db
      .prepare("SELECT COALESCE(month, '') AS month FROM analytics_case_facts WHERE org_id = ? AND case_id = ?")
      .get(orgId, caseId) as { month: string } | undefined;
    return row?.month ?? null;
  }

  put(f: CaseFacts, at: number): Promise<void> {
    return serialized(this.db, () => {
      const before = this.storedMonth(f.orgId, f.caseId);
      this.db.prepare('DELETE FROM analytics_case_facts WHERE org_id = ? AND case_id = ?').run(f.orgId, f.caseId);
      this.db
        .prepare(
          `INSERT INTO analytics_case_facts (org_id, case_id, status, location_id, location_name, provider_id,
             provider_name, sedation_level, start_key, start_at, month, anesthesia_minutes, anesthesia_units,
             discharge_type, discharge_score, q_pre_op_complete, q_vitals_at_every_checkpoint,
             q_discharge_before_signoff, q_signed_within_24h, q_no_override, facts, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          f.orgId,
          f.caseId,
          f.status,
          f.locationId,
          f.locationName,
          f.providerId,
          f.providerName,
          f.sedationLevel,
          f.startAt ?? 0,
          f.startAt,
          f.month,
          f.anesthesiaMinutes,
          f.anesthesiaUnits,
          f.dischargeType,
          f.dischargeScore,
          flag(f.quality.preOpComplete),
          flag(f.quality.vitalsAtEveryCheckpoint),
          flag(f.quality.dischargeBeforeSignoff),
          flag(f.quality.signedWithin24h),
          flag(f.quality.noOverride),
          JSON.stringify(f),
          at,
        );
      const drug = this.db.prepare(
        'INSERT INTO analytics_case_drugs (org_id, case_id, name, unit, total) VALUES (?, ?, ?, ?, ?)',
      );
      for (const d of f.drugs) drug.run(f.orgId, f.caseId, d.name, d.unit, d.total);
      refreshMonth(this.db, f.orgId, f.month ?? '');
      if (before !== null && before !== (f.month ?? '')) refreshMonth(this.db, f.orgId, before);
    });
  }

  remove(orgId: string, caseId: string): Promise<void> {
    return serialized(this.db, () => {
      const before = this.storedMonth(orgId, caseId);
      if (before === null) return;
      this.db.prepare('DELETE FROM analytics_case_facts WHERE org_id = ? AND case_id = ?').run(orgId, caseId);
      refreshMonth(this.db, orgId, before);
    });
  }

  get(orgId: string, caseId: string): Promise<CaseFacts | null> {
    return serialized(this.db, () => {
      const row = this.db
        .prepare('SELECT facts FROM analytics_case_facts WHERE org_id = ? AND case_id = ?')
        .get(orgId, caseId) as { facts: string } | undefined;
      return row ? (JSON.parse(row.facts) as CaseFacts) : null;
    });
  }

  clear(): Promise<void> {
    return serialized(this.db, () => {
      for (const table of ['analytics_month', 'analytics_month_drugs', 'analytics_month_discharge']) {
        this.db.prepare(`DELETE FROM ${table}`).run();
      }
      this.db.prepare('DELETE FROM analytics_case_drugs').run();
      this.db.prepare('DELETE FROM analytics_case_facts').run();
    });
  }

  summary(orgId: string, filter: FactsFilter): Promise<FactsSummary> {
    return serialized(this.db, () => {
      // Whole months from the roll-ups, the part months at a range's ends from the cases' rows.
      const { months, edges } = splitRange(filter);
      const parts: FiguresPart[] = edges.map((edge) => this.factsPart(orgId, edge));
      if (months) parts.push(rollupPart(this.db, orgId, months, filter));
      return {
        ...mergeParts(parts),
        providers: this.options(orgId, 'provider'),
        locations: this.options(orgId, 'location'),
      };
    });
  }

  /** The figures of the cases a filter selects, from their rows. */
  private factsPart(orgId: string, filter: FactsFilter): FiguresPart {
    assertSerialized(this.db);
    const w = filterWhere(orgId, filter);
    const where = w.sql.join(' AND ');
    const count = this.db.prepare(`SELECT COUNT(*) AS n FROM analytics_case_facts f WHERE ${where}`).get(...w.params);
    return {
      cases: (count as { n: number }).n,
      months: this.months(where, w.params),
      drugs: this.db
        .prepare(
          `SELECT d.name, d.unit, COUNT(*) AS cases, SUM(d.total) AS total
           FROM analytics_case_facts f JOIN analytics_case_drugs d ON d.org_id = f.org_id AND d.case_id = f.case_id
           WHERE ${where} GROUP BY d.name, d.unit`,
        )
        .all(...w.params) as DrugRow[],
      discharge: this.db
        .prepare(
          `SELECT f.discharge_type AS type, f.discharge_score AS score, COUNT(*) AS cases
           FROM analytics_case_facts f WHERE ${where} AND f.discharge_score IS NOT NULL
           GROUP BY f.discharge_type, f.discharge_score`,
        )
        .all(...w.params) as DischargeRow[],
      quality: this.quality(where, w.params),
    };
  }

  private months(where: string, params: readonly (string | number)[]): MonthRow[] {
    assertSerialized(this.db);
    return this.db
      .prepare(
        `SELECT f.month, f.sedation_level AS sedationLevel, f.provider_id AS providerId,
           MAX(f.provider_name) AS providerName, COUNT(*) AS cases,
           COALESCE(SUM(f.anesthesia_minutes), 0) AS anesthesiaMinutes,
           COALESCE(SUM(f.anesthesia_units), 0) AS anesthesiaUnits
         FROM analytics_case_facts f WHERE ${where} AND f.month IS NOT NULL
         GROUP BY f.month, f.sedation_level, f.provider_id
         ORDER BY f.month, COALESCE(f.sedation_level, ''), COALESCE(f.provider_id, '')`,
      )
      .all(...params) as MonthRow[];
  }

  private quality(where: string, params: readonly (string | number)[]): QualityCounts {
    assertSerialized(this.db);
    const sums = Object.entries(QUALITY_COLUMNS)
      .map(([figure, column]) => `COALESCE(SUM(${column}), 0) AS ${figure}`)
      .join(', ');
    return this.db
      .prepare(
        `SELECT COUNT(*) AS finalized, ${sums} FROM analytics_case_facts f WHERE ${where} AND f.status = 'finalized'`,
      )
      .get(...params) as QualityCounts;
  }

  private options(orgId: string, kind: 'provider' | 'location'): FactsOption[] {
    assertSerialized(this.db);
    return this.db
      .prepare(
        `SELECT ${kind}_key AS id, MAX(${kind}_name) AS name FROM analytics_month
         WHERE org_id = ? AND ${kind}_key != '' GROUP BY ${kind}_key ORDER BY COALESCE(MAX(${kind}_name), ''), ${kind}_key`,
      )
      .all(orgId) as FactsOption[];
  }

  cases(orgId: string, filter: FactsFilter, drill: FactsDrill, page: PageRequest): Promise<CaseFacts[]> {
    return serialized(this.db, () => {
      const w = filterWhere(orgId, filter);
      drillWhere(w, drill);
      const after = readCursor(page.after);
      if (after) {
        w.sql.push('(f.start_key < ? OR (f.start_key = ? AND f.case_id < ?))');
        w.params.push(after.startAt, after.startAt, after.caseId);
      }
      const rows = this.db
        .prepare(
          `SELECT f.facts FROM analytics_case_facts f WHERE ${w.sql.join(' AND ')}
           ORDER BY f.start_key DESC, f.case_id DESC LIMIT ?`,
        )
        .all(...w.params, page.first) as { facts: string }[];
      return rows.map((r) => JSON.parse(r.facts) as CaseFacts);
    });
  }
}
