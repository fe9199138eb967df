import {
  acceptedFeatureValue,
  assignableRoles,
  BAA_CONTRACT_ID,
  BAA_DOCUMENT,
  baaContract,
  baaView,
  contractStillMissing,
  hasRole,
  validateOrgDetails,
  withCompanySignature,
  validateResource,
  type BaaView,
  type Contract,
  emailSchema,
  featureChangeAccess,
  featureDefinition,
  HOUR,
  invitationKind,
  isInternalUber,
  isInvitedAddress,
  maskEmail,
  isOneOf,
  isSubscriptionOk,
  isValidOrgId,
  nameSchema,
  newId,
  normalizeEmail,
  ORG_FEATURES,
  ORG_TAG_SYSTEM,
  ORG_INVITATION_TTL_MS,
  ORG_ROLES,
  ORG_TYPES,
  orgAccess,
  PRACTITIONER_ROLE_SYSTEM,
  PRACTITIONER_USER_SYSTEM,
  resolveFeatures,
  rolesFromInvitation,
  suggestOrgId,
  TRIAL_MS,
  VIGIL_ORG_ID,
  type FeatureValue,
  type InvitationKind,
  type OrgIdAvailability,
  type OrgRef,
  type OrgRole,
  type OrgType,
  type PermissionSubject,
  type PostalAddress,
  type Practitioner,
  type SubscriptionStatusName,
} from '@vigil/shared';
import { z } from 'zod';
import { fail, type Accounts, type Current } from '../auth/accounts.js';
import type { RequestMeta } from '../auth/audit.js';
import { rotateSessionToken, userMemberships } from '../auth/sessions.js';
import { newLinkCode, sha256 } from '../auth/tokens.js';
import type { Db } from '../db/database.js';
import { SqliteResourceStore } from '../fhir/sqlite-store.js';
import { createLogger } from '../log.js';
import { createSender, type MessageSender } from '../mail/sender.js';
import { sessionView, userView, type SessionView } from './accounts.js';
import type { GraphqlContext } from './context.js';

/*
 * Organisations (issue 4; spec 000 §3, §5, §6, §7, §8): the calls of spec 000 §7 and what the
 * member screens need. Every call rebuilds the caller's memberships from the database and asks
 * the shared permission rules (shared/src/orgs/permissions.ts); nothing the client sends about
 * its own rights is trusted.
 */

export const orgTypeDefs = /* GraphQL */ `
  "Subscription status (spec 000 §3): ok is derived (spec 000 §4)."
  type OrgSubscriptionStatus {
    status: String!
    trialEnd: Float
    ok: Boolean!
  }

  "An organisation (spec 000 §3 Org)."
  type Org {
    id: ID!
    fhirId: ID!
    name: String!
    type: String!
    email: String
    hasBAA: Boolean!
    visionType: String
    parentOrgs: [ID!]!
    "JSON object of the feature flags the organisation has set."
    featuresJSON: String!
    preventResourceEditing: Boolean!
    subscriptionStatus: OrgSubscriptionStatus!
    isOnboarding: Boolean!
    addressLine1: String
    addressLine2: String
    city: String
    state: String
    postalCode: String
    country: String
    taxStatus: String
    "The billing address (spec 000 §3): the organisation's address lines with a billing name."
    billingAddress: PostalAddress
    "The shipping address; null when it is the same as billing."
    shippingAddress: PostalAddress
  }

  "An address line set as the payment provider keeps it (spec 000 §3)."
  type AddressLines {
    line1: String!
    line2: String
    city: String!
    state: String!
    postal_code: String!
    country: String!
  }

  "A billing or shipping address (spec 000 §3): name plus address."
  type PostalAddress {
    name: String!
    address: AddressLines!
  }

  input AddressLinesInput {
    line1: String
    line2: String
    city: String
    state: String
    postal_code: String
    country: String
  }

  input PostalAddressInput {
    name: String
    address: AddressLinesInput!
  }

  "updateOrg properties (spec 000 §7: org fields plus visionType). type and parentOrgs: internal team only."
  input OrgProperties {
    name: String
    email: String
    type: String
    visionType: String
    parentOrgs: [ID!]
    preventResourceEditing: Boolean
    isOnboarding: Boolean
    addressLine1: String
    addressLine2: String
    city: String
    state: String
    postalCode: String
    country: String
    taxStatus: String
  }

  "An invitation as the invitation page reads it (spec 000 §3): type is parentInvitation or the organisation's type."
  type OrgInvitation {
    orgId: ID!
    orgName: String!
    type: String!
    "The invited address, masked (j•••@example.com)."
    emailHint: String!
    "Whether the signed-in user's address is the invited one; null when nobody is signed in."
    sentToSignedInUser: Boolean
  }

  "An invitation just sent."
  type OrgInvitationSent {
    id: ID!
    orgId: ID!
    email: String!
    roles: [String!]!
    type: String!
    expiresAt: Float!
  }

  "An organisation feature config entry (spec 000 §3)."
  type OrgFeature {
    name: String!
    label: String!
    subLabel: String
    checkboxLabel: String
    value: Boolean!
    owner: String!
    public: Boolean!
    productFeature: Boolean!
    type: String!
    stringValue: String
    stringValues: [String!]
  }

  "A subscription plan (spec 000 §3 Plan)."
  type Plan {
    id: ID!
    amount: Int!
    productId: String!
    productName: String!
    nickname: String
    interval: String!
    lookupKey: String!
    productFeaturesJSON: String!
  }

  "A member of an organisation: id is the memberId of the session's orgs."
  type OrgMember {
    id: ID!
    userId: ID!
    name: String!
    email: String!
    roles: [String!]!
  }

  "A member of one of a parent organisation's child organisations (parent app org-members)."
  type ChildOrgMember {
    orgId: ID!
    orgName: String!
    id: ID!
    userId: ID!
    name: String!
    email: String!
    roles: [String!]!
  }

  "A user's membership as the internal team sees it."
  type TeamUserMembership {
    orgId: ID!
    orgName: String!
    orgType: String!
    roles: [String!]!
  }

  "A user as the internal team app lists them (no secrets)."
  type TeamUser {
    id: ID!
    name: String!
    email: String!
    emailVerified: Boolean!
    createdAt: Float!
    memberships: [TeamUserMembership!]!
  }

  "What createOrg and createOnboardingOrg answer: the new organisation's ID and the session (new token in the cookie)."
  type CreatedOrg {
    orgId: ID!
    session: Session!
  }

  "What acceptOrgInvitation answers (spec 000 §7: user and session)."
  type AcceptedOrgInvitation {
    orgId: ID!
    type: String!
    user: User!
    session: Session!
  }

  "One signature of the Business Associate Agreement (spec 001 §3): name, signatureSvg, companyName, time."
  type BaaSignature {
    name: String!
    signatureSvg: String
    companyName: String!
    time: String!
  }

  "The organisation's Business Associate Agreement (spec 001 §3 Contract), signed or not yet."
  type Baa {
    signed: Boolean!
    version: String
    status: String
    "The signed text (HTML, placeholders filled)."
    html: String
    coveredEntity: BaaSignature
    company: BaaSignature
  }

  "The Business Associate Agreement form's fields (spec 000 §3 contract document form.fields)."
  input BaaFields {
    companyName: String
    name: String
    title: String
  }

  extend type Query {
    org(orgId: String): Org!
    "The organisation's Business Associate Agreement: for its members and whoever may administer it."
    baa(orgId: String): Baa!
    orgIdAvailability(orgId: String): String!
    orgInvitation(invitationId: String): OrgInvitation!
    orgFeaturesConfig(orgId: String): [OrgFeature!]!
    availablePlans: [Plan!]!
    orgMembers(orgId: String): [OrgMember!]!
    "The organisations a parent organisation oversees (parent app, spec 000 §2): for whoever administers the parent."
    childOrgs(parentOrgId: String): [Org!]!
    "Every organisation (internal team app, spec 000 §2): internal ubers only."
    allOrgs: [Org!]!
    "The members of every child organisation (parent app org-members): for whoever administers the parent."
    childOrgMembers(parentOrgId: String): [ChildOrgMember!]!
    "Users, newest first, optionally matching a name or email (internal team app users): internal ubers only."
    teamUsers(search: String): [TeamUser!]!
  }

  extend type Mutation {
    updateOrg(orgId: String, properties: OrgProperties!): Org!
    createOrg(
      orgId: String
      orgType: String!
      orgName: String!
      orgEmail: String
      planId: String
      referredBy: String
      referralType: String
    ): CreatedOrg!
    createOnboardingOrg(
      orgType: String!
      orgName: String!
      orgEmail: String
      referredBy: String
      referralType: String
    ): CreatedOrg!
    acceptOrgInvitation(invitationId: String): AcceptedOrgInvitation!
    addOrgFeature(orgId: String, featureName: String!, stringValue: String): [OrgFeature!]!
    removeOrgFeature(orgId: String, featureName: String!): [OrgFeature!]!
    createOrgInvitation(orgId: String, email: String!, roles: [String!]): OrgInvitationSent!
    updateMemberRoles(orgId: String, memberId: ID!, roles: [String!]!): OrgMember!
    removeMember(orgId: String, memberId: ID!): Boolean!
    "Sets the billing address and the shipping address (null: same as billing), spec 000 §7 doUpdateOrgBillingAddresses."
    updateOrgBillingAddresses(orgId: String, address: PostalAddressInput!, shipping: PostalAddressInput): Org!
    "Vigil's countersignature of a signed Business Associate Agreement (internal ubers, after a fresh sudo)."
    countersignBaa(orgId: String, name: String!, signaturePath: String!): Baa!
    "Signs the Business Associate Agreement for the organisation (its own admins only)."
    signBaa(orgId: String, version: String!, fields: BaaFields!, accepted: Boolean!, signaturePath: String!): Baa!
  }
`;

