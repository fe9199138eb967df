import type {
  AcceptedOrgInvitationView,
  BaaAnswerView,
  BaaSignature,
  CreatedOrgView,
  ChildOrgMemberView,
  OrgFeatureView,
  OrgIdAvailability,
  OrgInvitationView,
  OrgMemberView,
  OrgPendingInvitationView,
  OrgView,
  PostalAddress,
  TeamUserView,
} from '@vigil/shared';
import { graphql } from '../../data/graphql.js';
import type { Session } from '../../session/api.js';
import { ORG_FEATURE_FIELDS } from '../../data/orgSettings.js';

/*
 * The organisation calls of spec 000 §7 the organisation screens make. Screens reach them
 * through the hooks in `hooks.ts`, never directly from deep components.
 */

const USER = 'id name email emailVerified emrEmail hasPw sms mfa { channel to verified }';
const ORG = 'id name roles type';
const SESSION = `userId multiFactorLast multiFactorAuthExp sessionRenewedAt sessionExpiresAt sudoLast sudoExpiresAt singleOrg orgs { regular { ${ORG} } parent { ${ORG} } vigil { ${ORG} } reseller { ${ORG} } }`;

/** The organisation fields the screens read (spec 000 §3 Org; the view is shared with the server). */
export type Org = Pick<
  OrgView,
  | 'id'
  | 'name'
  | 'type'
  | 'email'
  | 'parentOrgs'
  | 'isOnboarding'
  | 'subscriptionStatus'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'state'
  | 'postalCode'
  | 'country'
  | 'hasBAA'
  | 'billingAddress'
  | 'shippingAddress'
  | 'planTier'
  | 'maxSedationLevel'
>;

const ORG_FIELDS =
  'id name type email hasBAA parentOrgs isOnboarding planTier maxSedationLevel subscriptionStatus { status trialEnd ok } addressLine1 addressLine2 city state postalCode country billingAddress { name address { line1 line2 city state postal_code country } } shippingAddress { name address { line1 line2 city state postal_code country } }';

/** What the org details form changes through updateOrg (spec 000 §7 updateOrg properties). */
export interface OrgDetails {
  name: string;
  email: string;
}

/** doUpdateOrgBillingAddresses (spec 000 §7): the billing address, and shipping (null: same as billing). */
export async function updateBillingAddresses(
  orgId: string,
  address: PostalAddress,
  shipping: PostalAddress | null,
): Promise<Org> {
  const data = await graphql<{ updateOrgBillingAddresses: Org }>(
    `mutation UpdateOrgBillingAddresses($orgId: String, $address: PostalAddressInput!, $shipping: PostalAddressInput) {
      updateOrgBillingAddresses(orgId: $orgId, address: $address, shipping: $shipping) { ${ORG_FIELDS} }
    }`,
    { orgId, address, shipping },
  );
  return data.updateOrgBillingAddresses;
}

export async function updateOrgDetails(orgId: string, properties: OrgDetails): Promise<Org> {
  const data = await graphql<{ updateOrg: Org }>(
    `mutation UpdateOrg($orgId: String, $properties: OrgProperties!) { updateOrg(orgId: $orgId, properties: $properties) { ${ORG_FIELDS} } }`,
    { orgId, properties },
  );
  return data.updateOrg;
}

export async function fetchOrg(orgId: string): Promise<Org> {
  const data = await graphql<{ org: Org }>(`query Org($orgId: String) { org(orgId: $orgId) { ${ORG_FIELDS} } }`, {
    orgId,
  });
  return data.org;
}

export async function orgIdAvailability(orgId: string): Promise<OrgIdAvailability> {
  const data = await graphql<{ orgIdAvailability: OrgIdAvailability }>(
    'query OrgIdAvailability($orgId: String) { orgIdAvailability(orgId: $orgId) }',
    { orgId },
  );
  return data.orgIdAvailability;
}

export interface CreateOrgInput {
  orgId: string;
  /** Organization Type (spec 001 §2): a practice or a parent organisation. */
  orgType: 'regular' | 'parent';
  orgName: string;
  orgEmail: string | null;
  referredBy: string | null;
  referralType: string | null;
}

/** createOrg (spec 000 §7): a practice or a parent organisation; the answer carries the new session. */
export async function createOrg(input: CreateOrgInput): Promise<CreatedOrgView> {
  const data = await graphql<{ createOrg: CreatedOrgView }>(
    `mutation CreateOrg($orgId: String, $orgType: String!, $orgName: String!, $orgEmail: String, $referredBy: String, $referralType: String) {
      createOrg(orgId: $orgId, orgType: $orgType, orgName: $orgName, orgEmail: $orgEmail, referredBy: $referredBy, referralType: $referralType) {
        orgId session { ${SESSION} }
      }
    }`,
    { ...input },
  );
  return data.createOrg;
}

