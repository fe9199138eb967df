import {
  ORG_TAG_SYSTEM,
  PRACTITIONER_ROLE_SYSTEM,
  PRACTITIONER_USER_SYSTEM,
  type OrgRole,
  type Practitioner,
} from '@vigil/shared';
import type { OrgDeps } from './deps.js';

/**
 * Keeps a member's Practitioner resource (id = memberId, issue 4 / spec 001 §3) in step with the
 * membership: name and user from the account, roles as security tags, active while a member.
 * The internal organisation has no clinical resources. Written after the membership change is
 * stored, through the server's resource writer (validated, published on the live events).
 */
export async function syncPractitioner(
  deps: Pick<OrgDeps, 'store' | 'accounts' | 'resources'>,
  at: number,
  member: { id: string; orgId: string; userId: string; roles: readonly OrgRole[]; active: boolean },
): Promise<void> {
  const org = await deps.store.org(member.orgId);
  if (!org || org.type === 'vigil') return;
  const user = await deps.accounts.userById(member.userId);
  if (user === null) return;
  const userName = user.name;
  const current = await deps.resources.read(member.orgId, 'Practitioner', member.id);
  const before = current?.resourceType === 'Practitioner' ? current : null;
  const practitioner: Practitioner & { id: string } = {
    ...(before ?? {}),
    resourceType: 'Practitioner',
    id: member.id,
    active: member.active,
    name: before?.name ?? [{ text: userName }],
    identifier: [{ system: PRACTITIONER_USER_SYSTEM, value: member.userId }],
    meta: {
      tag: [{ system: ORG_TAG_SYSTEM, code: member.orgId }],
      security: member.roles.map((code) => ({ system: PRACTITIONER_ROLE_SYSTEM, code })),
    },
  };
  await deps.resources.write(member.orgId, practitioner, new Date(at).toISOString(), 'server');
}
