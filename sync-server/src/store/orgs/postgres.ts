import type { FeatureValue, PostalAddress } from '@vigil/shared';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { AuditOrigin, GrantResult, OrgAuditEvent, RoleGrant } from './common.js';
import type { PendingInvitationRecord, InvitationRecord } from './invitations.js';
import type { MemberRecord, TeamUserRecord, UserOrgRecord } from './memberships.js';
import type { OrgChanges, OrgRecord } from './organisations.js';
import type { PlanRecord } from './features.js';
import { rolesOf } from './sqlite-common.js';
import type { OrgStore } from './types.js';

/** A BIGINT column (a string from node-postgres) as a number, null kept. */
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

type Row = Record<string, unknown>;

function orgRecord(r: Row): OrgRecord {
  return {
    id: r.id as string,
    fhirId: r.fhir_id as string,
    name: r.name as string,
    type: r.type as OrgRecord['type'],
    email: r.email as string | null,
    hasBaa: r.has_baa === 1,
    visionType: r.vision_type as string | null,
    preventResourceEditing: r.prevent_resource_editing === 1,
    subscriptionStatus: r.subscription_status as OrgRecord['subscriptionStatus'],
    trialEnd: num(r.trial_end),
    isOnboarding: r.is_onboarding === 1,
    addressLine1: r.address_line1 as string | null,
    addressLine2: r.address_line2 as string | null,
    city: r.city as string | null,
    state: r.state as string | null,
    postalCode: r.postal_code as string | null,
    country: r.country as string | null,
    taxStatus: r.tax_status as string | null,
    billingName: r.billing_name as string | null,
    shippingAddress: r.shipping_address ? (JSON.parse(r.shipping_address as string) as PostalAddress) : null,
    planId: r.plan_id as string | null,
    referredBy: r.referred_by as string | null,
    referralType: r.referral_type as string | null,
    createdBy: r.created_by as string | null,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

const memberRecord = (r: Row): MemberRecord => ({
  id: r.id as string,
  orgId: r.org_id as string,
  userId: r.user_id as string,
  roles: rolesOf(r.roles as string),
  name: r.name as string,
  email: r.email as string,
});

const planRecord = (r: Row): PlanRecord => ({
  id: r.id as string,
  amount: Number(r.amount),
  productId: r.product_id as string,
  productName: r.product_name as string,
  nickname: r.nickname as string | null,
  interval: r.interval as string,
  lookupKey: r.lookup_key as string,
  productFeaturesJson: r.product_features_json as string,
});

/** OrgChanges keys → orgs columns (and how a value is stored), as SQLite's. */
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
  planId: ['plan_id', (v) => v],
};

const MEMBER_COLUMNS = 'm.id, m.org_id, m.user_id, m.roles, u.name, u.email';
const PLAN_COLUMNS = 'id, amount, product_id, product_name, nickname, "interval", lookup_key, product_features_json';

/** Appends one organisation event to audit_events, on `db` (in the caller's unit). */
export async function writePgOrgAudit(db: PostgresDatabase, origin: AuditOrigin, event: OrgAuditEvent): Promise<void> {
  await db.query(
    `INSERT INTO audit_events (at, user_id, email, action, outcome, ip, user_agent, detail)
     VALUES ($1, $2, $3, $4, 'success', $5, $6, $7)`,
    [
      origin.at,
      event.userId,
      event.email ?? null,
      event.action,
      origin.ip,
      origin.userAgent,
      JSON.stringify(event.detail),
    ],
  );
}

/**
 * Adds the roles to a member, or the member, with its audit event (inside a unit). Two instances
 * granting one user at once: the insert does nothing on the (org, user) key (waiting for the other
 * unit's insert to commit or roll back), and the existing row is then read under its row lock, so
 * the second grant adds to what the first wrote.
 */
async function grantInPg(db: PostgresDatabase, grant: RoleGrant, origin: AuditOrigin): Promise<GrantResult> {
  const fresh = [...new Set(grant.roles)];
  const inserted = await db.query(
    `INSERT INTO org_members (id, org_id, user_id, roles, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
     ON CONFLICT (org_id, user_id) DO NOTHING RETURNING id`,
    [grant.newMemberId, grant.orgId, grant.userId, JSON.stringify(fresh), origin.at],
  );
  if (inserted.rows[0]) {
    await writePgOrgAudit(db, origin, {
      action: 'orgMemberAdded',
      userId: grant.by,
      detail: {
        orgId: grant.orgId,
        memberId: grant.newMemberId,
        memberUserId: grant.userId,
        roles: fresh,
        via: grant.via,
      },
    });
    return { memberId: grant.newMemberId, roles: fresh, change: 'added' };
  }
  const { rows } = await db.query<{ id: string; roles: string }>(
    'SELECT id, roles FROM org_members WHERE org_id = $1 AND user_id = $2 FOR UPDATE',
    [grant.orgId, grant.userId],
  );
  const existing = rows[0]!;
  const before = rolesOf(existing.roles);
  const roles = [...new Set([...before, ...grant.roles])];
  if (roles.length === before.length) return { memberId: existing.id, roles, change: 'unchanged' };
  await db.query('UPDATE org_members SET roles = $1, updated_at = $2 WHERE id = $3', [
    JSON.stringify(roles),
    origin.at,
    existing.id,
  ]);
  await writePgOrgAudit(db, origin, {
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

/**
 * The organisations' repository on PostgreSQL (tables of PG migration 10; issue 43): SQLite's
 * statements in PostgreSQL's dialect, sorted text `COLLATE "C"` (SQLite's code-point order). Every
 * write is one unit with its audit events, joining the caller's. Where SQLite read before writing
 * inside its one writer, PostgreSQL decides in the write: a grant inserts or locks the member row,
 * an acceptance uses the invitation up only while it is unused (one of two racing acceptances wins).
 */
export class PostgresOrgStore implements OrgStore {
  constructor(private readonly db: PostgresDatabase) {}

  private async rows(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    return (await this.db.query(sql, params)).rows;
  }

  async org(id: string): Promise<OrgRecord | null> {
    const [row] = await this.rows('SELECT * FROM orgs WHERE id = $1', [id]);
    return row ? orgRecord(row) : null;
  }

  async allOrgs(): Promise<OrgRecord[]> {
    return (await this.rows('SELECT * FROM orgs ORDER BY name COLLATE "C", id COLLATE "C"')).map(orgRecord);
  }

  async childOrgs(parentOrgId: string): Promise<OrgRecord[]> {
    const rows = await this.rows(
      `SELECT o.* FROM org_parents p JOIN orgs o ON o.id = p.org_id WHERE p.parent_org_id = $1
       ORDER BY o.name COLLATE "C", o.id COLLATE "C"`,
      [parentOrgId],
    );
    return rows.map(orgRecord);
  }

  async parentsOf(orgId: string): Promise<string[]> {
    const rows = await this.rows(
      'SELECT parent_org_id FROM org_parents WHERE org_id = $1 ORDER BY parent_org_id COLLATE "C"',
      [orgId],
    );
    return rows.map((r) => r.parent_org_id as string);
  }

  createOrg(
    org: Parameters<OrgStore['createOrg']>[0],
    creator: RoleGrant,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<GrantResult> {
    return this.db.transaction(async () => {
      await this.db.query(
        `INSERT INTO orgs (id, fhir_id, name, type, email, subscription_status, trial_end, is_onboarding, plan_id,
                           referred_by, referral_type, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
        [
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
        ],
      );
      await writePgOrgAudit(this.db, origin, audit);
      return grantInPg(this.db, creator, origin);
    });
  }

  updateOrg(
    orgId: string,
    changes: OrgChanges,
    parents: readonly string[] | null,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<void> {
    const keys = (Object.keys(changes) as (keyof OrgChanges)[]).filter((k) => changes[k] !== undefined);
    const values = keys.map((k) => (COLUMNS[k][1] as (v: unknown) => unknown)(changes[k]));
    const sets = keys.map((k, i) => `${COLUMNS[k][0]} = $${i + 1}`);
    return this.db.transaction(async () => {
      if (keys.length > 0) {
        await this.db.query(
          `UPDATE orgs SET ${sets.join(', ')}, updated_at = $${keys.length + 1} WHERE id = $${keys.length + 2}`,
          [...values, origin.at, orgId],
        );
      }
      if (parents !== null) {
        // A repeated or self parent is skipped, as SQLite's INSERT OR IGNORE skips it; an unknown one fails.
        await this.db.query('DELETE FROM org_parents WHERE org_id = $1', [orgId]);
        await this.db.query(
          `INSERT INTO org_parents (org_id, parent_org_id) SELECT $1, p FROM unnest($2::text[]) AS p
           WHERE p <> $1 ON CONFLICT DO NOTHING`,
          [orgId, [...parents]],
        );
      }
      await writePgOrgAudit(this.db, origin, audit);
    });
  }

  markBaaSigned(orgId: string, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query('UPDATE orgs SET has_baa = 1, updated_at = $1 WHERE id = $2', [origin.at, orgId]);
      await writePgOrgAudit(this.db, origin, audit);
    });
  }

  audit(origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return writePgOrgAudit(this.db, origin, audit);
  }

  async members(orgId: string): Promise<MemberRecord[]> {
    const rows = await this.rows(
      `SELECT ${MEMBER_COLUMNS} FROM org_members m JOIN users u ON u.id = m.user_id
       WHERE m.org_id = $1 ORDER BY u.name COLLATE "C", u.email COLLATE "C"`,
      [orgId],
    );
    return rows.map(memberRecord);
  }

  async memberByUser(orgId: string, userId: string): Promise<MemberRecord | null> {
    const [row] = await this.rows(
      `SELECT ${MEMBER_COLUMNS} FROM org_members m JOIN users u ON u.id = m.user_id
       WHERE m.org_id = $1 AND m.user_id = $2`,
      [orgId, userId],
    );
    return row ? memberRecord(row) : null;
  }

  async childOrgMembers(parentOrgId: string): Promise<(MemberRecord & { orgName: string })[]> {
    const rows = await this.rows(
      `SELECT o.name AS org_name, ${MEMBER_COLUMNS}
       FROM org_parents p JOIN orgs o ON o.id = p.org_id JOIN org_members m ON m.org_id = o.id
       JOIN users u ON u.id = m.user_id WHERE p.parent_org_id = $1
       ORDER BY o.name COLLATE "C", o.id COLLATE "C", u.name COLLATE "C", u.email COLLATE "C"`,
      [parentOrgId],
    );
    return rows.map((r) => ({ ...memberRecord(r), orgName: r.org_name as string }));
  }

  async userOrgs(userId: string): Promise<UserOrgRecord[]> {
    const rows = await this.rows(
      `SELECT o.id, o.name, o.type, o.subscription_status, o.trial_end, o.is_onboarding, m.id AS member_id, m.roles
       FROM org_members m JOIN orgs o ON o.id = m.org_id WHERE m.user_id = $1
       ORDER BY o.name COLLATE "C", o.id COLLATE "C"`,
      [userId],
    );
    return rows.map((r) => ({
      id: r.id as string,
      name: r.name as string,
      type: r.type as OrgRecord['type'],
      subscriptionStatus: r.subscription_status as OrgRecord['subscriptionStatus'],
      trialEnd: num(r.trial_end),
      isOnboarding: r.is_onboarding === 1,
      memberId: r.member_id as string,
      roles: rolesOf(r.roles as string),
    }));
  }

  grantRoles(grant: RoleGrant, origin: AuditOrigin): Promise<GrantResult> {
    return this.db.transaction(() => grantInPg(this.db, grant, origin));
  }

  setMemberRoles(memberId: string, roles: readonly string[], origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query('UPDATE org_members SET roles = $1, updated_at = $2 WHERE id = $3', [
        JSON.stringify(roles),
        origin.at,
        memberId,
      ]);
      await writePgOrgAudit(this.db, origin, audit);
    });
  }

  removeMember(memberId: string, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query('DELETE FROM org_members WHERE id = $1', [memberId]);
      await writePgOrgAudit(this.db, origin, audit);
    });
  }

  async teamUsers(search: string, limit: number): Promise<TeamUserRecord[]> {
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const users = await this.rows(
      `SELECT id, name, email, email_verified, created_at FROM users
       WHERE lower(name) LIKE $1 ESCAPE '\\' OR lower(email) LIKE $1 ESCAPE '\\'
       ORDER BY created_at DESC, id COLLATE "C" LIMIT $2`,
      [like, limit],
    );
    const memberships = await this.rows(
      `SELECT m.user_id, o.id, o.name, o.type, m.roles FROM org_members m JOIN orgs o ON o.id = m.org_id
       WHERE m.user_id = ANY($1::text[]) ORDER BY o.name COLLATE "C", o.id COLLATE "C"`,
      [users.map((u) => u.id)],
    );
    return users.map((u) => ({
      id: u.id as string,
      name: u.name as string,
      email: u.email as string,
      emailVerified: u.email_verified === 1,
      createdAt: Number(u.created_at),
      memberships: memberships
        .filter((m) => m.user_id === u.id)
        .map((m) => ({
          orgId: m.id as string,
          orgName: m.name as string,
          orgType: m.type as OrgRecord['type'],
          roles: rolesOf(m.roles as string),
        })),
    }));
  }

  async invitationByCodeHash(codeHash: string): Promise<InvitationRecord | null> {
    const [row] = await this.rows(
      'SELECT id, org_id, email, kind, roles, expires_at, used_at FROM org_invitations WHERE code_hash = $1',
      [codeHash],
    );
    return row
      ? {
          id: row.id as string,
          orgId: row.org_id as string,
          email: row.email as string,
          kind: row.kind as InvitationRecord['kind'],
          roles: rolesOf(row.roles as string),
          expiresAt: Number(row.expires_at),
          usedAt: num(row.used_at),
        }
      : null;
  }

  createInvitation(
    invitation: Parameters<OrgStore['createInvitation']>[0],
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query(
        `INSERT INTO org_invitations (id, code_hash, org_id, email, kind, roles, invited_by, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          invitation.id,
          invitation.codeHash,
          invitation.orgId,
          invitation.email,
          invitation.kind,
          JSON.stringify(invitation.roles),
          invitation.invitedBy,
          invitation.createdAt,
          invitation.expiresAt,
        ],
      );
      await writePgOrgAudit(this.db, origin, audit);
    });
  }

  acceptInvitation(
    invitationId: string,
    grant: RoleGrant,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<GrantResult | 'USED'> {
    return this.db.transaction(async (): Promise<GrantResult | 'USED'> => {
      const used = await this.db.query(
        'UPDATE org_invitations SET used_at = $1, used_by = $2 WHERE id = $3 AND used_at IS NULL',
        [origin.at, grant.userId, invitationId],
      );
      if (used.rowCount !== 1) return 'USED';
      const granted = await grantInPg(this.db, grant, origin);
      await writePgOrgAudit(this.db, origin, audit);
      return granted;
    });
  }

  async pendingInvitations(
    orgId: string,
    now: number,
    page: Parameters<OrgStore['pendingInvitations']>[2],
  ): Promise<PendingInvitationRecord[] | 'UNKNOWN_CURSOR'> {
    let cursor: Row | undefined;
    if (page.after != null) {
      [cursor] = await this.rows('SELECT created_at, id FROM org_invitations WHERE id = $1 AND org_id = $2', [
        page.after,
        orgId,
      ]);
      if (!cursor) return 'UNKNOWN_CURSOR';
    }
    const rows = await this.rows(
      `SELECT i.id, i.email, i.kind, i.roles, u.name AS invited_by_name, i.created_at, i.expires_at
         FROM org_invitations i LEFT JOIN users u ON u.id = i.invited_by
        WHERE i.org_id = $1 AND i.used_at IS NULL AND i.expires_at > $2
          AND ($3::text IS NULL OR i.created_at < $4::bigint
               OR (i.created_at = $4::bigint AND i.id COLLATE "C" < $3::text COLLATE "C"))
        ORDER BY i.created_at DESC, i.id COLLATE "C" DESC
        LIMIT $5`,
      [orgId, now, cursor?.id ?? null, cursor?.created_at ?? null, page.first],
    );
    return rows.map((r) => ({
      id: r.id as string,
      email: r.email as string,
      kind: r.kind as PendingInvitationRecord['kind'],
      roles: rolesOf(r.roles as string),
      invitedByName: r.invited_by_name as string | null,
      createdAt: Number(r.created_at),
      expiresAt: Number(r.expires_at),
    }));
  }

  async invitationsSentSince(userId: string, since: number): Promise<number> {
    const [row] = await this.rows(
      "SELECT count(*) AS n FROM audit_events WHERE action = 'orgInvitationCreated' AND user_id = $1 AND at > $2",
      [userId, since],
    );
    return Number(row!.n);
  }

  async features(orgId: string): Promise<Record<string, FeatureValue>> {
    const out: Record<string, FeatureValue> = {};
    const rows = await this.rows('SELECT name, value FROM org_features WHERE org_id = $1 ORDER BY name COLLATE "C"', [
      orgId,
    ]);
    for (const row of rows) out[row.name as string] = JSON.parse(row.value as string) as FeatureValue;
    return out;
  }

  setFeature(
    orgId: string,
    name: string,
    value: FeatureValue,
    by: string,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query(
        `INSERT INTO org_features (org_id, name, value, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (org_id, name) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by,
           updated_at = excluded.updated_at`,
        [orgId, name, JSON.stringify(value), by, origin.at],
      );
      await writePgOrgAudit(this.db, origin, audit);
    });
  }

  removeFeature(orgId: string, name: string, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query('DELETE FROM org_features WHERE org_id = $1 AND name = $2', [orgId, name]);
      await writePgOrgAudit(this.db, origin, audit);
    });
  }

  async activePlans(): Promise<PlanRecord[]> {
    const rows = await this.rows(
      `SELECT ${PLAN_COLUMNS} FROM plans WHERE active = 1 ORDER BY product_name COLLATE "C", amount`,
    );
    return rows.map(planRecord);
  }

  async allPlans(): Promise<(PlanRecord & { active: boolean })[]> {
    const rows = await this.rows(
      `SELECT ${PLAN_COLUMNS}, active FROM plans
       ORDER BY product_id COLLATE "C", "interval" COLLATE "C", active DESC, id COLLATE "C"`,
    );
    return rows.map((r) => ({ ...planRecord(r), active: r.active === 1 }));
  }

  async plan(planId: string): Promise<(PlanRecord & { active: boolean }) | null> {
    const [row] = await this.rows(`SELECT ${PLAN_COLUMNS}, active FROM plans WHERE id = $1`, [planId]);
    return row ? { ...planRecord(row), active: row.active === 1 } : null;
  }

  putPlans(plans: readonly (PlanRecord & { active: boolean })[]): Promise<void> {
    return this.db.transaction(async () => {
      for (const p of plans) {
        await this.db.query(
          `INSERT INTO plans (${PLAN_COLUMNS}, active) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (id) DO UPDATE SET amount = excluded.amount, product_id = excluded.product_id,
             product_name = excluded.product_name, nickname = excluded.nickname, "interval" = excluded."interval",
             lookup_key = excluded.lookup_key, product_features_json = excluded.product_features_json,
             active = excluded.active`,
          [
            p.id,
            p.amount,
            p.productId,
            p.productName,
            p.nickname,
            p.interval,
            p.lookupKey,
            p.productFeaturesJson,
            p.active ? 1 : 0,
          ],
        );
      }
    });
  }

  async isActivePlan(planId: string): Promise<boolean> {
    return (await this.rows('SELECT 1 FROM plans WHERE id = $1 AND active = 1', [planId])).length > 0;
  }
}
