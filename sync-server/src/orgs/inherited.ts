import type { OrgStore } from '../store/orgs/types.js';

/**
 * The one "own plus inherited" read (forms, sign-off policies, presets): what an organisation has
 * of its own, and what its parent organisations have, nearest parent first, which reaches it
 * read-only. `read` answers the items of the organisations asked, in the order of their ids.
 */
export async function ownAndInherited<T>(
  orgs: Pick<OrgStore, 'parentsOf'>,
  orgId: string,
  read: (orgIds: readonly string[]) => Promise<T[]>,
): Promise<{ own: T[]; inherited: T[] }> {
  const parents = await orgs.parentsOf(orgId);
  const own = await read([orgId]);
  const inherited = parents.length > 0 ? await read(parents) : [];
  return { own, inherited };
}
