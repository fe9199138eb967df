import type { PolicyRuleSubject } from '@vigil/shared';
import type { PolicyRecord, PolicyStore } from './types.js';

/** The sign-off policies in memory: the second implementation of the contract (issue 36). */
export class MemoryPolicyStore implements PolicyStore {
  /** In creation order (SQLite's rowid): a replaced policy keeps its place. */
  private readonly policies: PolicyRecord[] = [];

  list(orgIds: readonly string[], ruleSubject: PolicyRuleSubject): Promise<PolicyRecord[]> {
    const out = orgIds.flatMap((orgId) =>
      this.policies
        .filter((p) => p.orgId === orgId && p.ruleSubject === ruleSubject)
        // A stable sort: equal times stay in creation order.
        .sort((a, b) => a.updatedAt - b.updatedAt),
    );
    return Promise.resolve(structuredClone(out));
  }

  upsert(p: PolicyRecord): Promise<PolicyRecord> {
    const i = this.policies.findIndex(
      (q) => q.orgId === p.orgId && q.ruleSubject === p.ruleSubject && q.ruleType === p.ruleType,
    );
    if (i < 0) {
      if (this.policies.some((q) => q.id === p.id)) return Promise.reject(new Error('a policy with this id exists'));
      this.policies.push(structuredClone(p));
      return Promise.resolve(structuredClone(p));
    }
    const kept = { ...structuredClone(p), id: this.policies[i]!.id };
    this.policies[i] = kept;
    return Promise.resolve(structuredClone(kept));
  }

  delete(orgId: string, id: string): Promise<boolean> {
    const i = this.policies.findIndex((p) => p.orgId === orgId && p.id === id);
    if (i >= 0) this.policies.splice(i, 1);
    return Promise.resolve(i >= 0);
  }
}
