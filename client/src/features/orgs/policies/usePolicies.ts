import { useCachedQuery, type SettingsStore } from '../../../data/settingsCache.js';
import { fetchPolicies, type PolicyView } from './api.js';

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

/**
 * The sign-off policies governing an organisation (issue 29), for the policy editor and the case
 * screen's flags list (which flags block): loaded once per organisation, reloadable, and kept on
 * the device (data/settingsCache.ts) so a case screen opened offline knows which flags block.
 */
export function usePolicies(
  orgId: string,
  enabled = true,
  { offline = false, store }: UsePoliciesOptions = {},
): PoliciesState {
  const query = useCachedQuery(orgId, 'policies', fetchPolicies, { enabled, offline, ...(store ? { store } : {}) });
  return {
    policies: query.data,
    error: query.fromCache ? null : query.error,
    loading: query.loading,
    set: query.set,
    reload: query.reload,
  };
}
