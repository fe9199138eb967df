import { isOneOf, ORG_ROLES, type FeatureValue, type OrgRole } from '@vigil/shared';
import type { UserRow } from '../accounts/types.js';
import type { AuditStore } from '../audit/types.js';
import type { MemoryDatabase, MemoryTable } from '../memory/database.js';
import type { AuditOrigin, GrantResult, OrgAuditEvent, RoleGrant } from './common.js';
import type { PlanRecord } from './features.js';
import type { OrgRecord } from './organisations.js';

/*
 * What the memory aggregates of the organisations' repository share (the counterpart of
 * sqlite-common.ts): their tables in one MemoryDatabase, the users and plans they read, the
 * audit trail they append to, and the role grant.
 */

export interface StoredMember {
  id: string;
  orgId: string;
  userId: string;
  /** As written; read through rolesOf, as SQLite's JSON column is. */
  roles: string[];
  createdAt: number;
  updatedAt: number;
}

export interface StoredInvitation {
  id: string;
  codeHash: string;
  orgId: string;
  email: string;
  kind: 'parentInvitation' | 'regular';
  roles: string[];
  invitedBy: string | null;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  usedBy: string | null;
}

export interface StoredFeature {
  orgId: string;
  name: string;
  value: FeatureValue;
  updatedBy: string | null;
  updatedAt: number;
}

/** The organisations' tables (migration 10), each in the order its rows were written. */
export interface OrgTables {
  orgs: OrgRecord[];
  /** (org id, parent org id) pairs: org_parents. */
  parents: [string, string][];
  members: StoredMember[];
  invitations: StoredInvitation[];
  features: StoredFeature[];
  /** Plans written through the store (putPlans), over the given catalogue. */
  plans: CataloguePlan[];
}

/** A plan of the payment provider's catalogue, as the plans table holds it. */
export type CataloguePlan = PlanRecord & { active: boolean };

/** What the memory aggregates work on: touched only inside `db.run` or `db.transaction`. */
export interface MemoryOrgContext {
  db: MemoryDatabase;
  tables: MemoryTable<OrgTables>;
  /** The users their joins read (the memory accounts store's rows). */
  users: () => readonly UserRow[];
  /** The trail every write's audit event is appended to, in the write's transaction. */
  audit: Pick<AuditStore, 'append' | 'count'>;
  /** The plans table as given (a test's catalogue); putPlans writes over it in `tables.plans`. */
  plans: () => readonly CataloguePlan[];
}

/** The internal organisation, which exists from the start (migration 10 inserts it). */
export function internalOrg(now: number): OrgRecord {
  // SQLite's strftime('%s', 'now') * 1000: whole seconds.
  const at = Math.floor(now / 1000) * 1000;
  return {
    id: 'vigil',
    fhirId: 'org-vigil000000000',
    name: 'Vigil',
    type: 'vigil',
    email: null,
    hasBaa: false,
    visionType: null,
    preventResourceEditing: false,
    subscriptionStatus: 'active',
    trialEnd: null,
    isOnboarding: false,
    addressLine1: null,
    addressLine2: null,
    city: null,
    state: null,
    postalCode: null,
    country: null,
    taxStatus: null,
    billingName: null,
    shippingAddress: null,
    planId: null,
    referredBy: null,
    referralType: null,
    createdBy: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** Stored roles, keeping only the roles the spec knows (sqlite-common.ts rolesOf). */
export function knownRoles(roles: readonly string[]): OrgRole[] {
  return roles.filter((r): r is OrgRole => isOneOf(ORG_ROLES, r));
}

/** SQLite's BINARY text order (the same as UTF-16 order for the ids and names stored here). */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * SQLite's foreign keys, checked before a write changes anything: the organisation and the users
 * a row names must exist (a null user is allowed where the column is nullable).
 */
export function requireRefs(ctx: MemoryOrgContext, orgId: string | null, userIds: readonly (string | null)[]): void {
  if (orgId !== null && !ctx.tables.value.orgs.some((o) => o.id === orgId))
    throw new Error('FOREIGN KEY: no such organisation');
  const users = ctx.users();
  for (const id of userIds)
    if (id !== null && !users.some((u) => u.id === id)) throw new Error('FOREIGN KEY: no such user');
}

/** Appends one organisation event to the audit trail, inside the caller's transaction. */
export function appendOrgAudit(ctx: MemoryOrgContext, origin: AuditOrigin, event: OrgAuditEvent): Promise<void> {
  return ctx.audit.append({
    at: origin.at,
    userId: event.userId,
    email: event.email ?? null,
    action: event.action,
    outcome: 'success',
    ip: origin.ip,
    userAgent: origin.userAgent,
    detail: JSON.stringify(event.detail),
  });
}

/**
 * Adds the roles to a member, or the member, with its audit event (inside the caller's
 * transaction): the one grant that creating an organisation and accepting an invitation make too.
 */
export async function grantInMemory(
  ctx: MemoryOrgContext,
  grant: RoleGrant,
  origin: AuditOrigin,
): Promise<GrantResult> {
  const members = ctx.tables.value.members;
  const existing = members.find((m) => m.orgId === grant.orgId && m.userId === grant.userId);
  if (!existing) {
    // The primary key: SQLite refuses a second membership with this id.
    if (members.some((m) => m.id === grant.newMemberId)) throw new Error('a membership with this id exists');
    requireRefs(ctx, grant.orgId, [grant.userId]);
    const roles = [...new Set(grant.roles)];
    members.push({
      id: grant.newMemberId,
      orgId: grant.orgId,
      userId: grant.userId,
      roles: [...roles],
      createdAt: origin.at,
      updatedAt: origin.at,
    });
    await appendOrgAudit(ctx, origin, {
      action: 'orgMemberAdded',
      userId: grant.by,
      detail: { orgId: grant.orgId, memberId: grant.newMemberId, memberUserId: grant.userId, roles, via: grant.via },
    });
    return { memberId: grant.newMemberId, roles, change: 'added' };
  }
  const before = knownRoles(existing.roles);
  const roles = [...new Set([...before, ...grant.roles])];
  if (roles.length === before.length) return { memberId: existing.id, roles, change: 'unchanged' };
  existing.roles = [...roles];
  existing.updatedAt = origin.at;
  await appendOrgAudit(ctx, origin, {
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
