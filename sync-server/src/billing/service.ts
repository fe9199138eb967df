import { isSubscriptionOk, type PostalAddressView } from '@vigil/shared';
import { z } from 'zod';
import type { Caller, SignedIn } from '../access/caller.js';
import type { Need, OrgAccess } from '../access/index.js';
import { orgFor } from '../orgs/authorize.js';
import { auditOrigin, byCaller, parse, refuse } from '../orgs/common.js';
import type { BillingStore, OrgBilling } from '../store/billing/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { PlanRecord } from '../store/orgs/features.js';
import {
  PaymentRefusedError,
  ProviderRequestError,
  type PaymentProvider,
  type PostalAddress,
  type ProviderCard,
  type ProviderInvoice,
  type ProviderSubscription,
} from './provider.js';
import type { CardAttempts } from './card-limits.js';
import type { CardSetupAnswer, SubscriptionOverview } from './overview.js';

export interface BillingDeps {
  provider: PaymentProvider;
  billing: BillingStore;
  orgs: Pick<OrgStore, 'org' | 'parentsOf' | 'updateOrg' | 'members' | 'activePlans' | 'plan'>;
  access: Pick<OrgAccess, 'authorize'>;
  /** Card entry's limit of refused cards per organisation and per user (issue 37). */
  cards: Pick<CardAttempts, 'attempt'>;
  now: () => number;
  /**
   * The provider's clock, which its events' times are read on (the local provider's runs ahead of
   * real time once a test advances it); the server's clock when left out. A provider's answer is
   * mirrored as reported at this time, so an event sent before it never overwrites it.
   */
  providerClock?: () => Promise<number>;
}

const id = z.string().trim().min(1).max(255);
const pageSize = z.number().int().min(1).max(100).default(20);

/** A plan without the catalogue's active flag (the subscription page's plan). */
const planRecord = ({ active: _active, ...plan }: PlanRecord & { active: boolean }): PlanRecord => plan;

/** A provider refusal as the caller sees it: the provider's own message (spec 000 §8 for the tax address). */
function answerRefusal(e: unknown): never {
  if (e instanceof PaymentRefusedError) {
    refuse(e.code === 'invalid_address_for_tax' ? 'INVALID_ADDRESS_FOR_TAX' : e.message);
  }
  if (e instanceof ProviderRequestError) refuse(e.message);
  throw e;
}

/**
 * The subscription of an organisation (issue 37): its customer at the payment provider, cards,
 * plan and providers billed, invoices, and the mirror of the provider's subscription on the
 * organisation (subscriptionStatus, trialEnd, planId), written with its audit event in one unit
 * of work. Administrators of the organisation manage it; every member may read its status.
 */
export class BillingService {
  constructor(private readonly deps: BillingDeps) {}

  private async orgOf(caller: Caller, orgId: unknown, need: Need): Promise<{ caller: SignedIn; orgId: string }> {
    const { caller: signedIn, org } = await orgFor(
      { store: this.deps.orgs, access: this.deps.access },
      caller,
      orgId,
      need,
    );
    return { caller: signedIn, orgId: org.id };
  }

  /** The members billed: those with the provider role (support staff are free: spec 002 §1). */
  async providers(orgId: string): Promise<number> {
    return (await this.deps.orgs.members(orgId)).filter((m) => m.roles.includes('provider')).length;
  }

  async overview(caller: Caller, args: { orgId?: unknown }): Promise<SubscriptionOverview> {
    const { orgId } = await this.orgOf(caller, args.orgId, 'admin');
    const org = (await this.deps.orgs.org(orgId))!;
    const account = await this.deps.billing.get(orgId);
    const customer = account ? await this.deps.provider.getCustomer(account.customerId) : null;
    // The price it pays, archived or not: an office keeps a replaced price until it changes plan.
    const priceId = account?.priceId ?? org.planId;
    const held = priceId ? await this.deps.orgs.plan(priceId) : null;
    return {
      status: org.subscriptionStatus,
      trialEnd: org.trialEnd,
      ok: isSubscriptionOk(
        { status: org.subscriptionStatus, trialEnd: org.trialEnd, isOnboarding: org.isOnboarding },
        this.deps.now(),
      ),
      plan: held ? planRecord(held) : null,
      providers: await this.providers(orgId),
      subscription:
        account?.subscriptionId == null
          ? null
          : {
              start: account.start,
              currentPeriodStart: account.currentPeriodStart,
              currentPeriodEnd: account.currentPeriodEnd,
              trialStart: account.trialStart,
              trialEnd: account.trialEnd,
              cancelAtPeriodEnd: account.cancelAtPeriodEnd,
              cancelledAt: account.cancelledAt,
              quantity: account.quantity,
            },
      cards: account ? await this.deps.provider.listCards(account.customerId) : [],
      defaultCardId: customer?.defaultCardId ?? null,
    };
  }

