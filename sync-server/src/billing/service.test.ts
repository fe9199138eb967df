import type { OrgRole } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { NO_SUDO, type Caller } from '../access/caller.js';
import { OrgAccess } from '../access/index.js';
import { refusalOf as refusal } from '../errors.test-util.js';
import { MemoryBillingStore } from '../store/billing/memory.js';
import { MemoryAccountStore } from '../store/accounts/memory.js';
import { MemoryDatabase } from '../store/memory/database.js';
import { MemoryOrgStore } from '../store/orgs/memory.js';
import type { CataloguePlan } from '../store/orgs/memory-common.js';
import { addMembership, signUp, type OrgWorld } from '../store/orgs/seed.test-util.js';
import { MemoryLocalPaymentStore } from '../store/payments-local/memory.js';
import { MemorySessionStore } from '../store/sessions/memory.js';
import { LocalPaymentProvider } from './local/provider.js';
import { AuditLog } from '../auth/audit.js';
import { RateLimiter } from '../auth/rate-limiter.js';
import { MemoryAttemptStore } from '../store/attempts/memory.js';
import { MemoryAuditStore } from '../store/audit/memory.js';
import { CARD_LIMITS, CardAttempts } from './card-limits.js';
import { BillingService } from './service.js';
import { fakeStripe } from './stripe/fake-stripe.test-util.js';
import { StripePaymentProvider } from './stripe/provider.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28, 0, 30);
const ORIGIN = { at: NOW, ip: null, userAgent: null };

async function world() {
  const db = new MemoryDatabase();
  const plans: CataloguePlan[] = [];
  const sessions: MemorySessionStore = new MemorySessionStore(db, (userId) => orgs.sessionMemberships(userId));
  const accounts = new MemoryAccountStore(db, sessions);
  const orgs: MemoryOrgStore = new MemoryOrgStore(db, { users: accounts.users, plans: () => plans });
  const w: OrgWorld = { accounts, sessions, orgs };
  const provider = new LocalPaymentProvider(new MemoryLocalPaymentStore(), 'whsec_test', () => NOW);
  for (const [tier, interval, amount] of [
    ['plus', 'month', 14_900],
    ['advanced', 'month', 24_900],
    ['advanced', 'year', 249_000],
  ] as const) {
    const price = await provider.createPrice({
      productName: tier === 'plus' ? 'Plus' : 'Advanced',
      lookupKey: `${tier}_${interval}ly`,
      interval,
      amount,
      currency: 'usd',
    });
    plans.push({
      id: price.id,
      amount,
      productId: `prod_${tier}`,
      productName: price.productName,
      nickname: null,
      interval,
      lookupKey: price.lookupKey,
      productFeaturesJson: '{}',
      active: true,
    });
  }
  for (const id of ['usr-admin', 'usr-dr', 'usr-staff', 'usr-other']) await signUp(w, id);
  const office = { id: 'office', fhirId: 'o1', name: 'Smile Dental', type: 'regular' as const };
  await addMembership(w, office, 'usr-admin', ['admin', 'provider']);
  await addMembership(w, office, 'usr-dr', ['provider']);
  await addMembership(w, office, 'usr-staff', ['member']);
  await addMembership(w, { id: 'other', fhirId: 'o2', name: 'Other', type: 'regular' }, 'usr-other', ['admin']);
  // The office's trial ended yesterday.
  await orgs.updateOrg('office', { subscriptionStatus: 'trialing', trialEnd: NOW - DAY }, null, ORIGIN, {
    action: 'orgUpdated',
    userId: null,
    detail: {},
  });
  const billing = new MemoryBillingStore(db);
  const access = new OrgAccess({ parentsOf: (id) => orgs.parentsOf(id) });
  // The card limit over the one rate limiter, counting the audit trail in memory.
  const audit = new AuditLog(new MemoryAuditStore());
  const cards = new CardAttempts({
    limiter: new RateLimiter(new MemoryAttemptStore(audit.store), () => NOW),
    audit,
    now: () => NOW,
  });
  const service = new BillingService({ provider, billing, orgs, access, cards, now: () => NOW });
  const caller = (userId: string, orgId: string, roles: OrgRole[]): Caller => ({
    user: { id: userId, name: userId, email: `${userId}@example.com`, emailVerified: true },
    sessionId: `s-${userId}`,
    subject: { signedIn: true, multiFactorValid: true, orgs: [{ id: orgId, type: 'regular', roles }] },
    singleOrg: null,
    freshSudo: NO_SUDO,
    ip: '10.0.0.1',
    userAgent: 'test',
    origin: '',
    transport: 'graphql',
  });
  const admin = caller('usr-admin', 'office', ['admin', 'provider']);
  const card = async (number: string) => {
    const pm = await provider.tokenizeCard({ number, expMonth: 12, expYear: 2030, cvc: '123' });
    return service.addCard(admin, { orgId: 'office', paymentMethodId: pm.id });
  };
  return { service, provider, orgs, billing, access, cards, plans, admin, caller, card, audit };
}

