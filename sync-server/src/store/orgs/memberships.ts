import type { OrgRole, OrgType, SubscriptionStatusName } from '@vigil/shared';
import type { AuditOrigin, GrantResult, OrgAuditEvent, RoleGrant } from './common.js';

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

/** A user as the internal team app lists them, with their memberships. */
export interface TeamUserRecord {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: number;
  memberships: { orgId: string; orgName: string; orgType: OrgType; roles: OrgRole[] }[];
}

/** Memberships: who belongs to an organisation with which roles, and the users as the team app lists them. */
export interface MembershipStore {
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
  /** Users matching a name or email (case-insensitive substring) with their memberships, newest first, at most `limit`. */
  teamUsers(search: string, limit: number): Promise<TeamUserRecord[]>;
}
