import type { OrgType, PostalAddress, SubscriptionStatusName } from '@vigil/shared';
import type { AuditOrigin, GrantResult, OrgAuditEvent, RoleGrant } from './common.js';

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
  /** The plan (price) subscribed to (issue 37). */
  planId?: string | null;
}

/** Organisations, their parents and their audit events (spec 000 §3 Org). */
export interface OrganisationStore {
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
}