// ---------------------------------------------------------------------------------------------
// Rows and views
// ---------------------------------------------------------------------------------------------

export interface OrgRow {
  id: string;
  fhir_id: string;
  name: string;
  type: OrgType;
  email: string | null;
  has_baa: number;
  vision_type: string | null;
  prevent_resource_editing: number;
  subscription_status: SubscriptionStatusName;
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

interface InvitationRow {
  id: string;
  org_id: string;
  email: string;
  kind: InvitationKind;
  roles: string;
  expires_at: number;
  used_at: number | null;
}

interface OrgView {
  id: string;
  fhirId: string;
  name: string;
  type: OrgType;
  email: string | null;
  hasBAA: boolean;
  visionType: string | null;
  parentOrgs: string[];
  featuresJSON: string;
  preventResourceEditing: boolean;
  subscriptionStatus: { status: string; trialEnd: number | null; ok: boolean };
  isOnboarding: boolean;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  taxStatus: string | null;
  billingAddress: PostalAddress | null;
  shippingAddress: PostalAddress | null;
}

interface FeatureView {
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

interface MemberView {
  id: string;
  userId: string;
  name: string;
  email: string;
  roles: string[];
}

/** A session organisation (spec 000 §3): id, name, roles, status, type, memberId, href. */
export interface SessionOrgView {
  id: string;
  name: string;
  roles: string[];
  status: string;
  type: OrgType;
  memberId: string;
  href: string;
}

/** Where each organisation type's app lives (spec 000 §2). */
export function orgHref(type: OrgType, id: string): string {
  switch (type) {
    case 'regular':
      return `/org/${id}`;
    case 'parent':
      return `/parent/${id}`;
    case 'vigil':
      return '/vigil-team';
    case 'reseller':
      return `/reseller/${id}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Store: the organisation tables
// ---------------------------------------------------------------------------------------------

export function orgById(db: Db, id: string): OrgRow | null {
  return (db.prepare('SELECT * FROM orgs WHERE id = ?').get(id) as OrgRow | undefined) ?? null;
}

export function parentOrgsOf(db: Db, orgId: string): string[] {
  return (
    db.prepare('SELECT parent_org_id FROM org_parents WHERE org_id = ? ORDER BY parent_org_id').all(orgId) as {
      parent_org_id: string;
    }[]
  ).map((r) => r.parent_org_id);
}

function storedFeatures(db: Db, orgId: string): Record<string, FeatureValue> {
  const out: Record<string, FeatureValue> = {};
  const rows = db.prepare('SELECT name, value FROM org_features WHERE org_id = ? ORDER BY name').all(orgId) as {
    name: string;
    value: string;
  }[];
  for (const row of rows) out[row.name] = JSON.parse(row.value) as FeatureValue;
  return out;
}

function members(db: Db, orgId: string): MemberRow[] {
  return db
    .prepare(
      `SELECT m.id, m.org_id, m.user_id, m.roles, u.name, u.email
       FROM org_members m JOIN users u ON u.id = m.user_id WHERE m.org_id = ? ORDER BY u.name, u.email`,
    )
    .all(orgId) as MemberRow[];
}

function rolesOf(json: string): OrgRole[] {
  return (JSON.parse(json) as string[]).filter((r): r is OrgRole => isOneOf(ORG_ROLES, r));
}

/** The session's organisations (spec 000 §3), from the user's memberships. */
export function sessionOrgsOf(db: Db, userId: string, now: number): SessionOrgView[] {
  const rows = db
    .prepare(
      `SELECT o.id, o.name, o.type, o.subscription_status, o.trial_end, o.is_onboarding, m.id AS member_id, m.roles
       FROM org_members m JOIN orgs o ON o.id = m.org_id WHERE m.user_id = ? ORDER BY o.name, o.id`,
    )
    .all(userId) as (Pick<OrgRow, 'id' | 'name' | 'type' | 'subscription_status' | 'trial_end' | 'is_onboarding'> & {
    member_id: string;
    roles: string;
  })[];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    roles: rolesOf(r.roles),
    // Decision: the organisation's subscription status; 'onboarding' while it is onboarding.
    status: r.is_onboarding
      ? 'onboarding'
      : isSubscriptionOk({ status: r.subscription_status, trialEnd: r.trial_end, isOnboarding: false }, now)
        ? r.subscription_status
        : r.subscription_status === 'trialing'
          ? 'trialEnded'
          : r.subscription_status,
    type: r.type,
    memberId: r.member_id,
    href: orgHref(r.type, r.id),
  }));
}

/** The session's organisations grouped by type (spec 000 §2 switcher, §3). */
export function groupedSessionOrgs(
  db: Db,
  userId: string,
  now: number,
): Record<'regular' | 'parent' | 'vigil' | 'reseller', SessionOrgView[]> {
  const groups = { regular: [], parent: [], vigil: [], reseller: [] } as Record<OrgType, SessionOrgView[]>;
  for (const org of sessionOrgsOf(db, userId, now)) groups[org.type].push(org);
  return groups;
}

/** Organisation audit actions, written to the accounts' append-only audit table. */
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
  | 'orgBaaSigned';

/** Appends one organisation event to audit_events (who, what, when, from where, outcome). */
export function auditOrg(
  db: Db,
  now: number,
  meta: RequestMeta,
  event: { action: OrgAuditAction; userId: string | null; email?: string | null; detail: Record<string, unknown> },
): void {
  db.prepare(
    `INSERT INTO audit_events (at, user_id, email, action, outcome, ip, user_agent, detail)
     VALUES (?, ?, ?, ?, 'success', ?, ?, ?)`,
  ).run(now, event.userId, event.email ?? null, event.action, meta.ip, meta.userAgent, JSON.stringify(event.detail));
}

/**
 * Keeps a member's Practitioner resource (id = memberId, issue 4 / spec 001 §3) in step with the
 * membership: name and user from the account, roles as security tags, active while a member.
 * The internal organisation has no clinical resources.
 */
export function syncPractitioner(
  db: Db,
  now: number,
  member: { id: string; orgId: string; userId: string; roles: readonly OrgRole[]; active: boolean },
): void {
  const org = orgById(db, member.orgId);
  if (!org || org.type === 'vigil') return;
  const user = db.prepare('SELECT name FROM users WHERE id = ?').get(member.userId) as { name: string } | undefined;
  if (!user) return;
  const store = new SqliteResourceStore(db);
  const current = store.read(member.orgId, 'Practitioner', member.id);
  const before = current?.resource?.resourceType === 'Practitioner' ? current.resource : null;
  const practitioner: Practitioner & { id: string } = {
    ...(before ?? {}),
    resourceType: 'Practitioner',
    id: member.id,
    active: member.active,
    name: before?.name ?? [{ text: user.name }],
    identifier: [{ system: PRACTITIONER_USER_SYSTEM, value: member.userId }],
    meta: {
      tag: [{ system: ORG_TAG_SYSTEM, code: member.orgId }],
      security: member.roles.map((code) => ({ system: PRACTITIONER_ROLE_SYSTEM, code })),
    },
  };
  store.write({ orgId: member.orgId, resource: practitioner }, new Date(now).toISOString());
}

/**
 * Adds roles to a user's membership, creating it when missing (invitations, org creation and
 * `npm run admin -- make-uber`). Audited as a new member or a role change.
 */
export function grantRoles(
  db: Db,
  now: number,
  meta: RequestMeta,
  input: { orgId: string; userId: string; roles: readonly OrgRole[]; by: string | null; via: string },
): { memberId: string; roles: OrgRole[] } {
  const existing = db
    .prepare('SELECT * FROM org_members WHERE org_id = ? AND user_id = ?')
    .get(input.orgId, input.userId) as { id: string; roles: string } | undefined;
  if (!existing) {
    const memberId = newId('prc');
    const roles = [...new Set(input.roles)];
    db.prepare(
      'INSERT INTO org_members (id, org_id, user_id, roles, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(memberId, input.orgId, input.userId, JSON.stringify(roles), now, now);
    auditOrg(db, now, meta, {
      action: 'orgMemberAdded',
      userId: input.by,
      detail: { orgId: input.orgId, memberId, memberUserId: input.userId, roles, via: input.via },
    });
    syncPractitioner(db, now, { id: memberId, orgId: input.orgId, userId: input.userId, roles, active: true });
    return { memberId, roles };
  }
  const before = rolesOf(existing.roles);
  const roles = [...new Set([...before, ...input.roles])];
  if (roles.length !== before.length) {
    db.prepare('UPDATE org_members SET roles = ?, updated_at = ? WHERE id = ?').run(
      JSON.stringify(roles),
      now,
      existing.id,
    );
    auditOrg(db, now, meta, {
      action: 'orgRolesChanged',
      userId: input.by,
      detail: {
        orgId: input.orgId,
        memberId: existing.id,
        memberUserId: input.userId,
        before,
        after: roles,
        via: input.via,
      },
    });
    syncPractitioner(db, now, { id: existing.id, orgId: input.orgId, userId: input.userId, roles, active: true });
  }
  return { memberId: existing.id, roles };
}

function orgView(db: Db, row: OrgRow, now: number): OrgView {
  return {
    id: row.id,
    fhirId: row.fhir_id,
    name: row.name,
    type: row.type,
    email: row.email,
    hasBAA: row.has_baa === 1,
    visionType: row.vision_type,
    parentOrgs: parentOrgsOf(db, row.id),
    featuresJSON: JSON.stringify(storedFeatures(db, row.id)),
    preventResourceEditing: row.prevent_resource_editing === 1,
    subscriptionStatus: {
      status: row.subscription_status,
      trialEnd: row.trial_end,
      ok: isSubscriptionOk(
        { status: row.subscription_status, trialEnd: row.trial_end, isOnboarding: row.is_onboarding === 1 },
        now,
      ),
    },
    isOnboarding: row.is_onboarding === 1,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    country: row.country,
    taxStatus: row.tax_status,
    billingAddress: row.address_line1
      ? {
          name: row.billing_name ?? row.name,
          address: {
            line1: row.address_line1,
            line2: row.address_line2,
            city: row.city ?? '',
            state: row.state ?? '',
            postal_code: row.postal_code ?? '',
            country: row.country ?? '',
          },
        }
      : null,
    shippingAddress: row.shipping_address ? (JSON.parse(row.shipping_address) as PostalAddress) : null,
  };
}

function featureViews(db: Db, orgId: string): FeatureView[] {
  const stored = storedFeatures(db, orgId);
  const values = resolveFeatures(stored);
  return ORG_FEATURES.map((f) => {
    const value = values[f.name] ?? null;
    return {
      name: f.name,
      label: f.label,
      subLabel: f.subLabel,
      checkboxLabel: f.checkboxLabel,
      value: value === true || (typeof value === 'string' && value !== ''),
      owner: f.owner,
      public: f.public,
      productFeature: f.productFeature,
      type: f.type,
      stringValue: typeof value === 'string' ? value : null,
      stringValues: f.stringValues,
    };
  });
}

function memberView(row: MemberRow): MemberView {
  return { id: row.id, userId: row.user_id, name: row.name, email: row.email, roles: rolesOf(row.roles) };
}

// ---------------------------------------------------------------------------------------------
// Requests: who is asking, and the checks
// ---------------------------------------------------------------------------------------------

/** Users the internal team app lists in one call (decision: a search narrows a longer list). */
export const TEAM_USERS_LIMIT = 200;

/** Invitations one person may send in an hour (decision: bounds mail abuse; the spec gives no limit). */
export const ORG_INVITATIONS_PER_HOUR = 50;

/** Delivery for invitation mail: the same transport the accounts use (SMTP_URL, else the outbox). */
const senders = new WeakMap<Accounts, MessageSender>();
function senderFor(accounts: Accounts): MessageSender {
  let sender = senders.get(accounts);
  if (!sender) {
    sender = createSender({
      db: accounts.db,
      now: accounts.now,
      smtpUrl: accounts.settings.smtpUrl,
      from: accounts.settings.mailFrom,
      log: createLogger('warn'),
    });
    senders.set(accounts, sender);
  }
  return sender;
}

interface Caller {
  current: Current | null;
  subject: PermissionSubject;
  /** A fresh sudo confirmation, or sudo skipped as the accounts server allows (spec 000 §6). */
  freshSudo: boolean;
}

function caller(ctx: GraphqlContext): Caller {
  const current = ctx.current();
  if (!current)
    return { current: null, subject: { signedIn: false, multiFactorValid: false, orgs: [] }, freshSudo: false };
  const { accounts } = ctx;
  const freshSudo =
    accounts.hasSudo(current) ||
    (accounts.settings.allowSudoSkip && accounts.verifiedMfaOptions(current.user.id).length === 0);
  return {
    current,
    subject: {
      signedIn: true,
      multiFactorValid: accounts.isMultiFactorValid(current.session),
      orgs: userMemberships(accounts.db, current.user.id, current.session.single_org),
    },
    freshSudo,
  };
}

/** spec 000 §5 / §8: calls about an organisation need its ID ('orgId is required'). */
function requireOrgId(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') fail('orgId is required');
  return value.trim();
}

function orgRef(db: Db, orgId: string): OrgRef {
  return { id: orgId, parentOrgs: parentOrgsOf(db, orgId) };
}

/**
 * The organisation and caller for a call that needs the organisation permission (`member`) or
 * the right to administer it (`admin`). An unknown organisation is NOT_AUTHORIZED to anyone who
 * could not administer every organisation (its existence is not revealed), NOT_FOUND otherwise.
 */
function authorize(
  ctx: GraphqlContext,
  rawOrgId: unknown,
  need: 'member' | 'admin',
): Caller & { current: Current; org: OrgRow } {
  const orgId = requireOrgId(rawOrgId);
  const who = caller(ctx);
  const db = ctx.accounts.db;
  const refusal = orgAccess(who.subject, orgRef(db, orgId), need);
  if (refusal) fail(refusal);
  // orgAccess refuses a caller without a session, so current is set here.
  if (!who.current) fail('NO_AUTHENTICATION');
  const org = orgById(db, orgId);
  if (!org) fail('NOT_FOUND');
  return { ...who, current: who.current, org };
}

/** Signed in with valid multi-factor (the rights of spec 000 §6 all need it). */
function requireFullCaller(ctx: GraphqlContext): Caller & { current: Current } {
  const who = caller(ctx);
  if (!who.current) fail('NO_AUTHENTICATION');
  if (!who.subject.multiFactorValid) fail('MFA_REQUIRED');
  return { ...who, current: who.current };
}

function parse<T extends z.ZodType>(schema: T, args: unknown): z.infer<T> {
  const result = schema.safeParse(args);
  if (!result.success) {
    const message = result.error.issues[0]?.message;
    fail(message && /^[A-Z_]+$/.test(message) ? message : 'INVALID_INPUT');
  }
  return result.data;
}

const text = (max: number): z.ZodOptional<z.ZodNullable<z.ZodString>> => z.string().trim().max(max).nullish();
const roleList = z.array(z.enum(ORG_ROLES)).max(ORG_ROLES.length);

const schemas = {
  createOrg: z.object({
    orgId: z.string().nullish(),
    orgType: z.enum(ORG_TYPES),
    orgName: nameSchema,
    orgEmail: emailSchema.nullish(),
    planId: text(100),
    referredBy: text(200),
    referralType: text(200),
  }),
  properties: z
    .object({
      name: nameSchema.nullish(),
      email: emailSchema.nullish(),
      type: z.enum(ORG_TYPES).nullish(),
      visionType: text(100),
      parentOrgs: z.array(z.string().max(100)).max(50).nullish(),
      preventResourceEditing: z.boolean().nullish(),
      isOnboarding: z.boolean().nullish(),
      addressLine1: text(200),
      addressLine2: text(200),
      city: text(100),
      state: text(100),
      postalCode: text(20),
      country: text(100),
      taxStatus: text(100),
    })
    .strict(),
  invitation: z.object({ email: emailSchema, roles: roleList.nullish() }),
  feature: z.object({ featureName: z.string().min(1).max(100), stringValue: z.string().max(100).nullish() }),
  memberRoles: z.object({ memberId: z.string().min(1).max(100), roles: roleList.min(1) }),
  member: z.object({ memberId: z.string().min(1).max(100) }),
  postalAddress: z
    .object({
      name: text(200),
      address: z
        .object({
          line1: text(200),
          line2: text(200),
          city: text(100),
          state: text(100),
          postal_code: text(20),
          country: text(100),
        })
        .strict(),
    })
    .strict(),
  baa: z.object({
    version: z.string().max(100),
    fields: z.object({ companyName: text(200), name: text(200), title: text(200) }).strict(),
    accepted: z.boolean(),
    // The signature pad's SVG path data (spec 002 §2): commands, numbers, separators.
    signaturePath: z
      .string()
      .max(20000)
      .regex(/^[MmLlHhVvCcSsQqTtAaZz0-9eE.,\s-]*$/),
  }),
};

/** The organisation's Business Associate Agreement Contract, or null when not signed. */
function storedBaa(db: Db, orgId: string): Contract | null {
  const stored = new SqliteResourceStore(db).read(orgId, 'Contract', BAA_CONTRACT_ID);
  return stored?.resource?.resourceType === 'Contract' ? stored.resource : null;
}

function baaAnswer(contract: Contract | null): { signed: boolean } & Partial<BaaView> {
  return contract ? { signed: true, ...baaView(contract) } : { signed: false };
}

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

/** Creates an organisation with its creator as its first admin (and provider of a regular office). */
function insertOrg(
  ctx: GraphqlContext,
  who: Caller & { current: Current },
  input: {
    id: string;
    type: OrgType;
    name: string;
    email: string | null;
    planId: string | null;
    referredBy: string | null;
    referralType: string | null;
    onboarding: boolean;
  },
): { orgId: string; session: SessionView } {
  const { db } = ctx.accounts;
  const now = ctx.accounts.now();
  const userId = who.current.user.id;
  // Decision: without a payment provider a new organisation starts its 30-day trial (spec 002 §9);
  // an onboarding organisation starts it when it goes live.
  const status: SubscriptionStatusName = input.onboarding ? 'none' : 'trialing';
  db.transaction(() => {
    db.prepare(
      `INSERT INTO orgs (id, fhir_id, name, type, email, subscription_status, trial_end, is_onboarding, plan_id,
                         referred_by, referral_type, created_by, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      input.id,
      newId('org'),
      input.name,
      input.type,
      input.email,
      status,
      input.onboarding ? null : now + TRIAL_MS,
      input.onboarding ? 1 : 0,
      input.planId,
      input.referredBy,
      input.referralType,
      userId,
      now,
      now,
    );
    auditOrg(db, now, ctx.meta, {
      action: 'orgCreated',
      userId,
      email: who.current.user.email,
      detail: { orgId: input.id, type: input.type, onboarding: input.onboarding },
    });
    // spec 000 §7: the creator becomes an admin (and, in a regular office, a provider).
    grantRoles(db, now, ctx.meta, {
      orgId: input.id,
      userId,
      roles: input.type === 'regular' ? ['admin', 'provider'] : ['admin'],
      by: userId,
      via: 'createOrg',
    });
  })();
  // spec 000 §7: createOrg answers a new session token (set in the HttpOnly cookie).
  const token = rotateSessionToken(db, who.current.session.id);
  ctx.setSessionCookies(token, userId);
  return { orgId: input.id, session: sessionView(ctx.accounts.sessionRow(who.current.session.id)) };
}

function checkCreateOrg(ctx: GraphqlContext, orgType: OrgType): Caller & { current: Current } {
  const who = requireFullCaller(ctx);
  // spec 000 §2: /create-org is only for users whose email is verified.
  if (who.current.user.email_verified !== 1) fail('EMAIL_NOT_VERIFIED');
  // spec 000 §1: an EMR launch is a single-organisation session; it creates no other (issue 24 item 8).
  if (who.current.session.single_org !== null) fail('NOT_AUTHORIZED');
  // Decision: there is one internal organisation; resellers are made by the internal team.
  if (orgType === 'vigil') fail('NOT_AUTHORIZED');
  if (orgType === 'reseller' && !isInternalUber(who.subject)) fail('NOT_AUTHORIZED');
  return who;
}

function availability(db: Db, orgId: string): OrgIdAvailability {
  if (!isValidOrgId(orgId)) return 'invalid';
  return orgById(db, orgId) ? 'unavailable' : 'available';
}

function findInvitation(db: Db, code: string): InvitationRow {
  const row = db.prepare('SELECT * FROM org_invitations WHERE code_hash = ?').get(sha256(code)) as
    InvitationRow | undefined;
  if (!row) fail('INVALID');
  return row;
}

/** The invitation code of a call; a missing or malformed one is INVALID (spec 000 §8). */
function invitationIdOf(args: Record<string, unknown>): string {
  const id = args.invitationId;
  if (typeof id !== 'string' || id === '' || id.length > 200) fail('INVALID');
  return id;
}

/** spec 000 §8: a used invitation is USED; an unknown or expired one is INVALID. */
function usableInvitation(db: Db, code: string, now: number): { invitation: InvitationRow; org: OrgRow } {
  const invitation = findInvitation(db, code);
  if (invitation.used_at !== null) fail('USED');
  if (invitation.expires_at <= now) fail('INVALID');
  const org = orgById(db, invitation.org_id);
  if (!org) fail('INVALID');
  return { invitation, org };
}

function invitationType(invitation: InvitationRow, org: OrgRow): string {
  return invitation.kind === 'parentInvitation' ? 'parentInvitation' : org.type;
}

/** Role changes may only touch roles the caller can assign (uber, super, dev: internal ubers in the internal org). */
function checkAssignable(subject: PermissionSubject, org: OrgRow, changed: Iterable<OrgRole>): void {
  const allowed = assignableRoles(subject, org.type);
  for (const role of changed) if (!allowed.includes(role)) fail('NOT_AUTHORIZED');
}

function adminCount(db: Db, orgId: string, exceptMemberId: string): number {
  return members(db, orgId).filter((m) => m.id !== exceptMemberId && rolesOf(m.roles).includes('admin')).length;
}

function memberOf(db: Db, orgId: string, memberId: string): MemberRow {
  const row = members(db, orgId).find((m) => m.id === memberId);
  if (!row) fail('NOT_FOUND');
  return row;
}

type Resolver<R> = (parent: unknown, args: Record<string, unknown>, ctx: GraphqlContext) => R;

export const orgResolvers: {
  Query: Record<string, Resolver<unknown>>;
  Mutation: Record<string, Resolver<unknown>>;
  Session: Record<string, Resolver<unknown>>;
} = {
  Session: {
    /** The session's organisations grouped by type (spec 000 §3), from memberships. */
    orgs: (parent, _, ctx) => {
      const { userId, singleOrg } = parent as { userId: string; singleOrg: string | null };
      const groups = groupedSessionOrgs(ctx.accounts.db, userId, ctx.accounts.now());
      // An EMR single-organisation session (spec 000 §4) lists only its organisation.
      if (singleOrg)
        for (const type of Object.keys(groups) as OrgType[])
          groups[type] = groups[type].filter((o) => o.id === singleOrg);
      return groups;
    },
  },
  Query: {
    org: (_, args, ctx): OrgView => {
      const { org } = authorize(ctx, args.orgId, 'member');
      return orgView(ctx.accounts.db, org, ctx.accounts.now());
    },
    baa: (_, args, ctx) => {
      const { org } = authorize(ctx, args.orgId, 'member');
      return baaAnswer(storedBaa(ctx.accounts.db, org.id));
    },
    orgIdAvailability: (_, args, ctx): OrgIdAvailability => {
      requireFullCaller(ctx);
      const orgId = typeof args.orgId === 'string' ? args.orgId : '';
      return availability(ctx.accounts.db, orgId);
    },
    orgInvitation: (_, args, ctx) => {
      // Authentication optional (spec 000 §2 invitation page).
      const { invitation, org } = usableInvitation(ctx.accounts.db, invitationIdOf(args), ctx.accounts.now());
      const current = ctx.current();
      return {
        orgId: org.id,
        orgName: org.name,
        type: invitationType(invitation, org),
        // The page suggests signing in as the invited address when another one is signed in (decision).
        emailHint: maskEmail(invitation.email),
        sentToSignedInUser: current ? isInvitedAddress(invitation.email, current.user.email) : null,
      };
    },
    orgFeaturesConfig: (_, args, ctx): FeatureView[] => {
      const { org } = authorize(ctx, args.orgId, 'member');
      return featureViews(ctx.accounts.db, org.id);
    },
    availablePlans: (_, __, ctx) => {
      // Plans are public (the pricing table is shown before an organisation exists).
      const rows = ctx.accounts.db
        .prepare('SELECT * FROM plans WHERE active = 1 ORDER BY product_name, amount')
        .all() as {
        id: string;
        amount: number;
        product_id: string;
        product_name: string;
        nickname: string | null;
        interval: string;
        lookup_key: string;
        product_features_json: string;
      }[];
      return rows.map((r) => ({
        id: r.id,
        amount: r.amount,
        productId: r.product_id,
        productName: r.product_name,
        nickname: r.nickname,
        interval: r.interval,
        lookupKey: r.lookup_key,
        productFeaturesJSON: r.product_features_json,
      }));
    },
    childOrgs: (_, args, ctx): OrgView[] => {
      const { org } = authorize(ctx, args.parentOrgId, 'admin');
      const { db } = ctx.accounts;
      const now = ctx.accounts.now();
      const rows = db
        .prepare(
          `SELECT o.* FROM org_parents p JOIN orgs o ON o.id = p.org_id WHERE p.parent_org_id = ? ORDER BY o.name, o.id`,
        )
        .all(org.id) as OrgRow[];
      return rows.map((row) => orgView(db, row, now));
    },
    allOrgs: (_, __, ctx): OrgView[] => {
      const who = requireFullCaller(ctx);
      if (!isInternalUber(who.subject)) fail('NOT_AUTHORIZED');
      const { db } = ctx.accounts;
      const now = ctx.accounts.now();
      const rows = db.prepare('SELECT * FROM orgs ORDER BY name, id').all() as OrgRow[];
      return rows.map((row) => orgView(db, row, now));
    },
    childOrgMembers: (_, args, ctx) => {
      const { org } = authorize(ctx, args.parentOrgId, 'admin');
      const rows = ctx.accounts.db
        .prepare(
          `SELECT o.id AS org_id, o.name AS org_name, m.id, m.user_id, m.roles, u.name, u.email
           FROM org_parents p JOIN orgs o ON o.id = p.org_id JOIN org_members m ON m.org_id = o.id
           JOIN users u ON u.id = m.user_id WHERE p.parent_org_id = ? ORDER BY o.name, o.id, u.name, u.email`,
        )
        .all(org.id) as (MemberRow & { org_name: string })[];
      return rows.map((r) => ({ orgId: r.org_id, orgName: r.org_name, ...memberView(r) }));
    },
    teamUsers: (_, args, ctx) => {
      const who = requireFullCaller(ctx);
      if (!isInternalUber(who.subject)) fail('NOT_AUTHORIZED');
      const search = parse(z.string().trim().max(200).nullish(), args.search) ?? '';
      const { db } = ctx.accounts;
      const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // Decision: at most TEAM_USERS_LIMIT users a call (newest first); the search narrows it.
      const users = db
        .prepare(
          `SELECT id, name, email, email_verified, created_at FROM users
           WHERE lower(name) LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\'
           ORDER BY created_at DESC, id LIMIT ?`,
        )
        .all(like, like, TEAM_USERS_LIMIT) as {
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
      return users.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email,
        emailVerified: u.email_verified === 1,
        createdAt: u.created_at,
        memberships: (memberships.all(u.id) as { id: string; name: string; type: string; roles: string }[]).map(
          (m) => ({ orgId: m.id, orgName: m.name, orgType: m.type, roles: rolesOf(m.roles) }),
        ),
      }));
    },
    orgMembers: (_, args, ctx): MemberView[] => {
      const { org } = authorize(ctx, args.orgId, 'admin');
      return members(ctx.accounts.db, org.id).map(memberView);
    },
  },
  Mutation: {
    updateOrg: (_, args, ctx): OrgView => {
      const who = authorize(ctx, args.orgId, 'admin');
      const p = parse(schemas.properties, args.properties ?? {});
      const { db } = ctx.accounts;
      const now = ctx.accounts.now();
      const org = who.org;
      const internal = isInternalUber(who.subject);
      // Decision: an organisation's type and parents are the internal team's to change; going
      // back to onboarding too. Admins change the rest.
      if ((p.type != null && p.type !== org.type) || p.parentOrgs != null || p.isOnboarding === true) {
        if (!internal) fail('NOT_AUTHORIZED');
      }
      if (p.type != null && p.type !== org.type && (p.type === 'vigil' || org.type === 'vigil')) fail('INVALID_INPUT');
      if (p.parentOrgs != null) {
        for (const parentId of p.parentOrgs) {
          const parent = orgById(db, parentId);
          if (!parent || parent.type !== 'parent' || parentId === org.id) fail('INVALID_PARENT_ORG');
        }
      }
      const columns: Record<string, unknown> = {};
      const set = (column: string, value: unknown): void => {
        if (value !== undefined) columns[column] = value;
      };
      if (p.name != null) set('name', p.name);
      if (p.email !== undefined) set('email', p.email);
      if (p.type != null) set('type', p.type);
      set('vision_type', p.visionType);
      if (p.preventResourceEditing != null) set('prevent_resource_editing', p.preventResourceEditing ? 1 : 0);
      if (p.isOnboarding != null) {
        set('is_onboarding', p.isOnboarding ? 1 : 0);
        // Going live (spec 000 §2 go-live) starts the 30-day trial of an organisation that had none.
        if (!p.isOnboarding && org.is_onboarding === 1 && org.subscription_status === 'none') {
          set('subscription_status', 'trialing');
          set('trial_end', now + TRIAL_MS);
        }
      }
      set('address_line1', p.addressLine1);
      set('address_line2', p.addressLine2);
      set('city', p.city);
      set('state', p.state);
      set('postal_code', p.postalCode);
      set('country', p.country);
      set('tax_status', p.taxStatus);
      db.transaction(() => {
        const changed = Object.keys(columns);
        if (changed.length > 0) {
          db.prepare(`UPDATE orgs SET ${changed.map((n) => `${n} = ?`).join(', ')}, updated_at = ? WHERE id = ?`).run(
            ...changed.map((n) => columns[n]),
            now,
            org.id,
          );
        }
        if (p.parentOrgs != null) {
          db.prepare('DELETE FROM org_parents WHERE org_id = ?').run(org.id);
          const insert = db.prepare('INSERT OR IGNORE INTO org_parents (org_id, parent_org_id) VALUES (?, ?)');
          for (const parentId of p.parentOrgs) insert.run(org.id, parentId);
        }
        auditOrg(db, now, ctx.meta, {
          action: 'orgUpdated',
          userId: who.current.user.id,
          email: who.current.user.email,
          detail: { orgId: org.id, fields: names(p) },
        });
      })();
      return orgView(db, orgById(db, org.id)!, now);
    },
    createOrg: (_, args, ctx) => {
      const input = parse(schemas.createOrg, args);
      const who = checkCreateOrg(ctx, input.orgType);
      const orgId = requireOrgId(input.orgId);
      const db = ctx.accounts.db;
      const state = availability(db, orgId);
      if (state === 'invalid') fail('INVALID_ORG_ID');
      if (state === 'unavailable') fail('ORG_ID_TAKEN');
      if (input.planId && !db.prepare('SELECT 1 FROM plans WHERE id = ? AND active = 1').get(input.planId)) {
        fail('INVALID_PLAN');
      }
      return insertOrg(ctx, who, {
        id: orgId,
        type: input.orgType,
        name: input.orgName,
        email: input.orgEmail ?? null,
        planId: input.planId ?? null,
        referredBy: input.referredBy ?? null,
        referralType: input.referralType ?? null,
        onboarding: false,
      });
    },
    createOnboardingOrg: (_, args, ctx) => {
      const input = parse(schemas.createOrg.omit({ orgId: true, planId: true }), args);
      const who = checkCreateOrg(ctx, input.orgType);
      const db = ctx.accounts.db;
      // The ID comes from the name (spec 000 §5 suggestion), numbered when taken.
      const base = suggestOrgId(input.orgName) || 'org';
      let orgId = base;
      for (let n = 2; availability(db, orgId) !== 'available'; n += 1) orgId = `${base.slice(0, 58)}-${n}`;
      return insertOrg(ctx, who, {
        id: orgId,
        type: input.orgType,
        name: input.orgName,
        email: input.orgEmail ?? null,
        planId: null,
        referredBy: input.referredBy ?? null,
        referralType: input.referralType ?? null,
        onboarding: true,
      });
    },
    acceptOrgInvitation: (_, args, ctx) => {
      const who = requireFullCaller(ctx);
      const { db } = ctx.accounts;
      const now = ctx.accounts.now();
      const { invitation, org } = usableInvitation(db, invitationIdOf(args), now);
      // spec 000 §8 "You're already part of the "{org}" organization.": the invitation stays unused.
      if (who.subject.orgs.some((m) => m.id === org.id)) fail('ALREADY_MEMBER');
      const userId = who.current.user.id;
      db.transaction(() => {
        const used = db
          .prepare('UPDATE org_invitations SET used_at = ?, used_by = ? WHERE id = ? AND used_at IS NULL')
          .run(now, userId, invitation.id);
        if (used.changes !== 1) fail('USED');
        grantRoles(db, now, ctx.meta, {
          orgId: org.id,
          userId,
          roles: rolesFromInvitation(invitation.kind, rolesOf(invitation.roles)),
          by: userId,
          via: 'invitation',
        });
        auditOrg(db, now, ctx.meta, {
          action: 'orgInvitationAccepted',
          userId,
          email: who.current.user.email,
          detail: { orgId: org.id, invitationId: invitation.id, invitedEmail: invitation.email },
        });
      })();
      return {
        orgId: org.id,
        type: invitationType(invitation, org),
        user: userView(who.current.user, ctx.accounts.mfaOptions(who.current.user.id)),
        session: sessionView(ctx.accounts.sessionRow(who.current.session.id)),
      };
    },
    addOrgFeature: (_, args, ctx): FeatureView[] => changeFeature(ctx, args, 'add'),
    removeOrgFeature: (_, args, ctx): FeatureView[] => changeFeature(ctx, args, 'remove'),
    createOrgInvitation: async (_, args, ctx) => {
      const who = authorize(ctx, args.orgId, 'admin');
      const input = parse(schemas.invitation, { email: args.email, roles: args.roles });
      const { db } = ctx.accounts;
      const now = ctx.accounts.now();
      const org = who.org;
      const kind = invitationKind(org.type);
      const roles = rolesFromInvitation(kind, input.roles ?? ['member']);
      checkAssignable(who.subject, org, roles);
      const email = normalizeEmail(input.email);
      if (members(db, org.id).some((m) => m.email === email)) fail('ALREADY_MEMBER');
      // Invitations send mail: at most 50 an hour from one person (decision), counted from the audit trail.
      const sentLastHour = db
        .prepare(
          "SELECT COUNT(*) AS n FROM audit_events WHERE action = 'orgInvitationCreated' AND user_id = ? AND at > ?",
        )
        .get(who.current.user.id, now - HOUR) as { n: number };
      if (sentLastHour.n >= ORG_INVITATIONS_PER_HOUR) fail('TOO_MANY_REQUESTS');
      const code = newLinkCode();
      const id = newId('inv');
      const expiresAt = now + ORG_INVITATION_TTL_MS;
      db.transaction(() => {
        db.prepare(
          `INSERT INTO org_invitations (id, code_hash, org_id, email, kind, roles, invited_by, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(id, sha256(code), org.id, email, kind, JSON.stringify(roles), who.current.user.id, now, expiresAt);
        auditOrg(db, now, ctx.meta, {
          action: 'orgInvitationCreated',
          userId: who.current.user.id,
          email: who.current.user.email,
          detail: { orgId: org.id, invitationId: id, invitedEmail: email, roles, kind },
        });
      })();
      const link = `${ctx.origin}/invitation?invitationId=${encodeURIComponent(code)}`;
      const what =
        kind === 'parentInvitation'
          ? `The "${org.name}" admin organization oversees anesthesia operations; you would join it as an admin.`
          : `The "${org.name}" organization uses Vigil to chart anesthesia automatically.`;
      await senderFor(ctx.accounts).send({
        channel: 'email',
        to: email,
        subject: `You've been invited to join the "${org.name}" organization`,
        body: `${who.current.user.name} invited you to join the "${org.name}" organization on Vigil.\n\n${what}\n\nAccept the invitation: ${link}\n\nThe link works once and expires in 7 days.`,
      });
      return { id, orgId: org.id, email, roles, type: kind === 'parentInvitation' ? kind : org.type, expiresAt };
    },
    updateMemberRoles: (_, args, ctx): MemberView => {
      const who = authorize(ctx, args.orgId, 'admin');
      const input = parse(schemas.memberRoles, { memberId: args.memberId, roles: args.roles });
      const { db } = ctx.accounts;
      const now = ctx.accounts.now();
      const member = memberOf(db, who.org.id, input.memberId);
      const before = rolesOf(member.roles);
      const after = [...new Set(input.roles)];
      const changed = [...before.filter((r) => !after.includes(r)), ...after.filter((r) => !before.includes(r))];
      checkAssignable(who.subject, who.org, changed);
      // Decision: an organisation always keeps at least one admin.
      if (before.includes('admin') && !after.includes('admin') && adminCount(db, who.org.id, member.id) === 0) {
        fail('LAST_ADMIN');
      }
      db.transaction(() => {
        db.prepare('UPDATE org_members SET roles = ?, updated_at = ? WHERE id = ?').run(
          JSON.stringify(after),
          now,
          member.id,
        );
        auditOrg(db, now, ctx.meta, {
          action: 'orgRolesChanged',
          userId: who.current.user.id,
          email: who.current.user.email,
          detail: { orgId: who.org.id, memberId: member.id, memberUserId: member.user_id, before, after },
        });
        syncPractitioner(db, now, {
          id: member.id,
          orgId: who.org.id,
          userId: member.user_id,
          roles: after,
          active: true,
        });
      })();
      return memberView({ ...member, roles: JSON.stringify(after) });
    },
    updateOrgBillingAddresses: (_, args, ctx): OrgView => {
      const who = authorize(ctx, args.orgId, 'admin');
      const clean = (a: z.infer<typeof schemas.postalAddress>): PostalAddress => ({
        name: a.name ?? '',
        address: {
          line1: a.address.line1 ?? '',
          line2: a.address.line2 ?? null,
          city: a.address.city ?? '',
          state: a.address.state ?? '',
          postal_code: a.address.postal_code ?? '',
          country: a.address.country ?? '',
        },
      });
      const billing = clean(parse(schemas.postalAddress, args.address));
      const shipping = args.shipping == null ? null : clean(parse(schemas.postalAddress, args.shipping));
      // spec 000 §5: billing address and name, shipping (or same as billing), org email and type.
      const invalid = validateOrgDetails({
        billing,
        shipping,
        shippingSameAsBilling: shipping === null,
        email: who.org.email ?? '',
        type: who.org.type,
      });
      if (invalid) fail('INCOMPLETE_ADDRESS');
      const { db } = ctx.accounts;
      const now = ctx.accounts.now();
      db.transaction(() => {
        db.prepare(
          `UPDATE orgs SET billing_name = ?, address_line1 = ?, address_line2 = ?, city = ?, state = ?, postal_code = ?,
             country = ?, shipping_address = ?, updated_at = ? WHERE id = ?`,
        ).run(
          billing.name,
          billing.address.line1,
          billing.address.line2 || null,
          billing.address.city,
          billing.address.state,
          billing.address.postal_code,
          billing.address.country,
          shipping ? JSON.stringify(shipping) : null,
          now,
          who.org.id,
        );
        auditOrg(db, now, ctx.meta, {
          action: 'orgUpdated',
          userId: who.current.user.id,
          email: who.current.user.email,
          detail: { orgId: who.org.id, fields: ['billingAddress', 'shippingAddress'] },
        });
      })();
      return orgView(db, orgById(db, who.org.id)!, now);
    },
    countersignBaa: (_, args, ctx) => {
      const orgId = requireOrgId(args.orgId);
      const who = requireFullCaller(ctx);
      // Decision: Vigil's signatory is an internal uber, and signing for Vigil needs a fresh sudo (spec 000 §6).
      if (!isInternalUber(who.subject)) fail('NOT_AUTHORIZED');
      if (!who.freshSudo) fail('SUDO_REQUIRED');
      const input = parse(
        z.object({ name: z.string().trim().min(1).max(200), signaturePath: schemas.baa.shape.signaturePath.min(1) }),
        { name: args.name, signaturePath: args.signaturePath },
      );
      const { db } = ctx.accounts;
      const org = orgById(db, orgId);
      if (!org) fail('NOT_FOUND');
      const current = storedBaa(db, org.id);
      if (!current) fail('NOT_SIGNED');
      const now = ctx.accounts.now();
      const time = new Date(now).toISOString();
      const contract = withCompanySignature(current, { name: input.name, signaturePath: input.signaturePath, time });
      if (!contract) fail('ALREADY_SIGNED');
      if (validateResource(contract).length > 0) fail('INVALID_INPUT');
      db.transaction(() => {
        new SqliteResourceStore(db).write({ orgId: org.id, resource: { ...contract, id: BAA_CONTRACT_ID } }, time);
        auditOrg(db, now, ctx.meta, {
          action: 'orgBaaSigned',
          userId: who.current.user.id,
          email: who.current.user.email,
          detail: { orgId: org.id, contract: `Contract/${BAA_CONTRACT_ID}`, signer: 'company' },
        });
      })();
      return baaAnswer(contract);
    },
    signBaa: (_, args, ctx) => {
      const who = authorize(ctx, args.orgId, 'admin');
      // Decision: the covered entity signs for itself, so only the organisation's own admins sign
      // (not a parent organisation's members nor the internal team, who may administer it).
      const membership = who.subject.orgs.find((m) => m.id === who.org.id);
      if (!hasRole(who.subject, who.org.id, 'admin') || !membership) fail('NOT_AUTHORIZED');
      const input = parse(schemas.baa, {
        version: args.version,
        fields: args.fields,
        accepted: args.accepted,
        signaturePath: args.signaturePath,
      });
      if (input.version !== BAA_DOCUMENT.version) fail('CONTRACT_VERSION_CHANGED');
      const values = {
        companyName: input.fields.companyName ?? '',
        name: input.fields.name ?? '',
        title: input.fields.title ?? '',
      };
      // spec 000 §5: every field, the acceptance box (and the signature) complete, checked here too.
      if (contractStillMissing(BAA_DOCUMENT, values, input.accepted, input.signaturePath).length > 0) {
        fail('CONTRACT_INCOMPLETE');
      }
      const { db } = ctx.accounts;
      const now = ctx.accounts.now();
      const current = storedBaa(db, who.org.id);
      if (current?.version === BAA_DOCUMENT.version) fail('ALREADY_SIGNED');
      const memberId = (
        db
          .prepare('SELECT id FROM org_members WHERE org_id = ? AND user_id = ?')
          .get(who.org.id, who.current.user.id) as { id: string } | undefined
      )?.id;
      if (!memberId) fail('NOT_AUTHORIZED');
      const time = new Date(now).toISOString();
      const contract = baaContract({
        orgId: who.org.id,
        memberId,
        document: BAA_DOCUMENT,
        values,
        signaturePath: input.signaturePath,
        time,
      });
      if (validateResource(contract).length > 0) fail('INVALID_INPUT');
      db.transaction(() => {
        new SqliteResourceStore(db).write({ orgId: who.org.id, resource: contract }, time);
        db.prepare('UPDATE orgs SET has_baa = 1, updated_at = ? WHERE id = ?').run(now, who.org.id);
        auditOrg(db, now, ctx.meta, {
          action: 'orgBaaSigned',
          userId: who.current.user.id,
          email: who.current.user.email,
          detail: { orgId: who.org.id, contract: `Contract/${BAA_CONTRACT_ID}`, version: BAA_DOCUMENT.version },
        });
      })();
      return baaAnswer(contract);
    },
    removeMember: (_, args, ctx): boolean => {
      const who = authorize(ctx, args.orgId, 'admin');
      const input = parse(schemas.member, { memberId: args.memberId });
      const { db } = ctx.accounts;
      const now = ctx.accounts.now();
      const member = memberOf(db, who.org.id, input.memberId);
      const roles = rolesOf(member.roles);
      checkAssignable(who.subject, who.org, roles);
      if (roles.includes('admin') && adminCount(db, who.org.id, member.id) === 0) fail('LAST_ADMIN');
      db.transaction(() => {
        db.prepare('DELETE FROM org_members WHERE id = ?').run(member.id);
        auditOrg(db, now, ctx.meta, {
          action: 'orgMemberRemoved',
          userId: who.current.user.id,
          email: who.current.user.email,
          detail: { orgId: who.org.id, memberId: member.id, memberUserId: member.user_id, roles },
        });
        // The Practitioner stays (charted records name it) but is no longer active.
        syncPractitioner(db, now, { id: member.id, orgId: who.org.id, userId: member.user_id, roles, active: false });
      })();
      return true;
    },
  },
};

