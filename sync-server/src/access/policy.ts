import { resourceWriteBlock, type ResourceWriteBlock } from '@vigil/shared';
import type { OrgRecord } from '../store/orgs/types.js';

/** What an organisation's settings say about writing resources (spec 000 §4, rule SUB2). */
export interface OrgPolicy {
  /** Onboarding organisations create test patients (tag HTEST) until they go live. */
  isOnboarding: boolean;
  /**
   * Null when this write is allowed, else why not: every write while the organisation prevents
   * editing; only a new patient or case once its trial ended or its subscription is not ok.
   */
  writeBlocked(write: { type: string; isNew: boolean }): ResourceWriteBlock | null;
}

/** The editing policy of an organisation, or null for an unknown one. */
export type OrgPolicyOf = (orgId: string) => Promise<OrgPolicy | null>;

/** The organisation's editing policy from its record (spec 000 §4: subscription, preventResourceEditing). */
export function orgPolicyOf(orgs: { org(id: string): Promise<OrgRecord | null> }, now: () => number): OrgPolicyOf {
  return async (orgId) => {
    const org = await orgs.org(orgId);
    if (!org) return null;
    const facts = {
      status: org.subscriptionStatus,
      trialEnd: org.trialEnd,
      isOnboarding: org.isOnboarding,
      preventResourceEditing: org.preventResourceEditing,
    };
    // The server's clock when the policy is read decides (VIGIL_TEST_CLOCK_OFFSET_MS moves it in tests).
    const at = now();
    return { isOnboarding: facts.isOnboarding, writeBlocked: (write) => resourceWriteBlock(facts, at, write) };
  };
}