  /**
   * Starts saving a card with the provider's own card entry (the real provider: a SetupIntent the
   * browser confirms with its client secret, 3-D Secure included, before addCard saves the card it
   * confirmed); the local provider answers no secret and the client keeps its local form.
   */
  async startCardSetup(caller: Caller, args: { orgId?: unknown }): Promise<CardSetupAnswer> {
    const { orgId } = await this.orgOf(caller, args.orgId, 'admin');
    const account = await this.customer(orgId);
    const setup = await this.deps.provider.createCardSetup(account.customerId).catch(answerRefusal);
    return { provider: this.deps.provider.name, clientSecret: setup?.clientSecret ?? null };
  }

  /** Saves a card the browser tokenised with the provider (or a card setup confirmed), as the default. */
  async addCard(caller: Caller, args: { orgId?: unknown; paymentMethodId?: unknown }): Promise<ProviderCard> {
    const { caller: who, orgId } = await this.orgOf(caller, args.orgId, 'admin');
    const paymentMethodId = parse(id, args.paymentMethodId);
    const account = await this.customer(orgId);
    // A refused card counts toward the organisation's and the user's card limit.
    return this.deps.cards
      .attempt({ userId: who.user.id, orgId }, caller, () =>
        this.deps.provider.attachCard(account.customerId, paymentMethodId),
      )
      .catch(answerRefusal);
  }

  async removeCard(caller: Caller, args: { orgId?: unknown; cardId?: unknown }): Promise<void> {
    const { orgId } = await this.orgOf(caller, args.orgId, 'admin');
    const cardId = parse(id, args.cardId);
    const account = await this.deps.billing.get(orgId);
    if (!account) refuse('NOT_FOUND');
    await this.deps.provider.detachCard(account.customerId, cardId).catch(answerRefusal);
  }

  /**
   * Subscribes the organisation to a plan, billed per provider. A trial that has not ended runs on
   * to its end; after it the first period is charged at once (a refused card changes nothing and
   * answers the provider's message).
   */
  async subscribe(caller: Caller, args: { orgId?: unknown; priceId?: unknown }): Promise<SubscriptionOverview> {
    const { caller: who, orgId } = await this.orgOf(caller, args.orgId, 'admin');
    const priceId = await this.activePrice(args.priceId);
    const account = await this.customer(orgId);
    if (account.subscriptionId && account.status !== 'canceled')
      refuse('This organization already has a subscription.');
    const org = (await this.deps.orgs.org(orgId))!;
    const now = this.deps.now();
    const sub = await this.deps.provider
      .createSubscription({
        customerId: account.customerId,
        priceId,
        quantity: await this.providers(orgId),
        trialEnd: org.trialEnd !== null && org.trialEnd > now ? org.trialEnd : null,
      })
      .catch(answerRefusal);
    await this.mirror(
      orgId,
      sub,
      await this.reportTime(),
      byCaller(who, 'orgSubscriptionChanged', { change: 'subscribed', priceId }),
      caller,
    );
    return this.overview(caller, { orgId });
  }

  /** A change of plan or interval, prorated by the provider. */
  async changePlan(caller: Caller, args: { orgId?: unknown; priceId?: unknown }): Promise<SubscriptionOverview> {
    const { caller: who, orgId } = await this.orgOf(caller, args.orgId, 'admin');
    const priceId = await this.activePrice(args.priceId);
    const account = await this.subscribed(orgId);
    const sub = await this.deps.provider.updateSubscription(account.subscriptionId, { priceId }).catch(answerRefusal);
    const event = byCaller(who, 'orgSubscriptionChanged', { change: 'plan', priceId });
    await this.mirror(orgId, sub, await this.reportTime(), event, caller);
    return this.overview(caller, { orgId });
  }