function names(p: Record<string, unknown>): string[] {
  return Object.keys(p).filter((k) => p[k] !== undefined);
}

/** addOrgFeature / removeOrgFeature (spec 000 §5, §6, §7). */
function changeFeature(ctx: GraphqlContext, args: Record<string, unknown>, change: 'add' | 'remove'): FeatureView[] {
  const orgId = requireOrgId(args.orgId);
  const input = parse(schemas.feature, { featureName: args.featureName, stringValue: args.stringValue });
  const who = caller(ctx);
  const { db } = ctx.accounts;
  const definition = featureDefinition(input.featureName);
  // An unknown feature is checked as a product feature, so its refusal reveals nothing.
  const refusal = featureChangeAccess(who.subject, orgRef(db, orgId), definition?.owner ?? 'vigil', who.freshSudo);
  if (refusal) fail(refusal);
  const current = who.current;
  if (!current) fail('NO_AUTHENTICATION');
  const org = orgById(db, orgId);
  if (!org) fail('NOT_FOUND');
  if (!definition) fail('INVALID_FEATURE');
  const now = ctx.accounts.now();
  const userId = current.user.id;
  if (change === 'add') {
    const value = acceptedFeatureValue(definition, input.stringValue);
    if (value === null) fail('INVALID_INPUT');
    db.transaction(() => {
      db.prepare(
        `INSERT INTO org_features (org_id, name, value, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (org_id, name) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by,
           updated_at = excluded.updated_at`,
      ).run(org.id, definition.name, JSON.stringify(value), userId, now);
      auditOrg(db, now, ctx.meta, {
        action: 'orgFeatureAdded',
        userId,
        email: current.user.email,
        detail: { orgId: org.id, feature: definition.name, value },
      });
    })();
  } else {
    db.transaction(() => {
      db.prepare('DELETE FROM org_features WHERE org_id = ? AND name = ?').run(org.id, definition.name);
      auditOrg(db, now, ctx.meta, {
        action: 'orgFeatureRemoved',
        userId,
        email: current.user.email,
        detail: { orgId: org.id, feature: definition.name },
      });
    })();
  }
  return featureViews(db, org.id);
}

/** The internal organisation's ID, for scripts. */
export const INTERNAL_ORG_ID = VIGIL_ORG_ID;