/** createOnboardingOrg (spec 000 §7): the ID comes from the name on the server; test patients until it goes live. */
export async function createOnboardingOrg(
  input: Omit<CreateOrgInput, 'orgId'>,
): Promise<{ orgId: string; session: Session }> {
  const data = await graphql<{ createOnboardingOrg: { orgId: string; session: Session } }>(
    `mutation CreateOnboardingOrg($orgType: String!, $orgName: String!, $orgEmail: String, $referredBy: String, $referralType: String) {
      createOnboardingOrg(orgType: $orgType, orgName: $orgName, orgEmail: $orgEmail, referredBy: $referredBy, referralType: $referralType) {
        orgId session { ${SESSION} }
      }
    }`,
    { ...input },
  );
  return data.createOnboardingOrg;
}

/** Takes an onboarding organisation live (spec 000 §4: its trial starts; real patients from now on). */
export async function goLive(orgId: string): Promise<Org> {
  const data = await graphql<{ updateOrg: Org }>(
    `mutation GoLive($orgId: String) { updateOrg(orgId: $orgId, properties: { isOnboarding: false }) { ${ORG_FIELDS} } }`,
    { orgId },
  );
  return data.updateOrg;
}

export type OrgInvitation = OrgInvitationView;

export async function fetchInvitation(invitationId: string): Promise<OrgInvitation> {
  const data = await graphql<{ orgInvitation: OrgInvitation }>(
    'query OrgInvitation($invitationId: String) { orgInvitation(invitationId: $invitationId) { orgId orgName type emailHint sentToSignedInUser } }',
    { invitationId },
  );
  return data.orgInvitation;
}

/** What accepting answers (shared views/orgs.ts acceptedOrgInvitationViewSchema), with the session fields the screens ask for. */
export type AcceptedInvitation = AcceptedOrgInvitationView;

export async function acceptInvitation(invitationId: string): Promise<AcceptedInvitation> {
  const data = await graphql<{ acceptOrgInvitation: AcceptedInvitation }>(
    `mutation AcceptOrgInvitation($invitationId: String) {
      acceptOrgInvitation(invitationId: $invitationId) { orgId type user { ${USER} } session { ${SESSION} } }
    }`,
    { invitationId },
  );
  return data.acceptOrgInvitation;
}

export type OrgMember = OrgMemberView;

const MEMBER = 'id userId name email roles';

export async function fetchMembers(orgId: string): Promise<OrgMember[]> {
  const data = await graphql<{ orgMembers: OrgMember[] }>(
    `query OrgMembers($orgId: String) { orgMembers(orgId: $orgId) { ${MEMBER} } }`,
    { orgId },
  );
  return data.orgMembers;
}

export async function inviteMember(orgId: string, email: string, roles: string[]): Promise<void> {
  await graphql(
    `
      mutation CreateOrgInvitation($orgId: String, $email: String!, $roles: [String!]) {
        createOrgInvitation(orgId: $orgId, email: $email, roles: $roles) {
          id
        }
      }
    `,
    { orgId, email, roles },
  );
}

export type PendingInvitation = OrgPendingInvitationView;

/** Pending invitations the members screen asks for at a time (the server's page maximum is 200). */
export const PENDING_INVITATIONS_PAGE = 50;

/** A page of the invitations sent and not yet accepted, newest first, after the invitation `after`. */
export async function fetchPendingInvitations(
  orgId: string,
  after: string | null,
  first: number = PENDING_INVITATIONS_PAGE,
): Promise<PendingInvitation[]> {
  const data = await graphql<{ pendingOrgInvitations: PendingInvitation[] }>(
    `
      query PendingOrgInvitations($orgId: String, $first: Int, $after: String) {
        pendingOrgInvitations(orgId: $orgId, first: $first, after: $after) {
          id
          email
          roles
          type
          invitedByName
          sentAt
          expiresAt
        }
      }
    `,
    { orgId, first, after },
  );
  return data.pendingOrgInvitations;
}

export async function updateMemberRoles(orgId: string, memberId: string, roles: string[]): Promise<OrgMember> {
  const data = await graphql<{ updateMemberRoles: OrgMember }>(
    `mutation UpdateMemberRoles($orgId: String, $memberId: ID!, $roles: [String!]!) {
      updateMemberRoles(orgId: $orgId, memberId: $memberId, roles: $roles) { ${MEMBER} }
    }`,
    { orgId, memberId, roles },
  );
  return data.updateMemberRoles;
}

