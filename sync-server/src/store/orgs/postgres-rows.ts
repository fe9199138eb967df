import type { PostalAddress } from '@vigil/shared';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { AuditOrigin, GrantResult, OrgAuditEvent, RoleGrant } from './common.js';
import type { MemberRecord, TeamUserRecord } from './memberships.js';
import type { OrgChanges, OrgRecord } from './organisations.js';
import type { PlanRecord } from './features.js';
import { rolesOf } from './sqlite-common.js';

/** Rows, columns and the shared write steps of the organisations' PostgreSQL store (postgres.ts). */
/** A BIGINT column (a string from node-postgres) as a number, null kept. */
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export type Row = Record<string, unknown>;

export function orgRecord(r: Row): OrgRecord {
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

export const memberRecord = (r: Row): MemberRecord => ({
  id: r.id as string,
  orgId: r.org_id as string,
  userId: r.user_id as string,
  roles: rolesOf(r.roles as string),
  name: r.name as string,
  email: r.email as string,
});

export const planRecord = (r: Row): PlanRecord => ({
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

export const MEMBER_COLUMNS = 'm.id, m.org_id, m.user_id, m.roles, u.name, u.email';
export const PLAN_COLUMNS =
  'id, amount, product_id, product_name, nickname, "interval", lookup_key, product_features_json';

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
export async function grantInPg(db: PostgresDatabase, grant: RoleGrant, origin: AuditOrigin): Promise<GrantResult> {
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

/** The SET list and values of an organisation's changes (keys with a value). */
export function changeColumns(
  keys: readonly (keyof OrgChanges)[],
  changes: OrgChanges,
): { values: unknown[]; sets: string[] } {
  return {
    values: keys.map((k) => (COLUMNS[k][1] as (v: unknown) => unknown)(changes[k])),
    sets: keys.map((k, i) => `${COLUMNS[k][0]} = $${i + 1}`),
  };
}

/** The team's user search (teamUsers): users by name or email, newest first, with their organisations. */
export async function pgTeamUsers(db: PostgresDatabase, search: string, limit: number): Promise<TeamUserRecord[]> {
  const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const users = (
    await db.query<Row>(
      `SELECT id, name, email, email_verified, created_at FROM users
     WHERE lower(name) LIKE $1 ESCAPE '\\' OR lower(email) LIKE $1 ESCAPE '\\'
     ORDER BY created_at DESC, id COLLATE "C" LIMIT $2`,
      [like, limit],
    )
  ).rows;
  const memberships = (
    await db.query<Row>(
      `SELECT m.user_id, o.id, o.name, o.type, m.roles FROM org_members m JOIN orgs o ON o.id = m.org_id
     WHERE m.user_id = ANY($1::text[]) ORDER BY o.name COLLATE "C", o.id COLLATE "C"`,
      [users.map((u) => u.id)],
    )
  ).rows;
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
