import type { PolicyView } from '@vigil/shared';
import { graphql } from './graphql.js';
import { useCachedQuery, type SettingsStore } from './settingsCache.js';

/*
 * The sign-off policies governing an organisation (issue 29) as the screens of several features
 * read them (issue 36 item 6): the policy editor (orgs) and the case screen's flags list (cases).
 * Below the features, so neither reaches the other for a setting.
 */

export type { PolicyView };

/** The fields of a policy every query and mutation of one asks for. */
export const POLICY_FIELDS = 'id ownerType ownerId ruleSubject ruleType ruleValue relevantSedationLevels editable';

/** GraphQL `policies(orgId, ruleSubject: anesthesiaRecord)` (spec 001 §7): the office's own, then its parents'. */
export async function fetchPolicies(orgId: string): Promise<PolicyView[]> {
  const data = await graphql<{ policies: PolicyView[] }>(
    `query Policies($orgId: String) { policies(orgId: $orgId, ruleSubject: anesthesiaRecord) { ${POLICY_FIELDS} } }`,
    { orgId },
  );
  return data.policies;
}

export interface PoliciesState {
  /** The policies governing the office (its own, then its parents'), or null until loaded. */
  policies: PolicyView[] | null;
  error: string | null;
  loading: boolean;
  /** Replaces the list with what a mutation answered. */
  set(policies: PolicyView[]): void;
  reload(): void;
}

export interface UsePoliciesOptions {
  /** Offline, answer the policies this device last read (the case screen's flags); the editor shows the server's only. */
  offline?: boolean;
  store?: SettingsStore;
}

/** The cache's name for the organisation's sign-off policies. */
export const POLICIES_SETTING = 'policies';

/**
 * The sign-off policies governing an organisation, for the policy editor and the case screen's
 * flags list (which flags block): loaded once per organisation, reloadable, and kept on the
 * device (settingsCache.ts) so a case screen opened offline knows which flags block.
 */
export function usePolicies(
  orgId: string,
  enabled = true,
  { offline = false, store }: UsePoliciesOptions = {},
): PoliciesState {
  const query = useCachedQuery(orgId, POLICIES_SETTING, fetchPolicies, {
    enabled,
    offline,
    ...(store ? { store } : {}),
  });
  return {
    policies: query.data,
    error: query.fromCache ? null : query.error,
    loading: query.loading,
    set: query.set,
    reload: query.reload,
  };
}
