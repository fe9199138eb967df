/**
 * Billing as the server builds it (issue 37), beside services-accounts.ts: the payment provider
 * (the local one over the server's database unless a real one is configured), the organisations'
 * provider accounts, the subscription service, the webhook, the plan catalogue of a new database,
 * and the local provider's event sender and clock (started once the server listens).
 */
import type { AuditLog } from './auth/audit.js';
import type { RateLimiter } from './auth/rate-limiter.js';
import { CardAttempts } from './billing/card-limits.js';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OrgAccess } from './access/index.js';
import { seedPlanCatalogue, seededLookupKey } from './billing/catalogue.js';
import { LocalPaymentProvider } from './billing/local/provider.js';
import { startEventSender } from './billing/local/sender.js';
import { selectPaymentProvider } from './billing/select.js';
import type { PaymentProvider } from './billing/provider.js';
import { PlanCatalogueService } from './billing/plans.js';
import { BillingService } from './billing/service.js';
import { auditTrail } from './access/audited.js';
import { BillingWebhooks } from './billing/webhooks.js';
import type { Logger } from './log.js';
import type { MessageSender } from './mail/sender.js';
import type { BillingStore } from './store/billing/types.js';
import type { OrgStore } from './store/orgs/types.js';
import type { Stores } from './store/select.js';

/** The webhook route, for the sender posting to it. */
export const BILLING_WEBHOOK_PATH = '/api/billing/webhook';

/**
 * The demo office's plan (issue 37): yearly, paid with the success card. Enterprise since issue 41
 * (it includes Advanced, so GA cases still work), so the demo shows the office's analytics.
 */
export const DEMO_PLAN = seededLookupKey('enterprise', 'year');

export interface BillingParts {
  provider: PaymentProvider;
  /** The local provider when it is the one in use (its card entry, hosted invoices and clock routes). */
  local: LocalPaymentProvider | null;
  /**
   * The real provider's publishable key, which the client's card entry loads the provider's
   * script with (GraphQL `stripePublishableKey`); null with the local provider. Public by design:
   * the secret key and the webhook secret never leave the server.
   */
  publishableKey: string | null;
  billingStore: BillingStore;
  billing: BillingService;
  /** The team's plan catalogue (the-plan, products screens). */
  plans: PlanCatalogueService;
  webhooks: BillingWebhooks;
  /** Card entry's limit of refused cards (the card entry route and addCard). */
  cards: CardAttempts;
  /** Keeps the billed providers in step after a role change committed; a failure is logged, never thrown. */
  providersChanged: (orgId: string) => Promise<void>;
  /** The plan catalogue of a new database, and the demo office's subscription when the demo data was seeded. */
  seedCatalogue: (demoOrgId: string | null) => Promise<void>;
  /** Starts posting the local provider's events to the server's own webhook (base URL of the server). */
  start: (baseUrl: string) => void;
  /** Sends the local provider's due events now (after its clock moved), rather than at the next poll. */
  sendEvents: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * The local provider's webhook secret, generated once and kept in the data directory beside the
 * database (mode 0600): the same on every start, so events queued before a restart still verify.
 */
export function localWebhookSecret(dataDir: string): string {
  const file = path.join(dataDir, 'payments-local-webhook.secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = `whsec_local${randomBytes(24).toString('hex')}`;
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process wrote it first.
      return readFileSync(file, 'utf8').trim();
    }
  }
}

export interface BillingInputs {
  stores: Stores;
  dataDir: string;
  orgStore: OrgStore;
  access: OrgAccess;
  sender: MessageSender;
  now: () => number;
  log: Logger;
  /** The one rate limiter and the audit trail it counts from (the card limit). */
  limiter: RateLimiter;
  audit: AuditLog;
}

export function buildBilling(inputs: BillingInputs): BillingParts {
  const { stores, dataDir, orgStore, access, sender, now, log } = inputs;
  const cards = new CardAttempts({ limiter: inputs.limiter, audit: inputs.audit, now });
  // The local provider's clock is the server's (VIGIL_TEST_CLOCK_OFFSET_MS moves both), so the
  // signatures it makes are fresh by the clock the webhook verifies them with.
  const local = new LocalPaymentProvider(stores.localPayments, localWebhookSecret(dataDir), now);
  // The real provider's adapter when its keys are configured (billing/select.ts), else the local one.
  const selected = selectPaymentProvider();
  const provider: PaymentProvider = selected?.provider ?? local;
  const localInUse = provider === local ? local : null;
  const billingStore = stores.billing;
  const billing = new BillingService({
    ...{ provider, billing: billingStore, orgs: orgStore, access, cards, now },
    providerClock: localInUse ? () => localInUse.clock() : undefined,
  });
  const plans = new PlanCatalogueService({
    provider,
    plans: orgStore,
    leases: stores.leases,
    // The plans table and the audit trail are on the billing store's database: one unit of work.
    trail: auditTrail({ orgs: orgStore, transaction: (fn) => billingStore.transaction(fn), now }),
    log,
  });
  const webhooks = new BillingWebhooks({
    provider,
    billing: billingStore,
    service: billing,
    orgs: orgStore,
    sender,
    now,
    log,
  });

  const providersChanged = async (orgId: string): Promise<void> => {
    try {
      await billing.syncProviders(orgId);
    } catch (err) {
      log.warn({ err, orgId }, 'billed providers not updated');
    }
  };

  const seedCatalogue = async (demoOrgId: string | null): Promise<void> => {
    const seeded = await seedPlanCatalogue(provider, orgStore);
    if (seeded.length > 0) log.info({ plans: seeded.length, provider: provider.name }, 'plan catalogue seeded');
    const plan = seeded.find((p) => p.lookupKey === DEMO_PLAN);
    if (demoOrgId && localInUse && plan) await subscribeDemo(demoOrgId, plan.id);
  };

  /** The demo office subscribed to Advanced yearly with the provider's success card (local provider only). */
  const subscribeDemo = async (orgId: string, priceId: string): Promise<void> => {
    const org = await orgStore.org(orgId);
    if (!org || !localInUse) return;
    const customer = await localInUse.createCustomer({ email: org.email ?? '', name: org.name, orgId });
    await billingStore.put({
      orgId,
      provider: localInUse.name,
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
      updatedAt: now(),
    });
    const expiry = new Date(now());
    const card = await localInUse.tokenizeCard({
      number: '4242424242424242',
      expMonth: 12,
      expYear: expiry.getUTCFullYear() + 3,
      cvc: '123',
    });
    await localInUse.attachCard(customer.id, card.id);
    const sub = await localInUse.createSubscription({
      customerId: customer.id,
      priceId,
      quantity: await billing.providers(orgId),
      trialEnd: null,
    });
    await billing.mirror(orgId, sub, await localInUse.clock(), null, null);
  };

  let sending: ReturnType<typeof startEventSender> | null = null;
  const start = (baseUrl: string): void => {
    if (!localInUse || sending) return;
    const store = stores.localPayments;
    sending = startEventSender({
      store,
      sign: (body, at) => localInUse.sign(body, at),
      tick: () => localInUse.tick(),
      url: `${baseUrl}${BILLING_WEBHOOK_PATH}`,
      now,
      log,
    });
  };
  const stop = async (): Promise<void> => {
    await sending?.stop();
  };

  const sendEvents = (): Promise<void> => sending?.send() ?? Promise.resolve();

  return {
    ...{
      provider,
      local: localInUse,
      publishableKey: selected?.publishableKey ?? null,
      billingStore,
      billing,
      plans,
      webhooks,
      cards,
    },
    ...{ providersChanged, seedCatalogue, start, sendEvents, stop },
  };
}
