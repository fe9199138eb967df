import type { PolicyRuleSubject, PolicyRuleValue, SedationLevel } from '@vigil/shared';

/*
 * The sign-off policies' repository (issue 29; spec 001 §6, §7). Every method is async and every
 * write is one atomic step, so another implementation only has to implement this interface and
 * pass contract.test.ts.
 */

/** A stored policy of one organisation. Times are epoch milliseconds. */
export interface PolicyRecord {
  id: string;
  orgId: string;
  ruleSubject: PolicyRuleSubject;
  ruleType: string;
  ruleValue: PolicyRuleValue;
  relevantSedationLevels: SedationLevel[];
  updatedBy: string | null;
  updatedAt: number;
}

export interface PolicyStore {
  /** The policies of these organisations for a rule subject, in the order the ids are given, then oldest first. */
  list(orgIds: readonly string[], ruleSubject: PolicyRuleSubject): Promise<PolicyRecord[]>;
  /**
   * Writes the organisation's one policy for a rule (subject + type): a new one with `id`, or
   * the existing one replaced (its id kept). Answers the stored record.
   */
  upsert(policy: PolicyRecord): Promise<PolicyRecord>;
  /** Deletes one of the organisation's policies; false when it has no such policy. */
  delete(orgId: string, id: string): Promise<boolean>;
}