  /** Cancels at the period's end (active until then: spec 000 §3 cancelledAt), or resumes. */
  async setCancelled(caller: Caller, args: { orgId?: unknown }, cancel: boolean): Promise<SubscriptionOverview> {
    const { caller: who, orgId } = await this.orgOf(caller, args.orgId, 'admin');
    const account = await this.subscribed(orgId);
    const provider = this.deps.provider;
    const sub = await (
      cancel ? provider.cancelSubscription(account.subscriptionId) : provider.resumeSubscription(account.subscriptionId)
    ).catch(answerRefusal);
    const event = byCaller(who, 'orgSubscriptionChanged', { change: cancel ? 'cancelled' : 'resumed' });
    await this.mirror(orgId, sub, await this.reportTime(), event, caller);
    return this.overview(caller, { orgId });
  }

  /** The next invoice, with a plan or a number of providers changed when given (before the admin confirms). */
  async preview(
    caller: Caller,
    args: { orgId?: unknown; priceId?: unknown; providers?: unknown },
  ): Promise<ProviderInvoice | null> {
    const { orgId } = await this.orgOf(caller, args.orgId, 'admin');
    const priceId = args.priceId == null ? undefined : await this.activePrice(args.priceId);
    const quantity = args.providers == null ? undefined : parse(z.number().int().min(0).max(10_000), args.providers);
    const account = await this.deps.billing.get(orgId);
    if (!account?.subscriptionId || account.status === 'canceled') return null;
    try {
      return await this.deps.provider.previewInvoice(account.subscriptionId, { priceId, quantity });
    } catch (e) {
      // A subscription ending at its period's end has no next invoice.
      if (e instanceof ProviderRequestError) return null;
      throw e;
    }
  }

  async invoices(
    caller: Caller,
    args: { orgId?: unknown; first?: unknown; after?: unknown },
  ): Promise<{ invoices: ProviderInvoice[]; hasMore: boolean }> {
    const { orgId } = await this.orgOf(caller, args.orgId, 'admin');
    const limit = parse(pageSize, args.first ?? undefined);
    const startingAfter = args.after == null ? undefined : parse(id, args.after);
    const account = await this.deps.billing.get(orgId);
    if (!account) return { invoices: [], hasMore: false };
    return this.deps.provider.listInvoices(account.customerId, { limit, startingAfter });
  }

  /** Pays the open invoices of a past-due or unpaid subscription with the default card. */
  async payOpenInvoices(caller: Caller, args: { orgId?: unknown }): Promise<SubscriptionOverview> {
    const { orgId } = await this.orgOf(caller, args.orgId, 'admin');
    const account = await this.subscribed(orgId);
    const { invoices } = await this.deps.provider.listInvoices(account.customerId, { limit: 100 });
    for (const invoice of invoices.filter((i) => i.status === 'open').reverse()) {
      await this.deps.provider.payInvoice(invoice.id!).catch(answerRefusal);
    }
    const sub = await this.deps.provider.getSubscription(account.subscriptionId);
    if (sub) await this.mirror(orgId, sub, await this.reportTime(), null, caller);
    return this.overview(caller, { orgId });
  }

  /**
   * Sets the providers billed to the members with the provider role (a member added or removed,
   * a role changed); the provider prorates it on the next invoice. Nothing without a subscription.
   */
  async syncProviders(orgId: string): Promise<void> {
    const account = await this.deps.billing.get(orgId);
    if (!account?.subscriptionId || account.status === 'canceled') return;
    const quantity = await this.providers(orgId);
    if (quantity === account.quantity) return;
    const sub = await this.deps.provider.updateSubscription(account.subscriptionId, { quantity });
    await this.mirror(orgId, sub, await this.reportTime(), null, null);
  }

