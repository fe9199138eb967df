import { describe, expect, it } from 'vitest';
import { NO_SUDO, type Caller } from '../access/caller.js';
import { OrgAccess } from '../access/index.js';
import type { Logger } from '../log.js';
import type { OutgoingMessage } from '../mail/sender.js';
import { MemoryAccountStore } from '../store/accounts/memory.js';
import { MemoryBillingStore } from '../store/billing/memory.js';
import { MemoryDatabase } from '../store/memory/database.js';
import { MemoryOrgStore } from '../store/orgs/memory.js';
import type { CataloguePlan } from '../store/orgs/memory-common.js';
import { addMembership, signUp, type OrgWorld } from '../store/orgs/seed.test-util.js';
import { MemoryLocalPaymentStore } from '../store/payments-local/memory.js';
import { MemorySessionStore } from '../store/sessions/memory.js';
import type { LocalEventBody } from './local/core.js';
import { LocalPaymentProvider } from './local/provider.js';
import type { ProviderSubscription } from './provider.js';
import { BillingService } from './service.js';
import { BillingWebhooks } from './webhooks.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28, 0, 30);
const silent = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as Logger;

/** An office subscribed to Plus with the success card, and its webhook over the same stores. */
async function world() {
  const db = new MemoryDatabase();
  const plans: CataloguePlan[] = [];
  const sessions: MemorySessionStore = new MemorySessionStore(db, (userId) => orgs.sessionMemberships(userId));
  const accounts = new MemoryAccountStore(db, sessions);
  const orgs: MemoryOrgStore = new MemoryOrgStore(db, { users: accounts.users, plans: () => plans });
  const w: OrgWorld = { accounts, sessions, orgs };
  const provider = new LocalPaymentProvider(new MemoryLocalPaymentStore(), 'whsec_test', () => NOW);
  const price = await provider.createPrice({
    productName: 'Plus',
    lookupKey: 'plus_monthly',
    interval: 'month',
    amount: 9_900,
    currency: 'usd',
  });
  plans.push({ ...price, productId: 'vigil-plus', nickname: null, productFeaturesJson: '{}' });
  await signUp(w, 'usr-admin');
  await addMembership(w, { id: 'office', fhirId: 'o1', name: 'Smile Dental', type: 'regular' }, 'usr-admin', [
    'admin',
    'provider',
  ]);
  const billing = new MemoryBillingStore(db);
  const service = new BillingService({
    ...{ provider, billing, orgs, now: () => NOW },
    cards: { attempt: (_who, _meta, run) => run() },
    access: new OrgAccess({ parentsOf: (id) => orgs.parentsOf(id) }),
  });
  const admin: Caller = {
    user: { id: 'usr-admin', name: 'Ann', email: 'usr-admin@example.com', emailVerified: true },
    sessionId: 's-admin',
    subject: { signedIn: true, multiFactorValid: true, orgs: [{ id: 'office', type: 'regular', roles: ['admin'] }] },
    singleOrg: null,
    freshSudo: NO_SUDO,
    ip: null,
    userAgent: null,
    origin: '',
    transport: 'graphql',
  };
  const pm = await provider.tokenizeCard({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
  await service.addCard(admin, { orgId: 'office', paymentMethodId: pm.id });
  await service.subscribe(admin, { orgId: 'office', priceId: price.id });
  const sub = (await provider.getSubscription((await billing.get('office'))!.subscriptionId!))!;
  const mails: OutgoingMessage[] = [];
  const sender = { send: (m: OutgoingMessage) => Promise.resolve(void mails.push(m)) };
  const webhooks = new BillingWebhooks({ provider, billing, service, orgs, sender, now: () => NOW, log: silent });
  /** A signed event body as the provider posts it, `created` on its clock. */
  const event = (id: string, type: string, object: ProviderSubscription, created: number): string =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(created / 1000),
      data: { object },
    } satisfies LocalEventBody);
  const status = async (): Promise<string | undefined> => (await orgs.org('office'))?.subscriptionStatus;
  return { provider, webhooks, sub, event, status, mails };
}

describe('the payment provider webhook (issue 37)', () => {
  it('applies a signed event to the organisation of its customer, and a replay of it changes nothing', async () => {
    const { provider, webhooks, sub, event, status } = await world();
    expect(await status()).toBe('active');
    const pastDue = event('evt_1', 'customer.subscription.updated', { ...sub, status: 'past_due' }, NOW + 60_000);
    expect(await webhooks.receive(pastDue, provider.sign(pastDue, NOW))).toBe('applied');
    expect(await status()).toBe('past_due');
    const paid = event('evt_2', 'customer.subscription.updated', { ...sub, status: 'active' }, NOW + 120_000);
    expect(await webhooks.receive(paid, provider.sign(paid, NOW))).toBe('applied');
    // The first event again, signed afresh: processed once, so the office stays active.
    expect(await webhooks.receive(pastDue, provider.sign(pastDue, NOW))).toBe('replayed');
    expect(await status()).toBe('active');
  });

  it('refuses a forged, a stale and an unsigned event with 400 INVALID_SIGNATURE and changes nothing', async () => {
    const { provider, webhooks, sub, event, status } = await world();
    const body = event('evt_x', 'customer.subscription.deleted', { ...sub, status: 'canceled' }, NOW + 60_000);
    const forger = new LocalPaymentProvider(new MemoryLocalPaymentStore(), 'whsec_guess', () => NOW);
    const attempts = [
      forger.sign(body, NOW),
      // Signed six minutes ago: past the five-minute tolerance.
      provider.sign(body, NOW - 360_000),
      undefined,
    ];
    for (const signature of attempts) {
      await expect(webhooks.receive(body, signature)).rejects.toMatchObject({ status: 400, code: 'INVALID_SIGNATURE' });
    }
    // A body changed after signing.
    const signed = provider.sign(body, NOW);
    await expect(webhooks.receive(body.replace('canceled', 'active'), signed)).rejects.toMatchObject({ status: 400 });
    expect(await status()).toBe('active');
    // The genuine event is still processed: nothing of it was claimed by the refusals.
    expect(await webhooks.receive(body, signed)).toBe('applied');
    expect(await status()).toBe('canceled');
  });

  it('mails the admins when a trial is about to end and when a payment failed', async () => {
    const { provider, webhooks, sub, event, mails } = await world();
    const ending = event(
      'evt_t',
      'customer.subscription.trial_will_end',
      { ...sub, status: 'trialing', trialEnd: NOW + 3 * DAY },
      NOW,
    );
    expect(await webhooks.receive(ending, provider.sign(ending, NOW))).toBe('applied');
    const invoice = {
      id: 'in_1',
      customerId: sub.customerId,
      subscriptionId: sub.id,
      status: 'open',
      currency: 'usd',
      total: 9_900,
      amountDue: 9_900,
      amountPaid: 0,
      created: NOW,
      dueDate: NOW,
      periodStart: NOW,
      periodEnd: NOW + 30 * DAY,
      hostedUrl: null,
      pdfUrl: null,
      lines: [],
    };
    const failed = JSON.stringify({
      id: 'evt_f',
      object: 'event',
      type: 'invoice.payment_failed',
      created: Math.floor(NOW / 1000) + 5,
      data: { object: invoice },
    });
    expect(await webhooks.receive(failed, provider.sign(failed, NOW))).toBe('applied');
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['usr-admin@example.com', 'Your Vigil trial ends in 3 day(s)'],
      ['usr-admin@example.com', 'Your Vigil payment failed'],
    ]);
    expect(mails[1]!.body).toContain('$99');
  });
});