describe('BillingService (issue 37)', () => {
  it('makes an office whose trial ended ok again once its admin subscribes with the success card', async () => {
    const { service, orgs, plans, admin, card } = await world();
    expect(await service.overview(admin, { orgId: 'office' })).toMatchObject({
      status: 'trialing',
      ok: false,
      providers: 2,
    });
    await card('4242424242424242');
    const overview = await service.subscribe(admin, { orgId: 'office', priceId: plans[1]!.id });
    expect(overview).toMatchObject({
      status: 'active',
      ok: true,
      providers: 2,
      plan: { lookupKey: 'advanced_monthly' },
      subscription: { quantity: 2, cancelAtPeriodEnd: false, currentPeriodStart: NOW },
      cards: [{ brand: 'visa', last4: '4242' }],
    });
    expect(await orgs.org('office')).toMatchObject({ subscriptionStatus: 'active', planId: plans[1]!.id });
    const { invoices } = await service.invoices(admin, { orgId: 'office' });
    expect(invoices.map((i) => [i.status, i.total])).toEqual([['paid', 49_800]]);
  });

  it("refuses the decline card with the provider's message and changes nothing", async () => {
    const { service, orgs, plans, admin, card } = await world();
    expect(await refusal(() => card('4000000000000002'))).toBe('Your card was declined.');
    expect(await refusal(() => service.subscribe(admin, { orgId: 'office', priceId: plans[0]!.id }))).toBe(
      'This customer has no attached payment source.',
    );
    expect(await orgs.org('office')).toMatchObject({ subscriptionStatus: 'trialing', planId: null });
  });

  it('refuses card entry after 10 declined cards in an hour for the organisation, even the success card', async () => {
    const { service, admin, card, caller, provider, audit } = await world();
    for (let i = 0; i < CARD_LIMITS.perOrg; i++) {
      expect(await refusal(() => card('4000000000000002'))).toBe('Your card was declined.');
    }
    expect(await audit.count('cardDeclined', NOW - CARD_LIMITS.windowMs, { orgId: 'office' })).toBe(10);
    expect(await refusal(() => card('4242424242424242'))).toBe('CARD_ATTEMPTS_LIMITED');
    expect((await service.overview(admin, { orgId: 'office' })).cards).toEqual([]);
    // Another administrator of the same office is held by the office's limit too.
    const dr = caller('usr-dr', 'office', ['admin']);
    const pm = await provider.tokenizeCard({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    expect(await refusal(() => service.addCard(dr, { orgId: 'office', paymentMethodId: pm.id }))).toBe(
      'CARD_ATTEMPTS_LIMITED',
    );
  });

  it("leaves the office as it was when the first charge is refused, with the provider's message", async () => {
    const { service, orgs, plans, admin, card } = await world();
    await card('4000000000009995');
    expect(await refusal(() => service.subscribe(admin, { orgId: 'office', priceId: plans[0]!.id }))).toBe(
      'Your card has insufficient funds.',
    );
    expect(await orgs.org('office')).toMatchObject({ subscriptionStatus: 'trialing', trialEnd: NOW - DAY });
    expect((await service.overview(admin, { orgId: 'office' })).subscription).toBeNull();
  });

  it('keeps the rest of a trial that has not ended: trialing until its end, nothing charged', async () => {
    const { service, orgs, plans, admin, card } = await world();
    await orgs.updateOrg('office', { trialEnd: NOW + 10 * DAY }, null, ORIGIN, {
      action: 'orgUpdated',
      userId: null,
      detail: {},
    });
    await card('4242424242424242');
    expect(await service.subscribe(admin, { orgId: 'office', priceId: plans[0]!.id })).toMatchObject({
      status: 'trialing',
      trialEnd: NOW + 10 * DAY,
      ok: true,
    });
    expect((await service.invoices(admin, { orgId: 'office' })).invoices.map((i) => i.total)).toEqual([0]);
    // The first invoice, at the trial's end: 2 providers at 149.00.
    expect(await service.preview(admin, { orgId: 'office' })).toMatchObject({
      total: 29_800,
      periodStart: NOW + 10 * DAY,
    });
  });

  it('shows a provider added on the next invoice before and after it is billed', async () => {
    const { service, orgs, plans, admin, card } = await world();
    await card('4242424242424242');
    await service.subscribe(admin, { orgId: 'office', priceId: plans[0]!.id });
    const before = await service.preview(admin, { orgId: 'office', providers: 3 });
    expect(before?.lines.at(-1)).toMatchObject({ quantity: 3, amount: 44_700 });
    const staff = (await orgs.members('office')).find((m) => m.userId === 'usr-staff')!;
    await orgs.setMemberRoles(staff.id, ['member', 'provider'], ORIGIN, {
      action: 'orgRolesChanged',
      userId: null,
      detail: {},
    });
    await service.syncProviders('office');
    expect((await service.overview(admin, { orgId: 'office' })).subscription?.quantity).toBe(3);
    expect((await service.preview(admin, { orgId: 'office' }))?.lines.at(-1)).toMatchObject({ quantity: 3 });
  });

  it('cancels at the period end and resumes, audited on the organisation', async () => {
    const { service, plans, admin, card } = await world();
    await card('4242424242424242');
    await service.subscribe(admin, { orgId: 'office', priceId: plans[0]!.id });
    expect(await service.setCancelled(admin, { orgId: 'office' }, true)).toMatchObject({
      status: 'active',
      ok: true,
      subscription: { cancelAtPeriodEnd: true, cancelledAt: NOW },
    });
    expect(await service.preview(admin, { orgId: 'office' })).toBeNull();
    expect(await service.setCancelled(admin, { orgId: 'office' }, false)).toMatchObject({
      subscription: { cancelAtPeriodEnd: false, cancelledAt: null },
    });
  });

  it("lets only the office's administrators manage or read its billing", async () => {
    const { service, plans, caller } = await world();
    const provider = caller('usr-dr', 'office', ['provider']);
    const stranger = caller('usr-other', 'other', ['admin']);
    for (const who of [provider, stranger]) {
      expect(await refusal(() => service.overview(who, { orgId: 'office' }))).toBe('NOT_AUTHORIZED');
      expect(await refusal(() => service.invoices(who, { orgId: 'office' }))).toBe('NOT_AUTHORIZED');
      expect(await refusal(() => service.subscribe(who, { orgId: 'office', priceId: plans[0]!.id }))).toBe(
        'NOT_AUTHORIZED',
      );
      expect(await refusal(() => service.addCard(who, { orgId: 'office', paymentMethodId: 'pm_x' }))).toBe(
        'NOT_AUTHORIZED',
      );
      expect(await refusal(() => service.startCardSetup(who, { orgId: 'office' }))).toBe('NOT_AUTHORIZED');
    }
  });

  it("answers no card setup secret with the local provider, so the client keeps the local provider's form", async () => {
    const { service, billing, admin } = await world();
    expect(await service.startCardSetup(admin, { orgId: 'office' })).toEqual({ provider: 'local', clientSecret: null });
    // The office's customer exists now, for the card the local form then saves.
    expect((await billing.get('office'))?.customerId).toMatch(/^cus_/);
  });

  it('starts a card setup at the real provider and saves the card it confirmed as the default (recorded responses)', async () => {
    const { orgs, billing, access, cards, admin } = await world();
    const CUS = 'cus_TJx5Qm2sWvB0aL';
    const PM = 'pm_1SMb7rLkdIwHu7ixQ4fk2Hn9';
    const fake = fakeStripe([
      {
        method: 'POST',
        path: '/v1/customers',
        params: { name: 'Smile Dental', 'metadata[orgId]': 'office' },
        answer: 'customer',
      },
      {
        method: 'POST',
        path: '/v1/setup_intents',
        params: { customer: CUS, usage: 'off_session' },
        answer: 'setup-intent',
      },
      // The browser confirmed the setup with the card (3-D Secure, if asked, in the provider's
      // dialog); the provider attached the card to the customer. addCard makes it the default.
      { method: 'GET', path: `/v1/payment_methods/${PM}`, answer: 'payment-method' },
      {
        method: 'POST',
        path: `/v1/customers/${CUS}`,
        params: { 'invoice_settings[default_payment_method]': PM },
        answer: 'customer-with-card',
      },
    ]);
    const provider = new StripePaymentProvider({
      secretKey: 'sk_test_vigil',
      webhookSecret: 'whsec_x',
      fetch: fake.fetch,
    });
    const service = new BillingService({ provider, billing, orgs, access, cards, now: () => NOW });
    expect(await service.startCardSetup(admin, { orgId: 'office' })).toEqual({
      provider: 'stripe',
      clientSecret: 'seti_1SMb6kLkdIwHu7ixR3nV8pQe_secret_TJx6bW1gJm0kq2LwXcRz5YtPvN8aD3e',
    });
    expect(await service.addCard(admin, { orgId: 'office', paymentMethodId: PM })).toMatchObject({
      brand: 'visa',
      last4: '4242',
    });
    expect((await billing.get('office'))?.customerId).toBe(CUS);
    expect(fake.problems).toEqual([]);
    expect(fake.pending()).toEqual([]);
  });

  it('refuses an unknown or archived price and bad input at the edge', async () => {
    const { service, admin } = await world();
    expect(await refusal(() => service.subscribe(admin, { orgId: 'office', priceId: 'price_unknown' }))).toBe(
      'NOT_FOUND',
    );
    expect(await refusal(() => service.subscribe(admin, { orgId: 'office', priceId: '' }))).not.toBeNull();
    expect(await refusal(() => service.invoices(admin, { orgId: 'office', first: 1000 }))).not.toBeNull();
    expect(await refusal(() => service.preview(admin, { orgId: 'office', providers: -1 }))).not.toBeNull();
  });

  it("gives the provider's customer the office's addresses, refusing one it cannot locate for tax", async () => {
    const { service, provider, billing } = await world();
    const address = {
      name: 'Smile Dental PC',
      address: { line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
    };
    await service.updateAddresses('office', address, null);
    const account = (await billing.get('office'))!;
    expect(await provider.getCustomer(account.customerId)).toMatchObject({
      billingAddress: { line1: '1 Main St', postalCode: '78701', country: 'US' },
      shipping: { name: 'Smile Dental PC', address: { city: 'Austin' } },
    });
    const bad = { ...address, address: { ...address.address, postal_code: '787' } };
    expect(await refusal(() => service.updateAddresses('office', bad, null))).toBe('INVALID_ADDRESS_FOR_TAX');
    expect((await provider.getCustomer(account.customerId))?.billingAddress?.postalCode).toBe('78701');
  });

  it('ignores a report older than the one it holds', async () => {
    const { service, provider, billing, plans, admin, card } = await world();
    await card('4242424242424242');
    await service.subscribe(admin, { orgId: 'office', priceId: plans[0]!.id });
    const account = (await billing.get('office'))!;
    const stale = (await provider.getSubscription(account.subscriptionId!))!;
    await service.mirror('office', { ...stale, status: 'past_due' }, account.reportedAt - 1, null, null);
    expect((await billing.get('office'))?.status).toBe('active');
    await service.mirror('office', { ...stale, status: 'past_due' }, account.reportedAt + 1, null, null);
    expect((await billing.get('office'))?.status).toBe('past_due');
  });
});