  /**
   * Writes what the provider reports of the organisation's subscription on its account and on the
   * organisation (status, trial end, plan), with an audit event, in one unit of work. A report
   * older than the one held is ignored (events may arrive out of order).
   */
  async mirror(
    orgId: string,
    sub: ProviderSubscription,
    reportedAt: number,
    event: Parameters<OrgStore['updateOrg']>[4] | null,
    caller: Caller | null,
  ): Promise<void> {
    const now = this.deps.now();
    await this.deps.billing.transaction(async () => {
      const account = await this.deps.billing.get(orgId);
      if (!account || account.customerId !== sub.customerId) return;
      if (account.subscriptionId === sub.id && account.reportedAt > reportedAt) return;
      const next: OrgBilling = {
        ...account,
        subscriptionId: sub.id,
        priceId: sub.priceId,
        quantity: sub.quantity,
        status: sub.status,
        start: sub.start,
        currentPeriodStart: sub.currentPeriodStart,
        currentPeriodEnd: sub.currentPeriodEnd,
        trialStart: sub.trialStart,
        trialEnd: sub.trialEnd,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        cancelledAt: sub.cancelledAt,
        reportedAt,
        updatedAt: now,
      };
      await this.deps.billing.put(next);
      const org = await this.deps.orgs.org(orgId);
      const trialEnd = sub.status === 'trialing' ? sub.trialEnd : (org?.trialEnd ?? null);
      const origin = caller ? auditOrigin(caller, now) : { at: now, ip: null, userAgent: null };
      const audit = event ?? {
        action: 'orgSubscriptionChanged' as const,
        userId: null,
        detail: { change: 'reported', status: sub.status, providers: sub.quantity },
      };
      await this.deps.orgs.updateOrg(
        orgId,
        { subscriptionStatus: sub.status, trialEnd, planId: sub.priceId },
        null,
        origin,
        audit,
      );
    });
  }

  /**
   * Gives the provider's customer the organisation's billing and shipping addresses (made on first
   * use); one the provider cannot locate for tax is refused INVALID_ADDRESS_FOR_TAX (spec 000 §8).
   */
  async updateAddresses(orgId: string, billing: PostalAddressView, shipping: PostalAddressView | null): Promise<void> {
    const account = await this.customer(orgId);
    const lines = (a: PostalAddressView): PostalAddress => ({
      line1: a.address.line1 ?? '',
      line2: a.address.line2 ?? null,
      city: a.address.city ?? '',
      state: a.address.state ?? '',
      postalCode: a.address.postal_code ?? '',
      country: a.address.country ?? '',
    });
    await this.deps.provider
      .updateCustomer(account.customerId, {
        billingAddress: lines(billing),
        shipping: { name: (shipping ?? billing).name, address: lines(shipping ?? billing) },
      })
      .catch(answerRefusal);
  }

  /** The organisation's customer at the provider, made on first use from its name, email and billing address. */
  private async customer(orgId: string): Promise<OrgBilling> {
    const held = await this.deps.billing.get(orgId);
    if (held) return held;
    const org = (await this.deps.orgs.org(orgId))!;
    const customer = await this.deps.provider
      .createCustomer({ email: org.email ?? '', name: org.billingName ?? org.name, orgId })
      .catch(answerRefusal);
    const now = this.deps.now();
    const account: OrgBilling = {
      orgId,
      provider: this.deps.provider.name,
      customerId: customer.id,
      subscriptionId: null,
      priceId: null,
      quantity: 0,
      status: org.subscriptionStatus,
      start: null,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      trialStart: null,
      trialEnd: null,
      cancelAtPeriodEnd: false,
      cancelledAt: null,
      reportedAt: 0,
      updatedAt: now,
    };
    await this.deps.billing.put(account);
    return account;
  }

  /** When a provider's answer is reported (its clock). */
  private async reportTime(): Promise<number> {
    return this.deps.providerClock ? this.deps.providerClock() : this.deps.now();
  }

  private async subscribed(orgId: string): Promise<OrgBilling & { subscriptionId: string }> {
    const account = await this.deps.billing.get(orgId);
    if (!account?.subscriptionId) refuse('This organization has no subscription yet.');
    return account as OrgBilling & { subscriptionId: string };
  }

  private async activePrice(raw: unknown): Promise<string> {
    const priceId = parse(id, raw);
    if (!(await this.deps.orgs.activePlans()).some((p) => p.id === priceId)) refuse('NOT_FOUND');
    return priceId;
  }
}
