import { z } from 'zod';
import { sessionViewSchema, userViewSchema, type SessionOrgBriefView, type SessionView } from './accounts.js';

/*
 * The organisation API's GraphQL views and inputs (spec 000 §3, §7; spec 001 §3 Contract),
 * written once as zod schemas with their types derived (issue 36 item 5): the server's resolvers
 * return them, the client reads them. views-sdl.test.ts holds each field for field against the
 * schema text in sync-server/src/graphql/orgs/.
 */

/** Subscription status (spec 000 §3): ok is derived (spec 000 §4). */
export const orgSubscriptionStatusViewSchema = z.object({
  status: z.string(),
  trialEnd: z.number().nullable(),
  ok: z.boolean(),
});
export type OrgSubscriptionStatusView = z.infer<typeof orgSubscriptionStatusViewSchema>;

/** An address's lines (Stripe's shape, spec 000 §3). */
export const addressLinesViewSchema = z.object({
  line1: z.string(),
  line2: z.string().nullish(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});

/** A billing or shipping address (spec 000 §3): name plus address. */
export const postalAddressViewSchema = z.object({ name: z.string(), address: addressLinesViewSchema });
export type PostalAddressView = z.infer<typeof postalAddressViewSchema>;

/** An address as updateOrgBillingAddresses takes it: every line may be missing (the server says which). */
export const addressLinesInputSchema = z.object({
  line1: z.string().nullish(),
  line2: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  postal_code: z.string().nullish(),
  country: z.string().nullish(),
});
export const postalAddressInputSchema = z.object({ name: z.string().nullish(), address: addressLinesInputSchema });
export type PostalAddressInput = z.infer<typeof postalAddressInputSchema>;

/** An organisation (spec 000 §3 Org). */
export const orgViewSchema = z.object({
  id: z.string(),
  fhirId: z.string(),
  name: z.string(),
  type: z.string(),
  email: z.string().nullable(),
  hasBAA: z.boolean(),
  visionType: z.string().nullable(),
  parentOrgs: z.array(z.string()),
  /** JSON object of the feature flags the organisation has set. */
  featuresJSON: z.string(),
  preventResourceEditing: z.boolean(),
  subscriptionStatus: orgSubscriptionStatusViewSchema,
  isOnboarding: z.boolean(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  taxStatus: z.string().nullable(),
  /** The billing address (spec 000 §3): the address lines with a billing name; null until set. */
  billingAddress: postalAddressViewSchema.nullable(),
  /** The shipping address; null when it is the same as billing. */
  shippingAddress: postalAddressViewSchema.nullable(),
  /** The tier of the organisation's plan (spec 002 §6: basic, plus, advanced, enterprise); null without one. */
  planTier: z.string().nullable(),
  /** The deepest sedation level a new case may have: the stricter of the tier and sedationLevelLimit (spec 002 §5). */
  maxSedationLevel: z.string(),
  /** Whether the plan includes ECG waveform capture (MON22; true without a plan of a known tier). */
  waveformCapture: z.boolean(),
});
export type OrgView = z.infer<typeof orgViewSchema>;

/** updateOrg's properties: each one given is changed. */
export const orgPropertiesInputSchema = z.object({
  name: z.string().nullish(),
  email: z.string().nullish(),
  type: z.string().nullish(),
  visionType: z.string().nullish(),
  parentOrgs: z.array(z.string()).nullish(),
  preventResourceEditing: z.boolean().nullish(),
  isOnboarding: z.boolean().nullish(),
  addressLine1: z.string().nullish(),
  addressLine2: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  postalCode: z.string().nullish(),
  country: z.string().nullish(),
  taxStatus: z.string().nullish(),
});
export type OrgPropertiesInput = z.infer<typeof orgPropertiesInputSchema>;

/** An organisation feature config entry (spec 000 §3). */
export const orgFeatureViewSchema = z.object({
  name: z.string(),
  label: z.string(),
  subLabel: z.string().nullable(),
  checkboxLabel: z.string().nullable(),
  value: z.boolean(),
  owner: z.string(),
  public: z.boolean(),
  productFeature: z.boolean(),
  /** A product flag the organisation's plan includes (issue 37): its admins may switch it. */
  planIncluded: z.boolean(),
  type: z.string(),
  stringValue: z.string().nullable(),
  stringValues: z.array(z.string()).readonly().nullable(),
});
export type OrgFeatureView = z.infer<typeof orgFeatureViewSchema>;

/** A member of an organisation: id is the memberId of the session's orgs (and the Practitioner id). */
export const orgMemberViewSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
});
export type OrgMemberView = z.infer<typeof orgMemberViewSchema>;

