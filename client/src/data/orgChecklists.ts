import type { OrgChecklistKind, OrgChecklistsView } from '@vigil/shared';
import { graphql } from './graphql.js';
import { useCachedQuery, type CachedQueryState, type SettingsStore } from './settingsCache.js';

/*
 * The office's checklists (issue 39; spec 001 §3, spec 002 §4): read through GraphQL and kept on
 * the device with the other settings (settingsCache.ts, name 'checklists'), so a tablet that
 * starts offline after one online visit still starts its new cases with the office's lists. The
 * checklist form (features/org) edits them; the case screen (features/cases) seeds new cases.
 */

export type { OrgChecklistKind, OrgChecklistsView };

/** The cache's name for the office's checklists. */
export const CHECKLISTS_SETTING = 'checklists';

const FIELDS = 'preOpChecklist optChecks';

/** The office's checklists (GraphQL orgChecklists). */
export async function fetchOrgChecklists(orgId: string): Promise<OrgChecklistsView> {
  const data = await graphql<{ orgChecklists: OrgChecklistsView }>(
    `query OrgChecklists($orgId: String) { orgChecklists(orgId: $orgId) { ${FIELDS} } }`,
    { orgId },
  );
  return data.orgChecklists;
}

/** Replaces one of the office's checklists; answers both lists as the server keeps them. */
export async function saveOrgChecklist(
  orgId: string,
  kind: OrgChecklistKind,
  items: readonly string[],
): Promise<OrgChecklistsView> {
  const data = await graphql<{ setOrgChecklist: OrgChecklistsView }>(
    `mutation SetOrgChecklist($orgId: String, $kind: OrgChecklistKind!, $items: [String!]!) {
      setOrgChecklist(orgId: $orgId, kind: $kind, items: $items) { ${FIELDS} }
    }`,
    { orgId, kind, items },
  );
  return data.setOrgChecklist;
}

export interface OrgChecklistsOptions {
  /** Offline, answer the lists this device last read (the default); off for the editor (the server's only). */
  offline?: boolean;
  store?: SettingsStore;
  fetch?: (orgId: string) => Promise<OrgChecklistsView>;
}

/** The office's checklists with the device's copy offline; `set` keeps what a save answered. */
export function useOrgChecklists(
  orgId: string,
  { offline = true, store, fetch = fetchOrgChecklists }: OrgChecklistsOptions = {},
): CachedQueryState<OrgChecklistsView> & { set: (value: OrgChecklistsView) => void; reload: () => void } {
  return useCachedQuery(orgId, CHECKLISTS_SETTING, fetch, { offline, ...(store ? { store } : {}) });
}
