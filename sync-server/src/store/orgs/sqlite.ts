import { camelRow } from '../sqlite/rows.js';
import { isOneOf, ORG_ROLES, type FeatureValue, type OrgRole, type PostalAddress } from '@vigil/shared';
import type { PageRequest } from '../../pages.js';
import type { Db } from '../sqlite/database.js';
import { assertSerialized, serialized } from '../resources/transactions.js';
import type {
  AuditOrigin,
  GrantResult,
  InvitationRecord,
  MemberRecord,
  NewInvitation,
  NewOrg,
  OrgAuditEvent,
  OrgChanges,
  OrgRecord,
  OrgStore,
  PendingInvitationRecord,
  PlanRecord,
  RoleGrant,
  TeamUserRecord,
  UserOrgRecord,
} from './types.js';

interface OrgRow {
  id: string;
  fhir_id: string;
  name: string;
  type: OrgRecord['type'];
  email: string | null;
  has_baa: number;
  vision_type: string | null;
  prevent_resource_editing: number;
  subscription_status: OrgRecord['subscriptionStatus'];
  trial_end: number | null;
  is_onboarding: number;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  tax_status: string | null;
  billing_name: string | null;
  shipping_address: string | null;
  plan_id: string | null;
  referred_by: string | null;
  referral_type: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

interface MemberRow {
  id: string;
  org_id: string;
  user_id: string;
  roles: string;
  name: string;
  email: string;
}

/** Stored roles, keeping only the roles the spec knows. */
function rolesOf(json: string): OrgRole[] {
  return (JSON.parse(json) as string[]).filter((r): r is OrgRole => isOneOf(ORG_ROLES, r));
}

function orgRecord(row: OrgRow): OrgRecord {
  return {
    id: row.id,
    fhirId: row.fhir_id,
    name: row.name,
    type: row.type,
    email: row.email,
    hasBaa: row.has_baa === 1,
    visionType: row.vision_type,
    preventResourceEditing: row.prevent_resource_editing === 1,
    subscriptionStatus: row.subscription_status,
    trialEnd: row.trial_end,
    isOnboarding: row.is_onboarding === 1,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    country: row.country,
    taxStatus: row.tax_status,
    billingName: row.billing_name,
    shippingAddress: row.shipping_address ? (JSON.parse(row.shipping_address) as PostalAddress) : null,
    planId: row.plan_id,
    referredBy: row.referred_by,
    referralType: row.referral_type,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
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

/** OrgChanges keys → orgs columns (and how a value is stored). */
const COLUMNS: { [K in keyof Required<OrgChanges>]: [string, (v: OrgChanges[K]) => unknown] } = {
  name: ['name', (v) => v],
  email: ['email', (v) => v],
  type: ['type', (v) => v],
  visionType: ['vision_type', (v) => v],
  preventResourceEditing: ['prevent_resource_editing', (v) => (v ? 1 : 0)],
  isOnboarding: ['is_onboarding', (v) => (v ? 1 : 0)],
  subscriptionStatus: ['subscription_status', (v) => v],
  trialEnd: ['trial_end', (v) => v],
  addressLine1: ['address_line1', (v) => v],
  addressLine2: ['address_line2', (v) => v],
  city: ['city', (v) => v],
  state: ['state', (v) => v],
  postalCode: ['postal_code', (v) => v],
  country: ['country', (v) => v],
  taxStatus: ['tax_status', (v) => v],
  billingName: ['billing_name', (v) => v],
  shippingAddress: ['shipping_address', (v) => (v ? JSON.stringify(v) : null)],
};

const MEMBER_COLUMNS = 'm.id, m.org_id, m.user_id, m.roles, u.name, u.email';

/** The organisations' repository over the server's SQLite database (tables of migration 10 and 45). */
export class SqliteOrgStore implements OrgStore {
  constructor(private readonly db: Db) {}

  /** Appends one organisation event to audit_events (sealed into the hash chain by the audit sealer). */
  private writeAudit(origin: AuditOrigin, event: OrgAuditEvent): void {
    assertSerialized(this.db);
    this.db
      .prepare(
        `INSERT INTO audit_events (at, user_id, email, action, outcome, ip, user_agent, detail)
         VALUES (?, ?, ?, ?, 'success', ?, ?, ?)`,
      )
      .run(
        origin.at,
        event.userId,
        event.email ?? null,
        event.action,
        origin.ip,
        origin.userAgent,
        JSON.stringify(event.detail),
      );
  }

  /** Adds the roles to a member, or the member (inside a method's serialized work). */
  private grant(grant: RoleGrant, origin: AuditOrigin): GrantResult {
    assertSerialized(this.db);
    const existing = this.db
      .prepare('SELECT id, roles FROM org_members WHERE org_id = ? AND user_id = ?')
      .get(grant.orgId, grant.userId) as { id: string; roles: string } | undefined;
    if (!existing) {
      const roles = [...new Set(grant.roles)];
      this.db
        .prepare(
          'INSERT INTO org_members (id, org_id, user_id, roles, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(grant.newMemberId, grant.orgId, grant.userId, JSON.stringify(roles), origin.at, origin.at);
      this.writeAudit(origin, {
        action: 'orgMemberAdded',
        userId: grant.by,
        detail: {
          orgId: grant.orgId,
          memberId: grant.newMemberId,
          memberUserId: grant.userId,
          roles,
          via: grant.via,
        },
      });
      return { memberId: grant.newMemberId, roles, change: 'added' };
    }
    const before = rolesOf(existing.roles);
    const roles = [...new Set([...before, ...grant.roles])];
    if (roles.length === before.length) return { memberId: existing.id, roles, change: 'unchanged' };
    this.db
      .prepare('UPDATE org_members SET roles = ?, updated_at = ? WHERE id = ?')
      .run(JSON.stringify(roles), origin.at, existing.id);
    this.writeAudit(origin, {
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

  org(id: string): Promise<OrgRecord | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM orgs WHERE id = ?').get(id) as OrgRow | undefined;
      return row ? orgRecord(row) : null;
    });
  }

  allOrgs(): Promise<OrgRecord[]> {
    return serialized(this.db, () => {
      const rows = this.db.prepare('SELECT * FROM orgs ORDER BY name, id').all() as OrgRow[];
      return rows.map(orgRecord);
    });
  }

  childOrgs(parentOrgId: string): Promise<OrgRecord[]> {
    return serialized(this.db, () => {
      const rows = this.db
        .prepare(
          'SELECT o.* FROM org_parents p JOIN orgs o ON o.id = p.org_id WHERE p.parent_org_id = ? ORDER BY o.name, o.id',
        )
        .all(parentOrgId) as OrgRow[];
      return rows.map(orgRecord);
    });
  }

  parentsOf(orgId: string): Promise<string[]> {
    return serialized(this.db, () => {
      const rows = this.db
        .prepare('SELECT parent_org_id FROM org_parents WHERE org_id = ? ORDER BY parent_org_id')
        .all(orgId) as { parent_org_id: string }[];
      return rows.map((r) => r.parent_org_id);
    });
  }

  createOrg(org: NewOrg, creator: RoleGrant, origin: AuditOrigin, audit: OrgAuditEvent): Promise<GrantResult> {
    return serialized(this.db, () => {
      const result = this.db.transaction(() => {
        this.db
          .prepare(
            `INSERT INTO orgs (id, fhir_id, name, type, email, subscription_status, trial_end, is_onboarding, plan_id,
                             referred_by, referral_type, created_by, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            org.id,
            org.fhirId,
            org.name,
            org.type,
            org.email,
            org.subscriptionStatus,
            org.trialEnd,
            org.isOnboarding ? 1 : 0,
            org.planId,
            org.referredBy,
            org.referralType,
            org.createdBy,
            origin.at,
            origin.at,
          );
        this.writeAudit(origin, audit);
        return this.grant(creator, origin);
      })();
      return result;
    });
  }

  updateOrg(
    orgId: string,
    changes: OrgChanges,
    parents: readonly string[] | null,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<void> {
    return serialized(this.db, () => {
      const keys = (Object.keys(changes) as (keyof OrgChanges)[]).filter((k) => changes[k] !== undefined);
      const columns = keys.map((k) => COLUMNS[k][0]);
      const values = keys.map((k) => (COLUMNS[k][1] as (v: unknown) => unknown)(changes[k]));
      this.db.transaction(() => {
        if (columns.length > 0) {
          this.db
            .prepare(`UPDATE orgs SET ${columns.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE id = ?`)
            .run(...values, origin.at, orgId);
        }
        if (parents !== null) {
          this.db.prepare('DELETE FROM org_parents WHERE org_id = ?').run(orgId);
          const insert = this.db.prepare('INSERT OR IGNORE INTO org_parents (org_id, parent_org_id) VALUES (?, ?)');
          for (const parentId of parents) insert.run(orgId, parentId);
        }
        this.writeAudit(origin, audit);
      })();
      return;
    });
  }

  markBaaSigned(orgId: string, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return serialized(this.db, () => {
      this.db.transaction(() => {
        this.db.prepare('UPDATE orgs SET has_baa = 1, updated_at = ? WHERE id = ?').run(origin.at, orgId);
        this.writeAudit(origin, audit);
      })();
      return;
    });
  }

  audit(origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return serialized(this.db, () => {
      this.writeAudit(origin, audit);
      return;
    });
  }

  features(orgId: string): Promise<Record<string, FeatureValue>> {
    return serialized(this.db, () => {
      const out: Record<string, FeatureValue> = {};
      const rows = this.db
        .prepare('SELECT name, value FROM org_features WHERE org_id = ? ORDER BY name')
        .all(orgId) as {
        name: string;
        value: string;
      }[];
      for (const row of rows) out[row.name] = JSON.parse(row.value) as FeatureValue;
      return out;
    });
  }

  setFeature(
    orgId: string,
    name: string,
    value: FeatureValue,
    by: string,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<void> {
    return serialized(this.db, () => {
      this.db.transaction(() => {
        this.db
          .prepare(
            `INSERT INTO org_features (org_id, name, value, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (org_id, name) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by,
             updated_at = excluded.updated_at`,
          )
          .run(orgId, name, JSON.stringify(value), by, origin.at);
        this.writeAudit(origin, audit);
      })();
      return;
    });
  }

  removeFeature(orgId: string, name: string, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return serialized(this.db, () => {
      this.db.transaction(() => {
        this.db.prepare('DELETE FROM org_features WHERE org_id = ? AND name = ?').run(orgId, name);
        this.writeAudit(origin, audit);
      })();
      return;
    });
  }

  activePlans(): Promise<PlanRecord[]> {
    return serialized(this.db, () => {
      const rows = this.db.prepare('SELECT * FROM plans WHERE active = 1 ORDER BY product_name, amount').all() as {
        id: string;
        amount: number;
        product_id: string;
        product_name: string;
        nickname: string | null;
        interval: string;
        lookup_key: string;
        product_features_json: string;
      }[];
      return rows.map(camelRow);
    });
  }

  isActivePlan(planId: string): Promise<boolean> {
    return serialized(this.db, () => {
      return this.db.prepare('SELECT 1 FROM plans WHERE id = ? AND active = 1').get(planId) !== undefined;
    });
  }

  members(orgId: string): Promise<MemberRecord[]> {
    return serialized(this.db, () => {
      const rows = this.db
        .prepare(
          `SELECT ${MEMBER_COLUMNS} FROM org_members m JOIN users u ON u.id = m.user_id
         WHERE m.org_id = ? ORDER BY u.name, u.email`,
        )
        .all(orgId) as MemberRow[];
      return rows.map(memberRecord);
    });
  }

  memberByUser(orgId: string, userId: string): Promise<MemberRecord | null> {
    return serialized(this.db, () => {
      const row = this.db
        .prepare(
          `SELECT ${MEMBER_COLUMNS} FROM org_members m JOIN users u ON u.id = m.user_id
         WHERE m.org_id = ? AND m.user_id = ?`,
        )
        .get(orgId, userId) as MemberRow | undefined;
      return row ? memberRecord(row) : null;
    });
  }

  childOrgMembers(parentOrgId: string): Promise<(MemberRecord & { orgName: string })[]> {
    return serialized(this.db, () => {
      const rows = this.db
        .prepare(
          `SELECT o.name AS org_name, ${MEMBER_COLUMNS}
         FROM org_parents p JOIN orgs o ON o.id = p.org_id JOIN org_members m ON m.org_id = o.id
         JOIN users u ON u.id = m.user_id WHERE p.parent_org_id = ? ORDER BY o.name, o.id, u.name, u.email`,
        )
        .all(parentOrgId) as (MemberRow & { org_name: string })[];
      return rows.map((r) => ({ ...memberRecord(r), orgName: r.org_name }));
    });
  }

  userOrgs(userId: string): Promise<UserOrgRecord[]> {
    return serialized(this.db, () => {
      const rows = this.db
        .prepare(
          `SELECT o.id, o.name, o.type, o.subscription_status, o.trial_end, o.is_onboarding, m.id AS member_id, m.roles
         FROM org_members m JOIN orgs o ON o.id = m.org_id WHERE m.user_id = ? ORDER BY o.name, o.id`,
        )
        .all(userId) as (Pick<
        OrgRow,
        'id' | 'name' | 'type' | 'subscription_status' | 'trial_end' | 'is_onboarding'
      > & {
        member_id: string;
        roles: string;
      })[];
      return rows.map((r) => ({
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
  }

  grantRoles(grant: RoleGrant, origin: AuditOrigin): Promise<GrantResult> {
    return serialized(this.db, () => {
      return this.db.transaction(() => this.grant(grant, origin))();
    });
  }

  setMemberRoles(
    memberId: string,
    roles: readonly OrgRole[],
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<void> {
    return serialized(this.db, () => {
      this.db.transaction(() => {
        this.db
          .prepare('UPDATE org_members SET roles = ?, updated_at = ? WHERE id = ?')
          .run(JSON.stringify(roles), origin.at, memberId);
        this.writeAudit(origin, audit);
      })();
      return;
    });
  }

  removeMember(memberId: string, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return serialized(this.db, () => {
      this.db.transaction(() => {
        this.db.prepare('DELETE FROM org_members WHERE id = ?').run(memberId);
        this.writeAudit(origin, audit);
      })();
      return;
    });
  }

  invitationByCodeHash(codeHash: string): Promise<InvitationRecord | null> {
    return serialized(this.db, () => {
      const row = this.db
        .prepare('SELECT id, org_id, email, kind, roles, expires_at, used_at FROM org_invitations WHERE code_hash = ?')
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
  }

  createInvitation(invitation: NewInvitation, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return serialized(this.db, () => {
      this.db.transaction(() => {
        this.db
          .prepare(
            `INSERT INTO org_invitations (id, code_hash, org_id, email, kind, roles, invited_by, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
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
        this.writeAudit(origin, audit);
      })();
      return;
    });
  }

  acceptInvitation(
    invitationId: string,
    grant: RoleGrant,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<GrantResult | 'USED'> {
    return serialized(this.db, () => {
      const result = this.db.transaction((): GrantResult | 'USED' => {
        const used = this.db
          .prepare('UPDATE org_invitations SET used_at = ?, used_by = ? WHERE id = ? AND used_at IS NULL')
          .run(origin.at, grant.userId, invitationId);
        if (used.changes !== 1) return 'USED';
        const granted = this.grant(grant, origin);
        this.writeAudit(origin, audit);
        return granted;
      })();
      return result;
    });
  }

  pendingInvitations(
    orgId: string,
    now: number,
    page: PageRequest,
  ): Promise<PendingInvitationRecord[] | 'UNKNOWN_CURSOR'> {
    return serialized(this.db, () => {
      let cursor: { created_at: number; id: string } | undefined;
      if (page.after != null) {
        cursor = this.db
          .prepare('SELECT created_at, id FROM org_invitations WHERE id = ? AND org_id = ?')
          .get(page.after, orgId) as { created_at: number; id: string } | undefined;
        if (!cursor) return 'UNKNOWN_CURSOR';
      }
      const rows = this.db
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
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        kind: r.kind,
        roles: rolesOf(r.roles),
        invitedByName: r.invited_by_name,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
      }));
    });
  }

  invitationsSentSince(userId: string, since: number): Promise<number> {
    return serialized(this.db, () => {
      const row = this.db
        .prepare(
          "SELECT COUNT(*) AS n FROM audit_events WHERE action = 'orgInvitationCreated' AND user_id = ? AND at > ?",
        )
        .get(userId, since) as { n: number };
      return row.n;
    });
  }

  teamUsers(search: string, limit: number): Promise<TeamUserRecord[]> {
    return serialized(this.db, () => {
      const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const users = this.db
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
      const memberships = this.db.prepare(
        `SELECT o.id, o.name, o.type, m.roles FROM org_members m JOIN orgs o ON o.id = m.org_id
       WHERE m.user_id = ? ORDER BY o.name, o.id`,
      );
      return users.map((u) => ({
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
  }

  userName(userId: string): Promise<string | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT name FROM users WHERE id = ?').get(userId) as { name: string } | undefined;
      return row?.name ?? null;
    });
  }

  userByEmail(email: string): Promise<{ id: string; email: string } | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT id, email FROM users WHERE email = ?').get(email) as
        { id: string; email: string } | undefined;
      return row ?? null;
    });
  }
}
