import {
  emailSchema,
  isInternalUber,
  isSubscriptionOk,
  isValidOrgId,
  nameSchema,
  newId,
  ORG_TYPES,
  suggestOrgId,
  TRIAL_MS,
  validateOrgDetails,
  type OrgIdAvailability,
  type OrgType,
  type OrgView,
  type PlanView,
  type PostalAddress,
  type SessionOrgGroupsView,
  type SessionOrgView,
  type SubscriptionStatusName,
} from '@vigil/shared';
import { z } from 'zod';
import type { OrgChanges, OrgRecord } from '../store/orgs/types.js';
import { authorizeOrg } from './authorize.js';
import {
  auditOrigin,
  byCaller,
  parse,
  refuse,
  requireFullCaller,
  requireOrgId,
  text,
  type OrgCaller,
  type OrgRequest,
  type SignedInCaller,
} from './common.js';
import type { OrgDeps } from './deps.js';
import { syncPractitioner } from './practitioners.js';

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
interface OrgCreation {
  id: string;
  type: OrgType;
  name: string;
  email: string | null;
  planId: string | null;
  referredBy: string | null;
  referralType: string | null;
  onboarding: boolean;
}

/** Organisations (spec 000 §3, §5, §7): reading, creating, updating, the session's list. */
export class OrganisationService {
  constructor(private readonly deps: OrgDeps) {}

  /** The organisation as the API shows it (spec 000 §3 Org). */
  async view(org: OrgRecord): Promise<OrgView> {
    const now = this.deps.now();
    return {
      id: org.id,
      fhirId: org.fhirId,
      name: org.name,
      type: org.type,
      email: org.email,
      hasBAA: org.hasBaa,
      visionType: org.visionType,
      parentOrgs: await this.deps.store.parentsOf(org.id),
      featuresJSON: JSON.stringify(await this.deps.store.features(org.id)),
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
    };
  }

  private async views(orgs: readonly OrgRecord[]): Promise<OrgView[]> {
    const out: OrgView[] = [];
    for (const org of orgs) out.push(await this.view(org));
    return out;
  }

  /** An organisation, for its members and whoever may administer it. */
  async get(caller: OrgCaller, orgId: unknown): Promise<OrgView> {
    const { org } = await authorizeOrg(this.deps, caller, orgId, 'member');
    return this.view(org);
  }

  /** The organisations a parent oversees (parent app, spec 000 §2): for whoever administers the parent. */
  async children(caller: OrgCaller, parentOrgId: unknown): Promise<OrgView[]> {
    const { org } = await authorizeOrg(this.deps, caller, parentOrgId, 'admin');
    return this.views(await this.deps.store.childOrgs(org.id));
  }

  /** Every organisation (internal team app): internal ubers only. */
  async all(caller: OrgCaller): Promise<OrgView[]> {
    const who = requireFullCaller(caller);
    if (!isInternalUber(who.subject)) refuse('NOT_AUTHORIZED');
    return this.views(await this.deps.store.allOrgs());
  }

  /** The active subscription plans (spec 000 §3 Plan): public, the pricing table is shown before an organisation exists. */
  async plans(): Promise<PlanView[]> {
    return (await this.deps.store.activePlans()).map((p) => ({
      id: p.id,
      amount: p.amount,
      productId: p.productId,
      productName: p.productName,
      nickname: p.nickname,
      interval: p.interval,
      lookupKey: p.lookupKey,
      productFeaturesJSON: p.productFeaturesJson,
    }));
  }

  /** spec 000 §5: whether an organisation ID can be taken. */
  async availability(orgId: string): Promise<OrgIdAvailability> {
    if (!isValidOrgId(orgId)) return 'invalid';
    return (await this.deps.store.org(orgId)) ? 'unavailable' : 'available';
  }

  /** orgIdAvailability (spec 000 §7): for signed-in callers with valid multi-factor. */
  async idAvailability(caller: OrgCaller, orgId: unknown): Promise<OrgIdAvailability> {
    requireFullCaller(caller);
    return this.availability(typeof orgId === 'string' ? orgId : '');
  }

