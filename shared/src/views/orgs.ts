import type { BaaSignature } from '../orgs/baa.js';
import type { PostalAddress } from '../orgs/forms.js';

/*
 * The organisation API's GraphQL views (spec 000 §3, §7): the shapes the server's resolvers
 * return and the client reads. One definition for both sides (issue 26), matching the schema
 * text in sync-server/src/graphql/orgs/ field for field.
 */

/** Subscription status (spec 000 §3): ok is derived (spec 000 §4). */
export interface OrgSubscriptionStatusView {
  status: string;
  trialEnd: number | null;
  ok: boolean;
}

/** An organisation (spec 000 §3 Org). */
export interface OrgView {
  id: string;
  fhirId: string;
  name: string;
  type: string;
  email: string | null;
  hasBAA: boolean;
  visionType: string | null;
  parentOrgs: string[];
  /** JSON object of the feature flags the organisation has set. */
  featuresJSON: string;
  preventResourceEditing: boolean;
  subscriptionStatus: OrgSubscriptionStatusView;
  isOnboarding: boolean;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  taxStatus: string | null;
  /** The billing address (spec 000 §3): the address lines with a billing name; null until set. */
  billingAddress: PostalAddress | null;
  /** The shipping address; null when it is the same as billing. */
  shippingAddress: PostalAddress | null;
}

/** An organisation feature config entry (spec 000 §3). */
export interface OrgFeatureView {
  name: string;
  label: string;
  subLabel: string | null;
  checkboxLabel: string | null;
  value: boolean;
  owner: string;
  public: boolean;
  productFeature: boolean;
  type: string;
  stringValue: string | null;
  stringValues: readonly string[] | null;
}

/** A member of an organisation: id is the memberId of the session's orgs (and the Practitioner id). */
export interface OrgMemberView {
  id: string;
  userId: string;
  name: string;
  email: string;
  roles: string[];
}

/** A member of one of a parent organisation's child organisations (parent app org-members). */
export interface ChildOrgMemberView extends OrgMemberView {
  orgId: string;
  orgName: string;
}

/** A user's membership as the internal team sees it. */
export interface TeamUserMembershipView {
  orgId: string;
  orgName: string;
  orgType: string;
  roles: string[];
}

/** A user as the internal team app lists them (no secrets). */
export interface TeamUserView {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: number;
  memberships: TeamUserMembershipView[];
}

/** A session organisation (spec 000 §3): id, name, roles, status, type, memberId, href. */
export interface SessionOrgView {
  id: string;
  name: string;
  roles: string[];
  status: string;
  type: 'regular' | 'parent' | 'vigil' | 'reseller';
  memberId: string;
  href: string;
}

/** The session's organisations grouped by type (spec 000 §2 switcher, §3). */
export type SessionOrgGroupsView = Record<SessionOrgView['type'], SessionOrgView[]>;

/** An invitation as the invitation page reads it (spec 000 §3): type is parentInvitation or the organisation's type. */
export interface OrgInvitationView {
  orgId: string;
  orgName: string;
  type: string;
  /** The invited address, masked (j•••@example.com). */
  emailHint: string;
  /** Whether the signed-in user's address is the invited one; null when nobody is signed in. */
  sentToSignedInUser: boolean | null;
}

/** An invitation just sent. */
export interface OrgInvitationSentView {
  id: string;
  orgId: string;
  email: string;
  roles: string[];
  type: string;
  expiresAt: number;
}

/**
 * An invitation sent and not yet accepted nor expired, as the members screen lists it (issue 35
 * item 15): type is parentInvitation or the organisation's type; times are epoch ms.
 */
export interface OrgPendingInvitationView {
  id: string;
  email: string;
  roles: string[];
  type: string;
  /** Who sent it; null once their account is gone. */
  invitedByName: string | null;
  sentAt: number;
  expiresAt: number;
}

/** A subscription plan (spec 000 §3 Plan). */
export interface PlanView {
  id: string;
  amount: number;
  productId: string;
  productName: string;
  nickname: string | null;
  interval: string;
  lookupKey: string;
  productFeaturesJSON: string;
}

/** The organisation's Business Associate Agreement (spec 001 §3 Contract), signed or not yet. */
export interface BaaAnswerView {
  signed: boolean;
  version?: string | null;
  status?: string | null;
  /** The signed text (HTML, placeholders filled). */
  html?: string | null;
  coveredEntity?: BaaSignature | null;
  company?: BaaSignature | null;
}
