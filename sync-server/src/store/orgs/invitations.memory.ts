import type { GrantResult } from './common.js';
import type { InvitationStore, PendingInvitationRecord } from './invitations.js';
import {
  appendOrgAudit,
  byText,
  grantInMemory,
  knownRoles,
  requireRefs,
  type MemoryOrgContext,
} from './memory-common.js';

/** Invitations in memory (the counterpart of invitations.sqlite.ts). */
export function memoryInvitations(ctx: MemoryOrgContext): InvitationStore {
  const { db, tables } = ctx;

  return {
    invitationByCodeHash(codeHash) {
      return db.run(() => {
        const i = tables.value.invitations.find((x) => x.codeHash === codeHash);
        return i
          ? {
              id: i.id,
              orgId: i.orgId,
              email: i.email,
              kind: i.kind,
              roles: knownRoles(i.roles),
              expiresAt: i.expiresAt,
              usedAt: i.usedAt,
            }
          : null;
      });
    },

    createInvitation(invitation, origin, audit) {
      return db.transaction(async () => {
        // The primary key and the unique code hash, as SQLite refuses them.
        if (tables.value.invitations.some((i) => i.id === invitation.id || i.codeHash === invitation.codeHash))
          throw new Error('an invitation with this id or code exists');
        requireRefs(ctx, invitation.orgId, [invitation.invitedBy]);
        tables.value.invitations.push({
          id: invitation.id,
          codeHash: invitation.codeHash,
          orgId: invitation.orgId,
          email: invitation.email,
          kind: invitation.kind,
          roles: [...invitation.roles],
          invitedBy: invitation.invitedBy,
          createdAt: invitation.createdAt,
          expiresAt: invitation.expiresAt,
          usedAt: null,
          usedBy: null,
        });
        await appendOrgAudit(ctx, origin, audit);
      });
    },

    acceptInvitation(invitationId, grant, origin, audit) {
      return db.transaction(async (): Promise<GrantResult | 'USED'> => {
        const invitation = tables.value.invitations.find((i) => i.id === invitationId && i.usedAt === null);
        if (!invitation) return 'USED';
        requireRefs(ctx, null, [grant.userId]);
        Object.assign(invitation, { usedAt: origin.at, usedBy: grant.userId });
        const granted = await grantInMemory(ctx, grant, origin);
        await appendOrgAudit(ctx, origin, audit);
        return granted;
      });
    },

    pendingInvitations(orgId, now, page) {
      return db.run(() => {
        const all = tables.value.invitations;
        const cursor = page.after == null ? null : all.find((i) => i.id === page.after && i.orgId === orgId);
        if (cursor === undefined) return 'UNKNOWN_CURSOR';
        const pending = all
          .filter(
            (i) =>
              i.orgId === orgId &&
              i.usedAt === null &&
              i.expiresAt > now &&
              (cursor === null ||
                i.createdAt < cursor.createdAt ||
                (i.createdAt === cursor.createdAt && byText(i.id, cursor.id) < 0)),
          )
          .sort((a, b) => b.createdAt - a.createdAt || byText(b.id, a.id));
        // SQLite's LIMIT: a negative one is no limit.
        return (page.first < 0 ? pending : pending.slice(0, page.first)).map((i): PendingInvitationRecord => ({
          id: i.id,
          email: i.email,
          kind: i.kind,
          roles: knownRoles(i.roles),
          // A LEFT JOIN: null once the sender's account is gone.
          invitedByName: ctx.users().find((u) => u.id === i.invitedBy)?.name ?? null,
          createdAt: i.createdAt,
          expiresAt: i.expiresAt,
        }));
      });
    },

    invitationsSentSince(userId, since) {
      // From the audit trail, as the SQLite store counts it.
      return ctx.audit.count('orgInvitationCreated', since, { userId });
    },
  };
}
