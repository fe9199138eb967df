import type { PolicyRuleSubject, PolicyRuleValue, SedationLevel } from '@vigil/shared';
import type { Db } from '../sqlite/database.js';
import { serialized } from '../resources/transactions.js';
import type { PolicyRecord, PolicyStore } from './types.js';

interface PolicyRow {
  id: string;
  org_id: string;
  rule_subject: PolicyRuleSubject;
  rule_type: string;
  rule_value: PolicyRuleValue;
  levels: string;
  updated_by: string | null;
  updated_at: number;
}

const record = (r: PolicyRow): PolicyRecord => ({
  id: r.id,
  orgId: r.org_id,
  ruleSubject: r.rule_subject,
  ruleType: r.rule_type,
  ruleValue: r.rule_value,
  relevantSedationLevels: JSON.parse(r.levels) as SedationLevel[],
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

/** The sign-off policies' repository over better-sqlite3 (table org_policies). */
export class SqlitePolicyStore implements PolicyStore {
  constructor(private readonly db: Db) {}

  list(orgIds: readonly string[], ruleSubject: PolicyRuleSubject): Promise<PolicyRecord[]> {
    return serialized(this.db, () => {
      const out: PolicyRecord[] = [];
      const stmt = this.db.prepare(
        'SELECT * FROM org_policies WHERE org_id = ? AND rule_subject = ? ORDER BY updated_at, rowid',
      );
      for (const orgId of orgIds) out.push(...(stmt.all(orgId, ruleSubject) as PolicyRow[]).map(record));
      return out;
    });
  }

  upsert(p: PolicyRecord): Promise<PolicyRecord> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO org_policies (id, org_id, rule_subject, rule_type, rule_value, levels, updated_by, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (org_id, rule_subject, rule_type) DO UPDATE SET
             rule_value = excluded.rule_value, levels = excluded.levels,
             updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        )
        .run(
          p.id,
          p.orgId,
          p.ruleSubject,
          p.ruleType,
          p.ruleValue,
          JSON.stringify(p.relevantSedationLevels),
          p.updatedBy,
          p.updatedAt,
        );
      const row = this.db
        .prepare('SELECT * FROM org_policies WHERE org_id = ? AND rule_subject = ? AND rule_type = ?')
        .get(p.orgId, p.ruleSubject, p.ruleType) as PolicyRow;
      return record(row);
    });
  }

  delete(orgId: string, id: string): Promise<boolean> {
    return serialized(this.db, () => {
      return this.db.prepare('DELETE FROM org_policies WHERE org_id = ? AND id = ?').run(orgId, id).changes > 0;
    });
  }
}
