import type { Db } from '../sqlite/database.js';
import { assertSerialized, serialized } from '../resources/transactions.js';
import type { GrantResult, AuditOrigin, RoleGrant } from './common.js';
import type { MemberRecord, MembershipStore, TeamUserRecord, UserOrgRecord } from './memberships.js';
import type { OrgRecord } from './organisations.js';
import { rolesOf, writeOrgAudit } from './sqlite-common.js';

interface MemberRow {
  id: string;
  org_id: string;
  user_id: string;
  roles: string;
  name: string;
  email: string;
}

function memberRecord(row: MemberRow): MemberRecord {
  return {
    id: row.id,
    orgId: row.org_id,
    userId: row.user_id,
    roles: rolesOf(row.roles),
    name: row.name,
    email: row.email,
  };
}

const MEMBER_COLUMNS = 'm.id, m.org_id, m.user_id, m.roles, u.name, u.email';

/**
 * Adds the roles to a member, or the member, with its audit event (inside a store method's
 * serialized work): the one grant that creating an organisation and accepting an invitation make too.
 */
export function grantInDb(db: Db, grant: RoleGrant, origin: AuditOrigin): GrantResult {
  assertSerialized(db);
  const existing = db
    .prepare('SELECT id, roles FROM org_members WHERE org_id = ? AND user_id = ?')
    .get(grant.orgId, grant.userId) as { id: string; roles: string } | undefined;
  if (!existing) {
    const roles = [...new Set(grant.roles)];
    db.prepare(
      'INSERT INTO org_members (id, org_id, user_id, roles, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(grant.newMemberId, grant.orgId, grant.userId, JSON.stringify(roles), origin.at, origin.at);
    writeOrgAudit(db, origin, {
      action: 'orgMemberAdded',
      userId: grant.by,
      detail: { orgId: grant.orgId, memberId: grant.newMemberId, memberUserId: grant.userId, roles, via: grant.via },
    });
    return { memberId: grant.newMemberId, roles, change: 'added' };
  }
  const before = rolesOf(existing.roles);
  const roles = [...new Set([...before, ...grant.roles])];
  if (roles.length === before.length) return { memberId: existing.id, roles, change: 'unchanged' };
  db.prepare('UPDATE org_members SET roles = ?, updated_at = ? WHERE id = ?').run(
    JSON.stringify(roles),
    origin.at,
    existing.id,
  );
  writeOrgAudit(db, origin, {
    action: 'orgRolesChanged',
    userId: grant.by,
    detail: {
      orgId: grant.orgId,
      memberId: existing.id,
      memberUserId: grant.userId,
      before,
      after: roles,
      via: grant.via,
    },
  });
  return { memberId: existing.id, roles, change: 'changed' };
}

/** Memberships (org_members, with the members' names from users) over the server's SQLite database. */
export function sqliteMemberships(db: Db): MembershipStore {
  return {
    members(orgId) {
      return serialized(db, () => {
        const rows = db
          .prepare(
            `SELECT ${MEMBER_COLUMNS} FROM org_members m JOIN users u ON u.id = m.user_id
             WHERE m.org_id = ? ORDER BY u.name, u.email`,
          )
          .all(orgId) as MemberRow[];
        return rows.map(memberRecord);
      });
    },

    memberByUser(orgId, userId) {
      return serialized(db, () => {
        const row = db
          .prepare(
            `SELECT ${MEMBER_COLUMNS} FROM org_members m JOIN users u ON u.id = m.user_id
             WHERE m.org_id = ? AND m.user_id = ?`,
          )
          .get(orgId, userId) as MemberRow | undefined;
        return row ? memberRecord(row) : null;
      });
    },

    childOrgMembers(parentOrgId) {
      return serialized(db, () => {
        const rows = db
          .prepare(
            `SELECT o.name AS org_name, ${MEMBER_COLUMNS}
             FROM org_parents p JOIN orgs o ON o.id = p.org_id JOIN org_members m ON m.org_id = o.id
             JOIN users u ON u.id = m.user_id WHERE p.parent_org_id = ? ORDER BY o.name, o.id, u.name, u.email`,
          )
          .all(parentOrgId) as (MemberRow & { org_name: string })[];
        return rows.map((r) => ({ ...memberRecord(r), orgName: r.org_name }));
      });
    },

    userOrgs(userId) {
      return serialized(db, () => {
        const rows = db
          .prepare(
            `SELECT o.id, o.name, o.type, o.subscription_status, o.trial_end, o.is_onboarding, m.id AS member_id, m.roles
             FROM org_members m JOIN orgs o ON o.id = m.org_id WHERE m.user_id = ? ORDER BY o.name, o.id`,
          )
          .all(userId) as {
          id: string;
          name: string;
          type: OrgRecord['type'];
          subscription_status: OrgRecord['subscriptionStatus'];
          trial_end: number | null;
          is_onboarding: number;
          member_id: string;
          roles: string;
        }[];
        return rows.map((r): UserOrgRecord => ({
          id: r.id,
          name: r.name,
          type: r.type,
          subscriptionStatus: r.subscription_status,
          trialEnd: r.trial_end,
          isOnboarding: r.is_onboarding === 1,
          memberId: r.member_id,
          roles: rolesOf(r.roles),
        }));
      });
    },

    grantRoles(grant, origin) {
      return serialized(db, () => db.transaction(() => grantInDb(db, grant, origin))());
    },

    setMemberRoles(memberId, roles, origin, audit) {
      return serialized(db, () => {
        db.transaction(() => {
          db.prepare('UPDATE org_members SET roles = ?, updated_at = ? WHERE id = ?').run(
            JSON.stringify(roles),
            origin.at,
            memberId,
          );
          writeOrgAudit(db, origin, audit);
        })();
      });
    },

    removeMember(memberId, origin, audit) {
      return serialized(db, () => {
        db.transaction(() => {
          db.prepare('DELETE FROM org_members WHERE id = ?').run(memberId);
          writeOrgAudit(db, origin, audit);
        })();
      });
    },

    teamUsers(search, limit) {
      return serialized(db, () => {
        const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const users = db
          .prepare(
            `SELECT id, name, email, email_verified, created_at FROM users
             WHERE lower(name) LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\'
             ORDER BY created_at DESC, id LIMIT ?`,
          )
          .all(like, like, limit) as {
          id: string;
          name: string;
          email: string;
          email_verified: number;
          created_at: number;
        }[];
        const memberships = db.prepare(
          `SELECT o.id, o.name, o.type, m.roles FROM org_members m JOIN orgs o ON o.id = m.org_id
           WHERE m.user_id = ? ORDER BY o.name, o.id`,
        );
        return users.map((u): TeamUserRecord => ({
          id: u.id,
          name: u.name,
          email: u.email,
          emailVerified: u.email_verified === 1,
          createdAt: u.created_at,
          memberships: (
            memberships.all(u.id) as { id: string; name: string; type: OrgRecord['type']; roles: string }[]
          ).map((m) => ({ orgId: m.id, orgName: m.name, orgType: m.type, roles: rolesOf(m.roles) })),
        }));
      });
    },
  };
}
