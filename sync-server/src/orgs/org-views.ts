import {
  isSubscriptionOk,
  planIncludes,
  type OrgType,
  type OrgView,
  type PlanView,
  type SessionOrgView,
} from '@vigil/shared';
import type { OrgRecord, PlanRecord, UserOrgRecord } from '../store/orgs/types.js';
import type { OrgDeps } from './deps.js';

/*
 * How the organisations are shown to the API (spec 000 §3 Org, Plan; §2 the switcher): records
 * of store/orgs/ mapped to the shared views, with nothing decided here.
 */

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

/** The organisation as the API shows it (spec 000 §3 Org): its parents and flags read with it. */
export async function orgView(deps: Pick<OrgDeps, 'store' | 'now' | 'entitlements'>, org: OrgRecord): Promise<OrgView> {
  const now = deps.now();
  const [held, maxSedationLevel] = await Promise.all([
    deps.entitlements.tier(org.id),
    deps.entitlements.maxSedationLevel(org.id),
  ]);
  return {
    id: org.id,
    fhirId: org.fhirId,
    name: org.name,
    type: org.type,
    email: org.email,
    hasBAA: org.hasBaa,
    visionType: org.visionType,
    parentOrgs: await deps.store.parentsOf(org.id),
    featuresJSON: JSON.stringify(await deps.store.features(org.id)),
    preventResourceEditing: org.preventResourceEditing,
    subscriptionStatus: {
      status: org.subscriptionStatus,
      trialEnd: org.trialEnd,
      ok: isSubscriptionOk(
        { status: org.subscriptionStatus, trialEnd: org.trialEnd, isOnboarding: org.isOnboarding },
        now,
      ),
    },
    isOnboarding: org.isOnboarding,
    addressLine1: org.addressLine1,
    addressLine2: org.addressLine2,
    city: org.city,
    state: org.state,
    postalCode: org.postalCode,
    country: org.country,
    taxStatus: org.taxStatus,
    billingAddress: org.addressLine1
      ? {
          name: org.billingName ?? org.name,
          address: {
            line1: org.addressLine1,
            line2: org.addressLine2,
            city: org.city ?? '',
            state: org.state ?? '',
            postal_code: org.postalCode ?? '',
            country: org.country ?? '',
          },
        }
      : null,
    shippingAddress: org.shippingAddress,
    planTier: held?.tier ?? null,
    maxSedationLevel,
    waveformCapture: held === null || planIncludes(held.tier, held.features, 'waveformCapture'),
  };
}

/** A membership as the session's organisation switcher lists it (spec 000 §2, §3). */
export function sessionOrgView(r: UserOrgRecord, now: number): SessionOrgView {
  return {
    id: r.id,
    name: r.name,
    roles: r.roles,
    // Decision: the organisation's subscription status; 'onboarding' while it is onboarding.
    status: r.isOnboarding
      ? 'onboarding'
      : isSubscriptionOk({ status: r.subscriptionStatus, trialEnd: r.trialEnd, isOnboarding: false }, now)
        ? r.subscriptionStatus
        : r.subscriptionStatus === 'trialing'
          ? 'trialEnded'
          : r.subscriptionStatus,
    type: r.type,
    memberId: r.memberId,
    href: orgHref(r.type, r.id),
  };
}

/** An active subscription plan (spec 000 §3 Plan). */
export function planView(p: PlanRecord): PlanView {
  return {
    id: p.id,
    amount: p.amount,
    productId: p.productId,
    productName: p.productName,
    nickname: p.nickname,
    interval: p.interval,
    lookupKey: p.lookupKey,
    productFeaturesJSON: p.productFeaturesJson,
  };
}
