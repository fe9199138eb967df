import type { PolicyRuleSubject } from '@vigil/shared';
import { MemoryDatabase } from '../memory/database.js';
import type { PolicyRecord, PolicyStore } from './types.js';

/** The sign-off policies in memory: the second implementation of the contract (issue 36). */
export class MemoryPolicyStore implements PolicyStore {
  /** In creation order (SQLite's rowid): a replaced policy keeps its place. */
  private readonly policies;

  constructor(private readonly db = new MemoryDatabase()) {
    this.policies = db.table<PolicyRecord[]>([]);
  }

  list(orgIds: readonly string[], ruleSubject: PolicyRuleSubject): Promise<PolicyRecord[]> {
    return this.db.run(() => {
      const out = orgIds.flatMap((orgId) =>
        this.policies.value
          .filter((p) => p.orgId === orgId && p.ruleSubject === ruleSubject)
          // A stable sort: equal times stay in creation order.
          .sort((a, b) => a.updatedAt - b.updatedAt),
      );
      return structuredClone(out);
    });
  }

  upsert(p: PolicyRecord): Promise<PolicyRecord> {
    return this.db.run(() => {
      const policies = this.policies.value;
      const i = policies.findIndex(
        (q) => q.orgId === p.orgId && q.ruleSubject === p.ruleSubject && q.ruleType === p.ruleType,
      );
      if (i < 0 && policies.some((q) => q.id === p.id)) throw new Error('a policy with this id exists');
      const stored = { ...structuredClone(p), id: i < 0 ? p.id : policies[i]!.id };
      if (i < 0) policies.push(stored);
      else policies[i] = stored;
      return structuredClone(stored);
    });
  }

  delete(orgId: string, id: string): Promise<boolean> {
    return this.db.run(() => {
      const policies = this.policies.value;
      const i = policies.findIndex((p) => p.orgId === orgId && p.id === id);
      if (i >= 0) policies.splice(i, 1);
      return i >= 0;
    });
  }
}
