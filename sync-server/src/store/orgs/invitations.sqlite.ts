import type { Db } from '../sqlite/database.js';
import { serialized } from '../resources/transactions.js';
import type { GrantResult } from './common.js';
import type { InvitationRecord, InvitationStore, PendingInvitationRecord } from './invitations.js';
import { grantInDb } from './memberships.sqlite.js';
import { rolesOf, writeOrgAudit } from './sqlite-common.js';

/** Invitations (org_invitations) over the server's SQLite database. */
export function sqliteInvitations(db: Db): InvitationStore {
  return {
    invitationByCodeHash(codeHash) {
      return serialized(db, () => {
        const row = db
          .prepare(
            'SELECT id, org_id, email, kind, roles, expires_at, used_at FROM org_invitations WHERE code_hash = ?',
          )
          .get(codeHash) as
          | {
              id: string;
              org_id: string;
              email: string;
              kind: InvitationRecord['kind'];
              roles: string;
              expires_at: number;
              used_at: number | null;
            }
          | undefined;
        return row
          ? {
              id: row.id,
              orgId: row.org_id,
              email: row.email,
              kind: row.kind,
              roles: rolesOf(row.roles),
              expiresAt: row.expires_at,
              usedAt: row.used_at,
            }
          : null;
      });
    },

    createInvitation(invitation, origin, audit) {
      return serialized(db, () => {
        db.transaction(() => {
          db.prepare(
            `INSERT INTO org_invitations (id, code_hash, org_id, email, kind, roles, invited_by, created_at, expires_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(
            invitation.id,
            invitation.codeHash,
            invitation.orgId,
            invitation.email,
            invitation.kind,
            JSON.stringify(invitation.roles),
            invitation.invitedBy,
            invitation.createdAt,
            invitation.expiresAt,
          );
          writeOrgAudit(db, origin, audit);
        })();
      });
    },

    acceptInvitation(invitationId, grant, origin, audit) {
      return serialized(db, () =>
        db.transaction((): GrantResult | 'USED' => {
          const used = db
            .prepare('UPDATE org_invitations SET used_at = ?, used_by = ? WHERE id = ? AND used_at IS NULL')
            .run(origin.at, grant.userId, invitationId);
          if (used.changes !== 1) return 'USED';
          const granted = grantInDb(db, grant, origin);
          writeOrgAudit(db, origin, audit);
          return granted;
        })(),
      );
    },

    pendingInvitations(orgId, now, page) {
      return serialized(db, () => {
        let cursor: { created_at: number; id: string } | undefined;
        if (page.after != null) {
          cursor = db
            .prepare('SELECT created_at, id FROM org_invitations WHERE id = ? AND org_id = ?')
            .get(page.after, orgId) as { created_at: number; id: string } | undefined;
          if (!cursor) return 'UNKNOWN_CURSOR';
        }
        const rows = db
          .prepare(
            `SELECT i.id, i.email, i.kind, i.roles, u.name AS invited_by_name, i.created_at, i.expires_at
               FROM org_invitations i LEFT JOIN users u ON u.id = i.invited_by
              WHERE i.org_id = ? AND i.used_at IS NULL AND i.expires_at > ?
                AND (? IS NULL OR i.created_at < ? OR (i.created_at = ? AND i.id < ?))
              ORDER BY i.created_at DESC, i.id DESC
              LIMIT ?`,
          )
          .all(
            orgId,
            now,
            cursor?.id ?? null,
            cursor?.created_at ?? null,
            cursor?.created_at ?? null,
            cursor?.id ?? null,
            page.first,
          ) as {
          id: string;
          email: string;
          kind: PendingInvitationRecord['kind'];
          roles: string;
          invited_by_name: string | null;
          created_at: number;
          expires_at: number;
        }[];
        return rows.map((r): PendingInvitationRecord => ({
          id: r.id,
          email: r.email,
          kind: r.kind,
          roles: rolesOf(r.roles),
          invitedByName: r.invited_by_name,
          createdAt: r.created_at,
          expiresAt: r.expires_at,
        }));
      });
    },

    invitationsSentSince(userId, since) {
      return serialized(db, () => {
        const row = db
          .prepare(
            "SELECT COUNT(*) AS n FROM audit_events WHERE action = 'orgInvitationCreated' AND user_id = ? AND at > ?",
          )
          .get(userId, since) as { n: number };
        return row.n;
      });
    },
  };
}