  /** The session's organisations grouped by type (spec 000 §2 switcher, §3); an EMR session lists only its own. */
  async sessionOrgs(userId: string, singleOrg: string | null): Promise<SessionOrgGroupsView> {
    const now = this.deps.now();
    const groups: SessionOrgGroupsView = { regular: [], parent: [], vigil: [], reseller: [] };
    for (const r of await this.deps.store.userOrgs(userId)) {
      if (singleOrg !== null && r.id !== singleOrg) continue;
      const org: SessionOrgView = {
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
      groups[r.type].push(org);
    }
    return groups;
  }

  private checkCreate(caller: OrgCaller, orgType: OrgType): SignedInCaller {
    const who = requireFullCaller(caller);
    // spec 000 §2: /create-org is only for users whose email is verified.
    if (!who.user.emailVerified) refuse('EMAIL_NOT_VERIFIED');
    // spec 000 §1: an EMR launch is a single-organisation session; it creates no other (issue 24 item 8).
    if (who.singleOrg !== null) refuse('NOT_AUTHORIZED');
    // Decision: there is one internal organisation; resellers are made by the internal team.
    if (orgType === 'vigil') refuse('NOT_AUTHORIZED');
    if (orgType === 'reseller' && !isInternalUber(who.subject)) refuse('NOT_AUTHORIZED');
    return who;
  }

  /** Creates an organisation with its creator as its first admin (and provider of a regular office). */
  private async insert(request: OrgRequest, who: SignedInCaller, input: OrgCreation): Promise<string> {
    const now = this.deps.now();
    const userId = who.user.id;
    // Decision: without a payment provider a new organisation starts its 30-day trial (spec 002 §9);
    // an onboarding organisation starts it when it goes live.
    const status: SubscriptionStatusName = input.onboarding ? 'none' : 'trialing';
    const granted = await this.deps.store.createOrg(
      {
        id: input.id,
        fhirId: newId('org'),
        name: input.name,
        type: input.type,
        email: input.email,
        subscriptionStatus: status,
        trialEnd: input.onboarding ? null : now + TRIAL_MS,
        isOnboarding: input.onboarding,
        planId: input.planId,
        referredBy: input.referredBy,
        referralType: input.referralType,
        createdBy: userId,
      },
      // spec 000 §7: the creator becomes an admin (and, in a regular office, a provider).
      {
        orgId: input.id,
        userId,
        roles: input.type === 'regular' ? ['admin', 'provider'] : ['admin'],
        by: userId,
        via: 'createOrg',
        newMemberId: newId('prc'),
      },
      auditOrigin(request, now),
      byCaller(who, 'orgCreated', { orgId: input.id, type: input.type, onboarding: input.onboarding }),
    );
    await syncPractitioner(this.deps, now, {
      id: granted.memberId,
      orgId: input.id,
      userId,
      roles: granted.roles,
      active: true,
    });
    return input.id;
  }

  /** createOrg (spec 000 §7): the new organisation's ID (the caller then gets a new session token). */
  async create(request: OrgRequest, args: Record<string, unknown>): Promise<string> {
    const input = parse(schemas.createOrg, args);
    const who = this.checkCreate(request.caller, input.orgType);
    const orgId = requireOrgId(input.orgId);
    const state = await this.availability(orgId);
    if (state === 'invalid') refuse('INVALID_ORG_ID');
    if (state === 'unavailable') refuse('ORG_ID_TAKEN');
    if (input.planId && !(await this.deps.store.isActivePlan(input.planId))) refuse('INVALID_PLAN');
    return this.insert(request, who, {
      id: orgId,
      type: input.orgType,
      name: input.orgName,
      email: input.orgEmail ?? null,
      planId: input.planId ?? null,
      referredBy: input.referredBy ?? null,
      referralType: input.referralType ?? null,
      onboarding: false,
    });
  }

  /** createOnboardingOrg: the ID comes from the name (spec 000 §5 suggestion), numbered when taken. */
  async createOnboarding(request: OrgRequest, args: Record<string, unknown>): Promise<string> {
    const input = parse(schemas.createOrg.omit({ orgId: true, planId: true }), args);
    const who = this.checkCreate(request.caller, input.orgType);
    const base = suggestOrgId(input.orgName) || 'org';
    let orgId = base;
    for (let n = 2; (await this.availability(orgId)) !== 'available'; n += 1) orgId = `${base.slice(0, 58)}-${n}`;
    return this.insert(request, who, {
      id: orgId,
      type: input.orgType,
      name: input.orgName,
      email: input.orgEmail ?? null,
      planId: null,
      referredBy: input.referredBy ?? null,
      referralType: input.referralType ?? null,
      onboarding: true,
    });
  }

  /** updateOrg (spec 000 §7: org fields plus visionType; type and parents are the internal team's). */
  async update(request: OrgRequest, rawOrgId: unknown, properties: unknown): Promise<OrgView> {
    const { caller: who, org } = await authorizeOrg(this.deps, request.caller, rawOrgId, 'admin');
    const p = parse(schemas.properties, properties ?? {});
    const now = this.deps.now();
    const internal = isInternalUber(who.subject);
    // Decision: an organisation's type and parents are the internal team's to change; going
    // back to onboarding too. Admins change the rest.
    if ((p.type != null && p.type !== org.type) || p.parentOrgs != null || p.isOnboarding === true) {
      if (!internal) refuse('NOT_AUTHORIZED');
    }
    if (p.type != null && p.type !== org.type && (p.type === 'vigil' || org.type === 'vigil')) refuse('INVALID_INPUT');
    if (p.parentOrgs != null) {
      for (const parentId of p.parentOrgs) {
        const parent = await this.deps.store.org(parentId);
        if (!parent || parent.type !== 'parent' || parentId === org.id) refuse('INVALID_PARENT_ORG');
      }
    }
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
    const fields = Object.keys(p).filter((k) => (p as Record<string, unknown>)[k] !== undefined);
    await this.deps.store.updateOrg(
      org.id,
      changes,
      p.parentOrgs ?? null,
      auditOrigin(request, now),
      byCaller(who, 'orgUpdated', { orgId: org.id, fields }),
    );
    return this.view((await this.deps.store.org(org.id))!);
  }

  /** doUpdateOrgBillingAddresses (spec 000 §7): the billing address and shipping (null: same as billing). */
  async updateBillingAddresses(
    request: OrgRequest,
    rawOrgId: unknown,
    address: unknown,
    shipping: unknown,
  ): Promise<OrgView> {
    const { caller: who, org } = await authorizeOrg(this.deps, request.caller, rawOrgId, 'admin');
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
    const billing = clean(parse(schemas.postalAddress, address));
    const ship = shipping == null ? null : clean(parse(schemas.postalAddress, shipping));
    // spec 000 §5: billing address and name, shipping (or same as billing), org email and type.
    const invalid = validateOrgDetails({
      billing,
      shipping: ship,
      shippingSameAsBilling: ship === null,
      email: org.email ?? '',
      type: org.type,
    });
    if (invalid) refuse('INCOMPLETE_ADDRESS');
    const now = this.deps.now();
    await this.deps.store.updateOrg(
      org.id,
      {
        billingName: billing.name,
        addressLine1: billing.address.line1,
        addressLine2: billing.address.line2 || null,
        city: billing.address.city,
        state: billing.address.state,
        postalCode: billing.address.postal_code,
        country: billing.address.country,
        shippingAddress: ship,
      },
      null,
      auditOrigin(request, now),
      byCaller(who, 'orgUpdated', { orgId: org.id, fields: ['billingAddress', 'shippingAddress'] }),
    );
    return this.view((await this.deps.store.org(org.id))!);
  }
}