export async function removeMember(orgId: string, memberId: string): Promise<void> {
  await graphql(
    'mutation RemoveMember($orgId: String, $memberId: ID!) { removeMember(orgId: $orgId, memberId: $memberId) }',
    {
      orgId,
      memberId,
    },
  );
}

/** An organisation feature config entry (spec 000 §3). */
export type OrgFeature = OrgFeatureView;

export async function addFeature(orgId: string, featureName: string, stringValue?: string): Promise<OrgFeature[]> {
  const data = await graphql<{ addOrgFeature: OrgFeature[] }>(
    `mutation AddOrgFeature($orgId: String, $featureName: String!, $stringValue: String) {
      addOrgFeature(orgId: $orgId, featureName: $featureName, stringValue: $stringValue) { ${ORG_FEATURE_FIELDS} }
    }`,
    { orgId, featureName, stringValue: stringValue ?? null },
  );
  return data.addOrgFeature;
}

export async function removeFeature(orgId: string, featureName: string): Promise<OrgFeature[]> {
  const data = await graphql<{ removeOrgFeature: OrgFeature[] }>(
    `mutation RemoveOrgFeature($orgId: String, $featureName: String!) {
      removeOrgFeature(orgId: $orgId, featureName: $featureName) { ${ORG_FEATURE_FIELDS} }
    }`,
    { orgId, featureName },
  );
  return data.removeOrgFeature;
}

/** One signature of the Business Associate Agreement (spec 001 §3). */
export type { BaaSignature };

/** The organisation's Business Associate Agreement, signed or not yet. */
export type Baa = BaaAnswerView;

const BAA = `signed version status html coveredEntity { name signatureSvg companyName time } company { name signatureSvg companyName time }`;

export async function fetchBaa(orgId: string): Promise<Baa> {
  const data = await graphql<{ baa: Baa }>(`query Baa($orgId: String) { baa(orgId: $orgId) { ${BAA} } }`, { orgId });
  return data.baa;
}

export interface BaaSigningInput {
  version: string;
  fields: { companyName: string; name: string; title: string };
  accepted: boolean;
  signaturePath: string;
}

export async function signBaa(orgId: string, input: BaaSigningInput): Promise<Baa> {
  const data = await graphql<{ signBaa: Baa }>(
    `mutation SignBaa($orgId: String, $version: String!, $fields: BaaFields!, $accepted: Boolean!, $signaturePath: String!) {
      signBaa(orgId: $orgId, version: $version, fields: $fields, accepted: $accepted, signaturePath: $signaturePath) { ${BAA} }
    }`,
    { orgId, ...input },
  );
  return data.signBaa;
}

/** The organisations a parent organisation oversees (parent app). */
export async function fetchChildOrgs(parentOrgId: string): Promise<Org[]> {
  const data = await graphql<{ childOrgs: Org[] }>(
    `query ChildOrgs($parentOrgId: String) { childOrgs(parentOrgId: $parentOrgId) { ${ORG_FIELDS} } }`,
    { parentOrgId },
  );
  return data.childOrgs;
}

/** Every organisation (internal team app; internal ubers). */
export async function fetchAllOrgs(): Promise<Org[]> {
  const data = await graphql<{ allOrgs: Org[] }>(`query AllOrgs { allOrgs { ${ORG_FIELDS} } }`);
  return data.allOrgs;
}

export type ChildOrgMember = ChildOrgMemberView;

export async function fetchChildOrgMembers(parentOrgId: string): Promise<ChildOrgMember[]> {
  const data = await graphql<{ childOrgMembers: ChildOrgMember[] }>(
    `query ChildOrgMembers($parentOrgId: String) { childOrgMembers(parentOrgId: $parentOrgId) { orgId orgName ${MEMBER} } }`,
    { parentOrgId },
  );
  return data.childOrgMembers;
}

export type TeamUser = TeamUserView;

export async function fetchTeamUsers(search: string): Promise<TeamUser[]> {
  const data = await graphql<{ teamUsers: TeamUser[] }>(
    `
      query TeamUsers($search: String) {
        teamUsers(search: $search) {
          id
          name
          email
          emailVerified
          createdAt
          memberships {
            orgId
            orgName
            orgType
            roles
          }
        }
      }
    `,
    { search },
  );
  return data.teamUsers;
}

/** Vigil's countersignature of a signed agreement (internal ubers, after a fresh sudo). */
export async function countersignBaa(orgId: string, name: string, signaturePath: string): Promise<Baa> {
  const data = await graphql<{ countersignBaa: Baa }>(
    `mutation CountersignBaa($orgId: String, $name: String!, $signaturePath: String!) {
      countersignBaa(orgId: $orgId, name: $name, signaturePath: $signaturePath) { ${BAA} }
    }`,
    { orgId, name, signaturePath },
  );
  return data.countersignBaa;
}
