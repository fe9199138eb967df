import { canEditResources } from '@vigil/shared';
import type { OrgRecord } from '../store/orgs/types.js';

/** What an organisation's settings say about writing resources (spec 000 §4). */
export interface OrgPolicy {
  /** Onboarding organisations create test patients (tag HTEST) until they go live. */
  isOnboarding: boolean;
  /** Null when editing is allowed, else why not. */
  editBlocked: 'EDITING_PREVENTED' | 'SUBSCRIPTION_NOT_OK' | null;
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
    const editBlocked = canEditResources(facts, now())
      ? null
      : facts.preventResourceEditing
        ? 'EDITING_PREVENTED'
        : 'SUBSCRIPTION_NOT_OK';
    return { isOnboarding: facts.isOnboarding, editBlocked };
  };
}
