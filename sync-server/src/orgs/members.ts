import {
  assignableRoles,
  isInternalUber,
  newId,
  ORG_ROLES,
  type ChildOrgMemberView,
  type OrgMemberView,
  type OrgRole,
  type OrgType,
  type PermissionSubject,
  type TeamUserView,
} from '@vigil/shared';
import { z } from 'zod';
import type { GrantResult, MemberRecord } from '../store/orgs/types.js';
import { fullySignedIn, type Caller } from '../access/caller.js';
import { orgFor } from './authorize.js';
import { auditOrigin, byCaller, parse, refuse } from './common.js';
import type { OrgDeps } from './deps.js';
import { syncPractitioner } from './practitioners.js';

/** Users the internal team app lists in one call (decision: a search narrows a longer list). */
export const TEAM_USERS_LIMIT = 200;

export const roleList = z.array(z.enum(ORG_ROLES)).max(ORG_ROLES.length);

const schemas = {
  memberRoles: z.object({ memberId: z.string().min(1).max(100), roles: roleList.min(1) }),
  member: z.object({ memberId: z.string().min(1).max(100) }),
  search: z.string().trim().max(200).nullish(),
};

export function memberView(m: MemberRecord): OrgMemberView {
  return { id: m.id, userId: m.userId, name: m.name, email: m.email, roles: m.roles };
}

/** Role changes may only touch roles the caller can assign (uber, super, dev: internal ubers in the internal org). */
export function checkAssignable(subject: PermissionSubject, orgType: OrgType, changed: Iterable<OrgRole>): void {
  const allowed = assignableRoles(subject, orgType);
  for (const role of changed) if (!allowed.includes(role)) refuse('NOT_AUTHORIZED');
}

/** Memberships and roles (spec 000 §6, §7). */
export class MemberService {
  constructor(private readonly deps: OrgDeps) {}

  /** The organisation's members: for whoever may administer it. */
  async list(caller: Caller, orgId: unknown): Promise<OrgMemberView[]> {
    const { org } = await orgFor(this.deps, caller, orgId, 'admin');
    return (await this.deps.store.members(org.id)).map(memberView);
  }

  /** The members of every child organisation (parent app org-members): for whoever administers the parent. */
  async ofChildOrgs(caller: Caller, parentOrgId: unknown): Promise<ChildOrgMemberView[]> {
    const { org } = await orgFor(this.deps, caller, parentOrgId, 'admin');
    return (await this.deps.store.childOrgMembers(org.id)).map((m) => ({
      orgId: m.orgId,
      orgName: m.orgName,
      ...memberView(m),
    }));
  }

  /** Users, newest first, optionally matching a name or email (internal team app users): internal ubers only. */
  async teamUsers(caller: Caller, search: unknown): Promise<TeamUserView[]> {
    const who = fullySignedIn(caller);
    if (!isInternalUber(who.subject)) refuse('NOT_AUTHORIZED');
    const text = parse(schemas.search, search) ?? '';
    // Decision: at most TEAM_USERS_LIMIT users a call (newest first); the search narrows it.
    return this.deps.store.teamUsers(text, TEAM_USERS_LIMIT);
  }

  private async memberOf(orgId: string, memberId: string): Promise<{ member: MemberRecord; all: MemberRecord[] }> {
    const all = await this.deps.store.members(orgId);
    const member = all.find((m) => m.id === memberId);
    if (!member) refuse('NOT_FOUND');
    return { member, all };
  }

  /** updateMemberRoles: an organisation always keeps at least one admin (decision). */
  async updateRoles(caller: Caller, rawOrgId: unknown, memberId: unknown, roles: unknown): Promise<OrgMemberView> {
    const { caller: who, org } = await orgFor(this.deps, caller, rawOrgId, 'admin');
    const input = parse(schemas.memberRoles, { memberId, roles });
    const now = this.deps.now();
    const { member, all } = await this.memberOf(org.id, input.memberId);
    const before = member.roles;
    const after = [...new Set(input.roles)];
    const changed = [...before.filter((r) => !after.includes(r)), ...after.filter((r) => !before.includes(r))];
    checkAssignable(who.subject, org.type, changed);
    if (before.includes('admin') && !after.includes('admin') && adminsBesides(all, member.id) === 0) {
      refuse('LAST_ADMIN');
    }
    await this.deps.store.setMemberRoles(
      member.id,
      after,
      auditOrigin(caller, now),
      byCaller(who, 'orgRolesChanged', {
        orgId: org.id,
        memberId: member.id,
        memberUserId: member.userId,
        before,
        after,
      }),
    );
    await syncPractitioner(this.deps, now, {
      id: member.id,
      orgId: org.id,
      userId: member.userId,
      roles: after,
      active: true,
    });
    if (before.includes('provider') !== after.includes('provider')) await this.deps.providersChanged?.(org.id);
    return memberView({ ...member, roles: after });
  }

  /** removeMember: the Practitioner stays (charted records name it) but is no longer active. */
  async remove(caller: Caller, rawOrgId: unknown, memberId: unknown): Promise<boolean> {
    const { caller: who, org } = await orgFor(this.deps, caller, rawOrgId, 'admin');
    const input = parse(schemas.member, { memberId });
    const now = this.deps.now();
    const { member, all } = await this.memberOf(org.id, input.memberId);
    const roles = member.roles;
    checkAssignable(who.subject, org.type, roles);
    if (roles.includes('admin') && adminsBesides(all, member.id) === 0) refuse('LAST_ADMIN');
    await this.deps.store.removeMember(
      member.id,
      auditOrigin(caller, now),
      byCaller(who, 'orgMemberRemoved', { orgId: org.id, memberId: member.id, memberUserId: member.userId, roles }),
    );
    await syncPractitioner(this.deps, now, {
      id: member.id,
      orgId: org.id,
      userId: member.userId,
      roles,
      active: false,
    });
    if (roles.includes('provider')) await this.deps.providersChanged?.(org.id);
    return true;
  }

  /**
   * Adds roles to a user's membership, creating it when missing (`npm run admin -- make-uber`).
   * Audited as a new member or a role change by the caller (its user, or nobody), from its
   * address and browser; the Practitioner follows.
   */
  async grantRoles(
    caller: Caller,
    input: { orgId: string; userId: string; roles: readonly OrgRole[]; via: string },
  ): Promise<GrantResult> {
    const at = this.deps.now();
    const result = await this.deps.store.grantRoles(
      { ...input, by: caller.user?.id ?? null, newMemberId: newId('prc') },
      auditOrigin(caller, at),
    );
    if (result.change !== 'unchanged') {
      await syncPractitioner(this.deps, at, {
        id: result.memberId,
        orgId: input.orgId,
        userId: input.userId,
        roles: result.roles,
        active: true,
      });
      await this.deps.providersChanged?.(input.orgId);
    }
    return result;
  }
}

function adminsBesides(members: readonly MemberRecord[], exceptMemberId: string): number {
  return members.filter((m) => m.id !== exceptMemberId && m.roles.includes('admin')).length;
}
