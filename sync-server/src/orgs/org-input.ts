import { emailSchema, nameSchema, ORG_TYPES, TRIAL_MS, type OrgType, type PostalAddress } from '@vigil/shared';
import { z } from 'zod';
import type { OrgChanges, OrgRecord } from '../store/orgs/types.js';
import { text } from './common.js';

/*
 * What createOrg, createOnboardingOrg, updateOrg and doUpdateOrgBillingAddresses take (spec 000
 * §7), parsed at the edge, and how their properties become the stored changes.
 */

export const schemas = {
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
};

/** A new organisation as createOrg / createOnboardingOrg ask for it. */
export interface OrgCreation {
  id: string;
  type: OrgType;
  name: string;
  email: string | null;
  planId: string | null;
  referredBy: string | null;
  referralType: string | null;
  onboarding: boolean;
}

/** updateOrg's properties as the stored changes; going live starts the 30-day trial of an organisation that had none. */
export function orgChanges(p: z.infer<typeof schemas.properties>, org: OrgRecord, now: number): OrgChanges {
  const changes: OrgChanges = {};
  if (p.name != null) changes.name = p.name;
  if (p.email !== undefined) changes.email = p.email;
  if (p.type != null) changes.type = p.type;
  if (p.visionType !== undefined) changes.visionType = p.visionType;
  if (p.preventResourceEditing != null) changes.preventResourceEditing = p.preventResourceEditing;
  if (p.isOnboarding != null) {
    changes.isOnboarding = p.isOnboarding;
    // Going live (spec 000 §2 go-live) starts the 30-day trial of an organisation that had none.
    if (!p.isOnboarding && org.isOnboarding && org.subscriptionStatus === 'none') {
      changes.subscriptionStatus = 'trialing';
      changes.trialEnd = now + TRIAL_MS;
    }
  }
  if (p.addressLine1 !== undefined) changes.addressLine1 = p.addressLine1;
  if (p.addressLine2 !== undefined) changes.addressLine2 = p.addressLine2;
  if (p.city !== undefined) changes.city = p.city;
  if (p.state !== undefined) changes.state = p.state;
  if (p.postalCode !== undefined) changes.postalCode = p.postalCode;
  if (p.country !== undefined) changes.country = p.country;
  if (p.taxStatus !== undefined) changes.taxStatus = p.taxStatus;
  return changes;
}

/** A parsed postal address with its absent parts as the views expect them. */
export function postalAddress(a: z.infer<typeof schemas.postalAddress>): PostalAddress {
  return {
    name: a.name ?? '',
    address: {
      line1: a.address.line1 ?? '',
      line2: a.address.line2 ?? null,
      city: a.address.city ?? '',
      state: a.address.state ?? '',
      postal_code: a.address.postal_code ?? '',
      country: a.address.country ?? '',
    },
  };
}
