import type { UserRow } from '../accounts/types.js';
import type { MemberRecord, MembershipStore, TeamUserRecord, UserOrgRecord } from './memberships.js';
import {
  appendOrgAudit,
  byText,
  grantInMemory,
  knownRoles,
  type MemoryOrgContext,
  type StoredMember,
} from './memory-common.js';
import type { OrgRecord } from './organisations.js';

/** SQLite's lower() and LIKE fold ASCII letters only. */
const foldAscii = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Memberships in memory (the counterpart of memberships.sqlite.ts), joined with the users' names. */
export function memoryMemberships(ctx: MemoryOrgContext): MembershipStore {
  const { db, tables } = ctx;
  const user = (id: string): UserRow | undefined => ctx.users().find((u) => u.id === id);
  const org = (id: string): OrgRecord | undefined => tables.value.orgs.find((o) => o.id === id);

  /** The members joined with their users (an inner join: a member without a user is not listed). */
  const joined = (members: readonly StoredMember[]): MemberRecord[] =>
    members.flatMap((m) => {
      const u = user(m.userId);
      return u
        ? [{ id: m.id, orgId: m.orgId, userId: m.userId, roles: knownRoles(m.roles), name: u.name, email: u.email }]
        : [];
    });
  const byNameThenEmail = (a: MemberRecord, b: MemberRecord): number =>
    byText(a.name, b.name) || byText(a.email, b.email);
  /** A user's memberships with their organisations, `ORDER BY o.name, o.id`. */
  const withOrgs = (userId: string): { m: StoredMember; o: OrgRecord }[] =>
    tables.value.members
      .filter((m) => m.userId === userId)
      .flatMap((m) => {
        const o = org(m.orgId);
        return o ? [{ m, o }] : [];
      })
      .sort((a, b) => byText(a.o.name, b.o.name) || byText(a.o.id, b.o.id));

  return {
    members(orgId) {
      return db.run(() => joined(tables.value.members.filter((m) => m.orgId === orgId)).sort(byNameThenEmail));
    },

    memberByUser(orgId, userId) {
      return db.run(
        () => joined(tables.value.members.filter((m) => m.orgId === orgId && m.userId === userId))[0] ?? null,
      );
    },

    childOrgMembers(parentOrgId) {
      return db.run(() => {
        const children = tables.value.parents
          .filter(([, p]) => p === parentOrgId)
          .flatMap(([o]) => org(o) ?? [])
          .sort((a, b) => byText(a.name, b.name) || byText(a.id, b.id));
        return children.flatMap((o) =>
          joined(tables.value.members.filter((m) => m.orgId === o.id))
            .sort(byNameThenEmail)
            .map((m) => ({ ...m, orgName: o.name })),
        );
      });
    },

    userOrgs(userId) {
      return db.run(() =>
        withOrgs(userId).map(({ m, o }): UserOrgRecord => ({
          id: o.id,
          name: o.name,
          type: o.type,
          subscriptionStatus: o.subscriptionStatus,
          trialEnd: o.trialEnd,
          isOnboarding: o.isOnboarding,
          memberId: m.id,
          roles: knownRoles(m.roles),
        })),
      );
    },

    grantRoles(grant, origin) {
      return db.transaction(() => grantInMemory(ctx, grant, origin));
    },

    setMemberRoles(memberId, roles, origin, audit) {
      return db.transaction(async () => {
        const member = tables.value.members.find((m) => m.id === memberId);
        if (member) Object.assign(member, { roles: [...roles], updatedAt: origin.at });
        await appendOrgAudit(ctx, origin, audit);
      });
    },

    removeMember(memberId, origin, audit) {
      return db.transaction(async () => {
        tables.value.members = tables.value.members.filter((m) => m.id !== memberId);
        await appendOrgAudit(ctx, origin, audit);
      });
    },

    teamUsers(search, limit) {
      return db.run(() => {
        // `lower(name) LIKE %search% OR email LIKE %search%`, wildcards in the search taken literally.
        const needle = foldAscii(search.toLowerCase());
        const hits = ctx
          .users()
          .filter((u) => foldAscii(u.name).includes(needle) || foldAscii(u.email).includes(needle))
          .sort((a, b) => b.created_at - a.created_at || byText(a.id, b.id));
        // SQLite's LIMIT: a negative one is no limit.
        return (limit < 0 ? hits : hits.slice(0, limit)).map((u): TeamUserRecord => ({
          id: u.id,
          name: u.name,
          email: u.email,
          emailVerified: u.email_verified === 1,
          createdAt: u.created_at,
          memberships: withOrgs(u.id).map(({ m, o }) => ({
            orgId: o.id,
            orgName: o.name,
            orgType: o.type,
            roles: knownRoles(m.roles),
          })),
        }));
      });
    },
  };
}
