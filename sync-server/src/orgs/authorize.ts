import type { Caller, SignedIn } from '../access/caller.js';
import type { Need, OrgAccess } from '../access/index.js';
import type { OrgRecord } from '../store/orgs/types.js';
import { refuse, requireOrgId } from './common.js';

/**
 * The organisation of a call once the one authorization (access/ `authorize`) has allowed the
 * caller what it needs there. An unknown organisation is NOT_AUTHORIZED to anyone who could not
 * administer every organisation (its existence is not revealed), NOT_FOUND otherwise.
 */
export async function orgFor(
  deps: { store: { org(id: string): Promise<OrgRecord | null> }; access: Pick<OrgAccess, 'authorize'> },
  caller: Caller,
  rawOrgId: unknown,
  need: Need | readonly Need[],
): Promise<{ caller: SignedIn; org: OrgRecord }> {
  const orgId = requireOrgId(rawOrgId);
  await deps.access.authorize(caller, orgId, need);
  // The access rules refuse a caller without a session, so the user is set here.
  if (!caller.user) refuse('NO_AUTHENTICATION');
  const org = await deps.store.org(orgId);
  if (!org) refuse('NOT_FOUND');
  return { caller: caller as SignedIn, org };
}