/** A member of one of a parent organisation's child organisations (parent app org-members). */
export const childOrgMemberViewSchema = orgMemberViewSchema.extend({ orgId: z.string(), orgName: z.string() });
export type ChildOrgMemberView = z.infer<typeof childOrgMemberViewSchema>;

/** A user's membership as the internal team sees it. */
export const teamUserMembershipViewSchema = z.object({
  orgId: z.string(),
  orgName: z.string(),
  orgType: z.string(),
  roles: z.array(z.string()),
});
export type TeamUserMembershipView = z.infer<typeof teamUserMembershipViewSchema>;

/** A user as the internal team app lists them (no secrets). */
export const teamUserViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.number(),
  memberships: z.array(teamUserMembershipViewSchema),
});
export type TeamUserView = z.infer<typeof teamUserViewSchema>;

/** An invitation as the invitation page reads it (spec 000 §3): type is parentInvitation or the organisation's type. */
export const orgInvitationViewSchema = z.object({
  orgId: z.string(),
  orgName: z.string(),
  type: z.string(),
  /** The invited address, masked (j•••@example.com). */
  emailHint: z.string(),
  /** Whether the signed-in user's address is the invited one; null when nobody is signed in. */
  sentToSignedInUser: z.boolean().nullable(),
});
export type OrgInvitationView = z.infer<typeof orgInvitationViewSchema>;

/** An invitation just sent. */
export const orgInvitationSentViewSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  type: z.string(),
  expiresAt: z.number(),
});
export type OrgInvitationSentView = z.infer<typeof orgInvitationSentViewSchema>;

/**
 * An invitation sent and not yet accepted nor expired, as the members screen lists it (issue 35
 * item 15): type is parentInvitation or the organisation's type; times are epoch ms.
 */
export const orgPendingInvitationViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  type: z.string(),
  /** Who sent it; null once their account is gone. */
  invitedByName: z.string().nullable(),
  sentAt: z.number(),
  expiresAt: z.number(),
});
export type OrgPendingInvitationView = z.infer<typeof orgPendingInvitationViewSchema>;

/** A subscription plan (spec 000 §3 Plan). */
export const planViewSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  productId: z.string(),
  productName: z.string(),
  nickname: z.string().nullable(),
  interval: z.string(),
  lookupKey: z.string(),
  productFeaturesJSON: z.string(),
});
export type PlanView = z.infer<typeof planViewSchema>;

/** What creating an organisation answers: its id and the session that now holds it. */
export const createdOrgViewSchema = z.object({ orgId: z.string(), session: sessionViewSchema });
/** A created organisation, its session as a reader that asked for `Org`'s fields of its organisations holds it. */
export type CreatedOrgView<Org = SessionOrgBriefView> = Omit<z.infer<typeof createdOrgViewSchema>, 'session'> & {
  session: SessionView<Org>;
};

/** What accepting an invitation answers: the organisation joined, its type, the user and their session. */
export const acceptedOrgInvitationViewSchema = z.object({
  orgId: z.string(),
  type: z.string(),
  user: userViewSchema,
  session: sessionViewSchema,
});
/** An accepted invitation, its session as a reader that asked for `Org`'s fields of its organisations holds it. */
export type AcceptedOrgInvitationView<Org = SessionOrgBriefView> = Omit<
  z.infer<typeof acceptedOrgInvitationViewSchema>,
  'session'
> & { session: SessionView<Org> };

/** One signature of the agreement as spec 001 §3 names it: name, signatureSvg, companyName, time. */
export const baaSignatureViewSchema = z.object({
  name: z.string(),
  signatureSvg: z.string().nullable(),
  companyName: z.string(),
  time: z.string(),
});
export type BaaSignatureView = z.infer<typeof baaSignatureViewSchema>;

/** The organisation's Business Associate Agreement (spec 001 §3 Contract), signed or not yet. */
export const baaAnswerViewSchema = z.object({
  signed: z.boolean(),
  version: z.string().nullish(),
  status: z.string().nullish(),
  /** The signed text (HTML, placeholders filled). */
  html: z.string().nullish(),
  coveredEntity: baaSignatureViewSchema.nullish(),
  company: baaSignatureViewSchema.nullish(),
});
export type BaaAnswerView = z.infer<typeof baaAnswerViewSchema>;

/** The fields the signer fills in when signing the agreement. */
export const baaFieldsInputSchema = z.object({
  companyName: z.string().nullish(),
  name: z.string().nullish(),
  title: z.string().nullish(),
});
export type BaaFieldsInput = z.infer<typeof baaFieldsInputSchema>;
