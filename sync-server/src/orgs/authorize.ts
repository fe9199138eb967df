import type { OrgRecord } from '../store/orgs/types.js';
import { refuse, requireOrgId, type OrgCaller, type SignedInCaller } from './common.js';
import type { OrgDeps } from './deps.js';

/**
 * The organisation and caller for a call that needs the organisation permission (`member`) or
 * the right to administer it (`admin`), decided by the one access module. An unknown
 * organisation is NOT_AUTHORIZED to anyone who could not administer every organisation (its
 * existence is not revealed), NOT_FOUND otherwise.
 */
export async function authorizeOrg(
  deps: Pick<OrgDeps, 'store' | 'access'>,
  caller: OrgCaller,
  rawOrgId: unknown,
  need: 'member' | 'admin',
): Promise<{ caller: SignedInCaller; org: OrgRecord }> {
  const orgId = requireOrgId(rawOrgId);
  const refusal = await deps.access.check(caller.subject, orgId, need);
  if (refusal) refuse(refusal);
  // The access rules refuse a caller without a session, so the user is set here.
  if (!caller.user) refuse('NO_AUTHENTICATION');
  const org = await deps.store.org(orgId);
  if (!org) refuse('NOT_FOUND');
  return { caller: caller as SignedInCaller, org };
}
