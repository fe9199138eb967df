import {
  isInternalUber,
  isValidOrgId,
  newId,
  suggestOrgId,
  TRIAL_MS,
  validateOrgDetails,
  type OrgIdAvailability,
  type OrgType,
  type OrgView,
  type PlanView,
  type SessionOrgGroupsView,
  type SubscriptionStatusName,
} from '@vigil/shared';
import type { OrgRecord } from '../store/orgs/types.js';
import { fullySignedIn, type Caller, type SignedIn } from '../access/caller.js';
import { orgFor } from './authorize.js';
import { auditOrigin, byCaller, parse, refuse, requireOrgId } from './common.js';
import type { OrgDeps } from './deps.js';
import { orgChanges, postalAddress, schemas, type OrgCreation } from './org-input.js';
import { orgView, planView, sessionOrgView } from './org-views.js';
import { syncPractitioner } from './practitioners.js';

export { orgHref } from './org-views.js';

/** Organisations (spec 000 §3, §5, §7): reading, creating, updating, the session's list. */
export class OrganisationService {
  constructor(private readonly deps: OrgDeps) {}

  /** The organisation as the API shows it (spec 000 §3 Org). */
  async view(org: OrgRecord): Promise<OrgView> {
    return orgView(this.deps, org);
  }

  private async views(orgs: readonly OrgRecord[]): Promise<OrgView[]> {
    const out: OrgView[] = [];
    for (const org of orgs) out.push(await this.view(org));
    return out;
  }

  /** An organisation, for its members and whoever may administer it. */
  async get(caller: Caller, orgId: unknown): Promise<OrgView> {
    const { org } = await orgFor(this.deps, caller, orgId, 'member');
    return this.view(org);
  }

  /** The organisations a parent oversees (parent app, spec 000 §2): for whoever administers the parent. */
  async children(caller: Caller, parentOrgId: unknown): Promise<OrgView[]> {
    const { org } = await orgFor(this.deps, caller, parentOrgId, 'admin');
    return this.views(await this.deps.store.childOrgs(org.id));
  }

  /** Every organisation (internal team app): internal ubers only. */
  async all(caller: Caller): Promise<OrgView[]> {
    const who = fullySignedIn(caller);
    if (!isInternalUber(who.subject)) refuse('NOT_AUTHORIZED');
    return this.views(await this.deps.store.allOrgs());
  }

  /** The active subscription plans (spec 000 §3 Plan): public, the pricing table is shown before an organisation exists. */
  async plans(): Promise<PlanView[]> {
    return (await this.deps.store.activePlans()).map(planView);
  }

  /** spec 000 §5: whether an organisation ID can be taken. */
  async availability(orgId: string): Promise<OrgIdAvailability> {
    if (!isValidOrgId(orgId)) return 'invalid';
    return (await this.deps.store.org(orgId)) ? 'unavailable' : 'available';
  }

  /** orgIdAvailability (spec 000 §7): for signed-in callers with valid multi-factor. */
  async idAvailability(caller: Caller, orgId: unknown): Promise<OrgIdAvailability> {
    fullySignedIn(caller);
    return this.availability(typeof orgId === 'string' ? orgId : '');
  }

  /** The session's organisations grouped by type (spec 000 §2 switcher, §3); an EMR session lists only its own. */
  async sessionOrgs(userId: string, singleOrg: string | null): Promise<SessionOrgGroupsView> {
    const now = this.deps.now();
    const groups: SessionOrgGroupsView = { regular: [], parent: [], vigil: [], reseller: [] };
    for (const r of await this.deps.store.userOrgs(userId)) {
      if (singleOrg !== null && r.id !== singleOrg) continue;
      const org = sessionOrgView(r, now);
      groups[r.type].push(org);
    }
    return groups;
  }

  private checkCreate(caller: Caller, orgType: OrgType): SignedIn {
    const who = fullySignedIn(caller);
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
  private async insert(who: SignedIn, input: OrgCreation): Promise<string> {
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
      auditOrigin(who, now),
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
  async create(caller: Caller, args: Record<string, unknown>): Promise<string> {
    const input = parse(schemas.createOrg, args);
    const who = this.checkCreate(caller, input.orgType);
    const orgId = requireOrgId(input.orgId);
    const state = await this.availability(orgId);
    if (state === 'invalid') refuse('INVALID_ORG_ID');
    if (state === 'unavailable') refuse('ORG_ID_TAKEN');
    if (input.planId && !(await this.deps.store.isActivePlan(input.planId))) refuse('INVALID_PLAN');
    return this.insert(who, {
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
  async createOnboarding(caller: Caller, args: Record<string, unknown>): Promise<string> {
    const input = parse(schemas.createOrg.omit({ orgId: true, planId: true }), args);
    const who = this.checkCreate(caller, input.orgType);
    const base = suggestOrgId(input.orgName) || 'org';
    let orgId = base;
    for (let n = 2; (await this.availability(orgId)) !== 'available'; n += 1) orgId = `${base.slice(0, 58)}-${n}`;
    return this.insert(who, {
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
  async update(caller: Caller, rawOrgId: unknown, properties: unknown): Promise<OrgView> {
    const { caller: who, org } = await orgFor(this.deps, caller, rawOrgId, 'admin');
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
    const changes = orgChanges(p, org, now);
    const fields = Object.keys(p).filter((k) => (p as Record<string, unknown>)[k] !== undefined);
    await this.deps.store.updateOrg(
      org.id,
      changes,
      p.parentOrgs ?? null,
      auditOrigin(who, now),
      byCaller(who, 'orgUpdated', { orgId: org.id, fields }),
    );
    return this.view((await this.deps.store.org(org.id))!);
  }

  /** doUpdateOrgBillingAddresses (spec 000 §7): the billing address and shipping (null: same as billing). */
  async updateBillingAddresses(
    caller: Caller,
    rawOrgId: unknown,
    address: unknown,
    shipping: unknown,
  ): Promise<OrgView> {
    const { caller: who, org } = await orgFor(this.deps, caller, rawOrgId, 'admin');
    const billing = postalAddress(parse(schemas.postalAddress, address));
    const ship = shipping == null ? null : postalAddress(parse(schemas.postalAddress, shipping));
    // spec 000 §5: billing address and name, shipping (or same as billing), org email and type.
    const invalid = validateOrgDetails({
      billing,
      shipping: ship,
      shippingSameAsBilling: ship === null,
      email: org.email ?? '',
      type: org.type,
    });
    if (invalid) refuse('INCOMPLETE_ADDRESS');
    await this.deps.addressesChanging?.(org.id, billing, ship);
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
      auditOrigin(who, now),
      byCaller(who, 'orgUpdated', { orgId: org.id, fields: ['billingAddress', 'shippingAddress'] }),
    );
    return this.view((await this.deps.store.org(org.id))!);
  }
}
