import { useCachedQuery, type SettingsStore } from '../../data/settingsCache.js';
import * as api from './api.js';

/** Org forms (spec 000 §4): idle, loading, loaded (at least one form), empty or error. */
export type OrgFormsState = 'loading' | 'loaded' | 'empty' | 'error';

export interface OrgFormsLoad {
  state: OrgFormsState;
  forms: api.OrgForm[];
  error: string | null;
  reload: () => void;
  /** Replaces the list with what a change call answered. */
  set: (forms: api.OrgForm[]) => void;
}

export interface OrgFormsOptions {
  /** Offline, answer the list this device last read (the default); off, the server's only. */
  offline?: boolean;
  store?: SettingsStore;
}

/**
 * An organisation's forms, its own and those inherited from its parents (spec 000 §3, §6): kept on
 * the device (data/settingsCache.ts, name 'forms'), so a tablet that starts offline after one
 * online visit still lists them and fills them in on a case.
 */
export function useOrgForms(orgId: string, { offline = true, store }: OrgFormsOptions = {}): OrgFormsLoad {
  const query = useCachedQuery(orgId, 'forms', api.fetchOrgForms, { offline, ...(store ? { store } : {}) });
  const state: OrgFormsState =
    query.data === null ? (query.loading ? 'loading' : 'error') : query.data.length > 0 ? 'loaded' : 'empty';
  return {
    state,
    forms: query.data ?? [],
    error: query.data === null && !query.loading ? (query.error ?? 'UNKNOWN') : null,
    reload: query.reload,
    set: query.set,
  };
}
