import { useSession } from '../session/SessionProvider.js';
import { mayAdminister } from '../session/sessionOrgs.js';
import { graphql } from './graphql.js';
import { useCachedQuery, type SettingsStore } from './settingsCache.js';

/*
 * Whether the signed-in user may administer an organisation (spec 000 §6), as the screens of
 * several features ask it (issue 36 item 6): the org app's admin entries, the inventories' admin
 * actions, the report's '(requires admin)' labels. Below the features, so none of them reaches the
 * orgs feature for it.
 */

/** The organisation's parent organisations (GraphQL `org { parentOrgs }`), which an admin of one administers it. */
export async function fetchParentOrgs(orgId: string): Promise<string[]> {
  const data = await graphql<{ org: { parentOrgs: string[] } }>(
    'query OrgParents($orgId: String) { org(orgId: $orgId) { parentOrgs } }',
    { orgId },
  );
  return data.org.parentOrgs;
}

/** The cache's name for the organisation's parent organisations. */
export const PARENT_ORGS_SETTING = 'parentOrgs';

/**
 * Whether the signed-in user may administer an organisation, for labels such as '(requires admin)':
 * from the session at once, then with the organisation's parentOrgs once read (offline, the ones
 * this device last read).
 */
export function useMayAdminister(orgId: string, { store }: { store?: SettingsStore } = {}): boolean {
  const { session } = useSession();
  const parents = useCachedQuery(orgId, PARENT_ORGS_SETTING, fetchParentOrgs, store ? { store } : {});
  return mayAdminister(session, { id: orgId, parentOrgs: parents.data ?? [] });
}
