import type {
  FeatureValue,
  InvitationKind,
  OrgRole,
  OrgType,
  PostalAddress,
  SubscriptionStatusName,
} from '@vigil/shared';
import type { PageRequest } from '../../pages.js';

/*
 * The organisations' repository (issue 26): organisations and their parents, memberships,
 * invitations, feature flags, plans and the organisation audit events. Every method is async and
 * every write is ONE atomic operation (its audit events included), so a PostgreSQL
 * implementation only has to implement this interface and pass contract.test.ts.
 */

/** An organisation (spec 000 §3 Org) as stored. Times are epoch milliseconds. */
export interface OrgRecord {
  id: string;
  fhirId: string;
  name: string;
  type: OrgType;
  email: string | null;
  hasBaa: boolean;
  visionType: string | null;
  preventResourceEditing: boolean;
  subscriptionStatus: SubscriptionStatusName;
  trialEnd: number | null;
  isOnboarding: boolean;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  taxStatus: string | null;
  billingName: string | null;
  /** Null: the same as billing. */
  shippingAddress: PostalAddress | null;
  planId: string | null;
  referredBy: string | null;
  referralType: string | null;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A new organisation. */
export interface NewOrg {
  id: string;
  fhirId: string;
  name: string;
  type: OrgType;
  email: string | null;
  subscriptionStatus: SubscriptionStatusName;
  trialEnd: number | null;
  isOnboarding: boolean;
  planId: string | null;
  referredBy: string | null;
  referralType: string | null;
  createdBy: string;
}

/** The columns updateOrg may change; an absent key is left as it is. */
export interface OrgChanges {
  name?: string;
  email?: string | null;
  type?: OrgType;
  visionType?: string | null;
  preventResourceEditing?: boolean;
  isOnboarding?: boolean;
  subscriptionStatus?: SubscriptionStatusName;
  trialEnd?: number | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
  taxStatus?: string | null;
  billingName?: string | null;
  /** Null: the same as billing. */
  shippingAddress?: PostalAddress | null;
}

/** A membership with the member's name and email (from the account). */
export interface MemberRecord {
  id: string;
  orgId: string;
  userId: string;
  roles: OrgRole[];
  name: string;
  email: string;
}

/** A membership as a session lists it: the organisation's status facts with the member id and roles. */
export interface UserOrgRecord {
  id: string;
  name: string;
  type: OrgType;
  subscriptionStatus: SubscriptionStatusName;
  trialEnd: number | null;
  isOnboarding: boolean;
  memberId: string;
  roles: OrgRole[];
}

export interface InvitationRecord {
  id: string;
  orgId: string;
  email: string;
  kind: InvitationKind;
  roles: OrgRole[];
  expiresAt: number;
  usedAt: number | null;
}

/** An invitation not yet accepted nor expired, as the members screen lists it (issue 35 item 15). */
export interface PendingInvitationRecord {
  id: string;
  email: string;
  kind: InvitationKind;
  roles: OrgRole[];
  /** The sender's name; null once their account is gone. */
  invitedByName: string | null;
  createdAt: number;
  expiresAt: number;
}

export interface NewInvitation {
  id: string;
  codeHash: string;
  orgId: string;
  email: string;
  kind: InvitationKind;
  roles: readonly OrgRole[];
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
}

export interface PlanRecord {
  id: string;
  amount: number;
  productId: string;
  productName: string;
  nickname: string | null;
  interval: string;
  lookupKey: string;
  productFeaturesJson: string;
}

/** A user as the internal team app lists them, with their memberships. */
export interface TeamUserRecord {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: number;
  memberships: { orgId: string; orgName: string; orgType: OrgType; roles: OrgRole[] }[];
}

/** Organisation audit actions, written to the append-only audit trail (hash-chained by the sealer). */
export type OrgAuditAction =
  | 'orgCreated'
  | 'orgUpdated'
  | 'orgMemberAdded'
  | 'orgMemberRemoved'
  | 'orgRolesChanged'
  | 'orgInvitationCreated'
  | 'orgInvitationAccepted'
  | 'orgFeatureAdded'
  | 'orgFeatureRemoved'
  | 'orgBaaSigned'
  // Issue 36 item 2: what changes what a clinician may sign or chart.
  | 'policySet'
  | 'policyDeleted'
  | 'orgFormCreated'
  | 'orgFormUpdated'
  | 'orgFormDeleted'
  | 'inventoryCreated';

/** Where and when a change was asked for: every audit event of the operation carries it. */
export interface AuditOrigin {
  at: number;
  ip: string | null;
  userAgent: string | null;
}

/** One organisation audit event (who, what; outcome success). */
export interface OrgAuditEvent {
  action: OrgAuditAction;
  userId: string | null;
  email?: string | null;
  detail: Record<string, unknown>;
}

/**
 * Roles added to a user's membership, creating it (id `newMemberId`) when missing. Audited as
 * orgMemberAdded or orgRolesChanged by `by`, via `via`; nothing is written when no role is new.
 */
export interface RoleGrant {
  orgId: string;
  userId: string;
  roles: readonly OrgRole[];
  by: string | null;
  via: string;
  newMemberId: string;
}

export interface GrantResult {
  memberId: string;
  roles: OrgRole[];
  change: 'added' | 'changed' | 'unchanged';
}

export interface OrgStore {
  // Organisations
  org(id: string): Promise<OrgRecord | null>;
  /** Every organisation, by name then id. */
  allOrgs(): Promise<OrgRecord[]>;
  /** The organisations a parent oversees, by name then id. */
  childOrgs(parentOrgId: string): Promise<OrgRecord[]>;
  /** The parent organisations of an organisation (spec 000 §3 parentOrgs), sorted: the one query for it. */
  parentsOf(orgId: string): Promise<string[]>;
  /** A new organisation, its creator's first roles and their audit events, in one step. */
  createOrg(org: NewOrg, creator: RoleGrant, origin: AuditOrigin, audit: OrgAuditEvent): Promise<GrantResult>;
  /** Changes columns and, when `parents` is given, replaces the parent organisations. */
  updateOrg(
    orgId: string,
    changes: OrgChanges,
    parents: readonly string[] | null,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<void>;
  /** Marks the organisation as having a signed Business Associate Agreement (hasBAA). */
  markBaaSigned(orgId: string, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void>;
  /** Appends an organisation audit event on its own (a countersignature). */
  audit(origin: AuditOrigin, audit: OrgAuditEvent): Promise<void>;

  // Feature flags
  /** The flags the organisation has set, by name. */
  features(orgId: string): Promise<Record<string, FeatureValue>>;
  setFeature(
    orgId: string,
    name: string,
    value: FeatureValue,
    by: string,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<void>;
  removeFeature(orgId: string, name: string, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void>;

  // Plans
  /** Active plans, by product name then amount. */
  activePlans(): Promise<PlanRecord[]>;
  isActivePlan(planId: string): Promise<boolean>;

  // Memberships
  /** The organisation's members, by name then email. */
  members(orgId: string): Promise<MemberRecord[]>;
  memberByUser(orgId: string, userId: string): Promise<MemberRecord | null>;
  /** The members of every child organisation of a parent, by organisation, then name and email. */
  childOrgMembers(parentOrgId: string): Promise<(MemberRecord & { orgName: string })[]>;
  /** The user's memberships with their organisations' status facts, by organisation name then id. */
  userOrgs(userId: string): Promise<UserOrgRecord[]>;
  grantRoles(grant: RoleGrant, origin: AuditOrigin): Promise<GrantResult>;
  setMemberRoles(memberId: string, roles: readonly OrgRole[], origin: AuditOrigin, audit: OrgAuditEvent): Promise<void>;
  removeMember(memberId: string, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void>;

  // Invitations
  invitationByCodeHash(codeHash: string): Promise<InvitationRecord | null>;
  createInvitation(invitation: NewInvitation, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void>;
  /**
   * Uses an invitation up and grants its roles, in one step: 'USED' (nothing written) when it was
   * already used. The acceptance event is audited after the grant's.
   */
  acceptInvitation(
    invitationId: string,
    grant: RoleGrant,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<GrantResult | 'USED'>;
  /**
   * A page of an organisation's pending invitations (not used, expiring after `now`), newest
   * first (by sending time, then id), after the invitation `page.after` (its id). A cursor that is
   * not one of the organisation's invitations answers 'UNKNOWN_CURSOR'.
   */
  pendingInvitations(
    orgId: string,
    now: number,
    page: PageRequest,
  ): Promise<PendingInvitationRecord[] | 'UNKNOWN_CURSOR'>;
  /** How many invitations a user sent since a time (from the audit trail: the hourly limit). */
  invitationsSentSince(userId: string, since: number): Promise<number>;

  // Users, as the organisations need them
  /** Users matching a name or email (case-insensitive substring), newest first, at most `limit`. */
  teamUsers(search: string, limit: number): Promise<TeamUserRecord[]>;
  userName(userId: string): Promise<string | null>;
  userByEmail(email: string): Promise<{ id: string; email: string } | null>;
}
