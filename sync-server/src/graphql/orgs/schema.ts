/*
 * Organisations (issue 4; spec 000 §3, §5, §6, §7, §8): the schema text of the calls of spec
 * 000 §7 and what the member screens need. The resolvers beside this file are thin: each asks
 * the organisation services (sync-server/src/orgs/), which rebuild the caller's memberships from
 * the database and ask the one access module; nothing the client sends about its own rights is
 * trusted. The shapes the resolvers return are shared/src/views/orgs.ts.
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
    "The tier of the organisation's plan (basic, plus, advanced, enterprise); null without one."
    planTier: String
    "The deepest sedation level a new case may have: the stricter of the tier and sedationLevelLimit."
    maxSedationLevel: String!
    "Whether the plan includes ECG waveform capture (spec 002 §6: Advanced with the waveforms feature; true without a plan)."
    waveformCapture: Boolean!
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

  "An invitation sent and neither accepted nor expired (issue 35 item 15): sentAt and expiresAt are epoch ms."
  type PendingOrgInvitation {
    id: ID!
    email: String!
    roles: [String!]!
    type: String!
    invitedByName: String
    sentAt: Float!
    expiresAt: Float!
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
    "A product flag the organisation's plan includes (issue 37): its admins may switch it."
    planIncluded: Boolean!
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
    "A page of the invitations sent and not yet accepted, newest first (after: the last one's id): for whoever administers the organisation."
    pendingOrgInvitations(orgId: String, first: Int, after: String): [PendingOrgInvitation!]!
    orgFeaturesConfig(orgId: String): [OrgFeature!]!
    availablePlans: [Plan!]!
    "A page of the members (first, after: the last member's id; issue 35 item 8)."
    orgMembers(orgId: String, first: Int, after: String): [OrgMember!]!
    "The organisations a parent organisation oversees (parent app, spec 000 §2): for whoever administers the parent."
    childOrgs(parentOrgId: String, first: Int, after: String): [Org!]!
    "Every organisation (internal team app, spec 000 §2): internal ubers only."
    allOrgs(first: Int, after: String): [Org!]!
    "The members of every child organisation (parent app org-members): for whoever administers the parent."
    childOrgMembers(parentOrgId: String, first: Int, after: String): [ChildOrgMember!]!
    "Users, newest first, optionally matching a name or email (internal team app users): internal ubers only."
    teamUsers(search: String, first: Int, after: String): [TeamUser!]!
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
