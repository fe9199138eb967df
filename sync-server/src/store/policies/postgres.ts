import type { PolicyRuleSubject, PolicyRuleValue, SedationLevel } from '@vigil/shared';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { PolicyRecord, PolicyStore } from './types.js';

const record = (r: Record<string, unknown>): PolicyRecord => ({
  id: r.id as string,
  orgId: r.org_id as string,
  ruleSubject: r.rule_subject as PolicyRuleSubject,
  ruleType: r.rule_type as string,
  ruleValue: r.rule_value as PolicyRuleValue,
  relevantSedationLevels: JSON.parse(r.levels as string) as SedationLevel[],
  updatedBy: r.updated_by as string | null,
  updatedAt: Number(r.updated_at),
});

const COLUMNS = 'id, org_id, rule_subject, rule_type, rule_value, levels, updated_by, updated_at';

/**
 * The sign-off policies' repository on PostgreSQL (org_policies, PG migration 85; issue 43). An
 * upsert is one statement: two instances writing one rule leave one policy, the later write's.
 */
export class PostgresPolicyStore implements PolicyStore {
  constructor(private readonly db: PostgresDatabase) {}

  async list(orgIds: readonly string[], ruleSubject: PolicyRuleSubject): Promise<PolicyRecord[]> {
    const { rows } = await this.db.query(
      `SELECT ${COLUMNS} FROM org_policies p JOIN unnest($1::text[]) WITH ORDINALITY AS o (org_id, n) USING (org_id)
       WHERE rule_subject = $2 ORDER BY o.n, updated_at, row_id`,
      [[...orgIds], ruleSubject],
    );
    return rows.map(record);
  }

  async upsert(p: PolicyRecord): Promise<PolicyRecord> {
    const { rows } = await this.db.query(
      `INSERT INTO org_policies (id, org_id, rule_subject, rule_type, rule_value, levels, updated_by, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (org_id, rule_subject, rule_type) DO UPDATE SET
         rule_value = excluded.rule_value, levels = excluded.levels,
         updated_by = excluded.updated_by, updated_at = excluded.updated_at
       RETURNING ${COLUMNS}`,
      [
        p.id,
        p.orgId,
        p.ruleSubject,
        p.ruleType,
        p.ruleValue,
        JSON.stringify(p.relevantSedationLevels),
        p.updatedBy,
        p.updatedAt,
      ],
    );
    return record(rows[0]!);
  }

  async delete(orgId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM org_policies WHERE org_id = $1 AND id = $2', [orgId, id]);
    return (rowCount ?? 0) > 0;
  }
}
