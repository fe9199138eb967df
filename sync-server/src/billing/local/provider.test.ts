import { describe, expect, it } from 'vitest';
import { MemoryLocalPaymentStore } from '../../store/payments-local/memory.js';
import { PaymentRefusedError, ProviderRequestError } from '../provider.js';
import type { LocalEventBody } from './core.js';
import { LocalPaymentProvider } from './provider.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 28, 23, 30);
const SECRET = 'whsec_local_test';

async function setup(cardNumber = '4242424242424242') {
  const store = new MemoryLocalPaymentStore();
  const provider = new LocalPaymentProvider(store, SECRET, () => T0);
  const monthly = await provider.createPrice({
    productName: 'Plus',
    lookupKey: 'plus_monthly',
    interval: 'month',
    amount: 14_900,
    currency: 'usd',
  });
  const yearly = await provider.createPrice({
    productName: 'Plus',
    lookupKey: 'plus_yearly',
    interval: 'year',
    amount: 149_000,
    currency: 'usd',
  });
  const customer = await provider.createCustomer({ email: 'office@vigil.test', name: 'Smile Dental', orgId: 'org-1' });
  const saveCard = async (number: string) => {
    const pm = await provider.tokenizeCard({ number, expMonth: 12, expYear: 2030, cvc: '123' });
    return provider.attachCard(customer.id, pm.id);
  };
  if (cardNumber) await saveCard(cardNumber);
  /** The events queued so far, by type, in order (what the sender posts). */
  const events = async (): Promise<LocalEventBody[]> =>
    (await store.dueEvents(Number.MAX_SAFE_INTEGER, 1_000)).map((e) => JSON.parse(e.body) as LocalEventBody);
  const types = async () => (await events()).map((e) => e.type);
  return { store, provider, monthly, yearly, customer, saveCard, events, types };
}

/** The refusal a call ends in (code and the provider's text), or null when it succeeds. */
async function refusal(fn: () => Promise<unknown>): Promise<{ code: string; message: string } | null> {
  try {
    await fn();
    return null;
  } catch (e) {
    if (e instanceof PaymentRefusedError) return { code: e.code, message: e.message };
    throw e;
  }
}

describe('local provider: cards', () => {
  it('turns a documented test card into a payment method with its brand and last 4 digits only', async () => {
    const { provider } = await setup('');
    expect(
      await provider.tokenizeCard({ number: '4242 4242 4242 4242', expMonth: 4, expYear: 29, cvc: '123' }),
    ).toMatchObject({
      brand: 'visa',
      last4: '4242',
      expMonth: 4,
      expYear: 2029,
    });
    expect(
      await provider.tokenizeCard({ number: '378282246310005', expMonth: 4, expYear: 2029, cvc: '1234' }),
    ).toMatchObject({
      brand: 'amex',
      last4: '0005',
    });
  });

  it('refuses an incorrect number, an expired card and a real card in test mode, with the provider texts', async () => {
    const { provider } = await setup('');
    const tokenize = (number: string, expMonth = 12, expYear = 2030) =>
      refusal(() => provider.tokenizeCard({ number, expMonth, expYear, cvc: '1' }));
    expect(await tokenize('4242424242424241')).toEqual({
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
    });
    // Expired at the end of October 2026; the provider's clock says 28 November 2026.
    expect(await tokenize('4242424242424242', 10, 2026)).toEqual({
      code: 'expired_card',
      message: 'Your card has expired.',
    });
    expect(await tokenize('4242424242424242', 11, 2026)).toBeNull();
    expect((await tokenize('4111111111111111'))?.message).toBe(
      'Your card was declined. Your request was in test mode, but used a non test card.',
    );
  });

  it('refuses to save the decline card, and keeps no default card', async () => {
    const { provider, customer, saveCard } = await setup('');
    expect(await refusal(() => saveCard('4000000000000002'))).toEqual({
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect((await provider.getCustomer(customer.id))?.defaultCardId).toBeNull();
    expect(await provider.listCards(customer.id)).toEqual([]);
  });

  it('lists saved cards, newest default, and forgets a removed one', async () => {
    const { provider, customer, saveCard } = await setup('');
    const visa = await saveCard('4242424242424242');
    const mastercard = await saveCard('5555555555554444');
    expect((await provider.listCards(customer.id)).map((c) => c.brand)).toEqual(['mastercard', 'visa']);
    expect((await provider.getCustomer(customer.id))?.defaultCardId).toBe(mastercard.id);
    await provider.detachCard(customer.id, mastercard.id);
    expect((await provider.listCards(customer.id)).map((c) => c.id)).toEqual([visa.id]);
    expect((await provider.getCustomer(customer.id))?.defaultCardId).toBe(visa.id);
  });

  it("will not attach another customer's card", async () => {
    const { provider, customer } = await setup('');
    const other = await provider.createCustomer({ email: 'b@vigil.test', name: 'B', orgId: 'org-2' });
    const pm = await provider.tokenizeCard({ number: '4242424242424242', expMonth: 1, expYear: 2031, cvc: '1' });
    await provider.attachCard(other.id, pm.id);
    await expect(provider.attachCard(customer.id, pm.id)).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('refuses an address it cannot locate for tax (INVALID_ADDRESS_FOR_TAX)', async () => {
    const { provider, customer } = await setup('');
    const address = {
      line1: '1 Main St',
      line2: null,
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
      country: 'US',
    };
    await expect(provider.updateCustomer(customer.id, { billingAddress: address })).resolves.toMatchObject({
      billingAddress: address,
    });
    expect(
      await refusal(() => provider.updateCustomer(customer.id, { billingAddress: { ...address, postalCode: '7870' } })),
    ).toEqual({
      code: 'invalid_address_for_tax',
      message: 'The address you entered is not valid for tax purposes. Please check your address and try again.',
    });
    expect(
      await refusal(() => provider.updateCustomer(customer.id, { billingAddress: { ...address, state: 'XX' } })),
    ).not.toBeNull();
  });
});

describe('local provider: subscriptions', () => {
  it('charges the first period at once without a trial: per provider, active, one paid invoice, two events', async () => {
    const { provider, monthly, customer, types } = await setup();
    const sub = await provider.createSubscription({
      customerId: customer.id,
      priceId: monthly.id,
      quantity: 3,
      trialEnd: null,
    });
    expect(sub).toMatchObject({
      status: 'active',
      quantity: 3,
      currentPeriodStart: T0,
      currentPeriodEnd: Date.UTC(2026, 11, 28, 23, 30),
    });
    const { invoices } = await provider.listInvoices(customer.id, { limit: 10 });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', total: 44_700, amountPaid: 44_700 });
    expect(await types()).toEqual(['customer.subscription.created', 'invoice.paid']);
  });

  it.each([
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
    [
      '4000002500003155',
      'authentication_required',
      'Your card was declined. This transaction requires authentication.',
    ],
    ['4000000000000341', 'card_declined', 'Your card was declined.'],
  ])('a refused card (%s) creates nothing: no subscription, invoice or event', async (number, code, message) => {
    const { provider, monthly, customer, types, store } = await setup(number);
    expect(
      await refusal(() =>
        provider.createSubscription({ customerId: customer.id, priceId: monthly.id, quantity: 1, trialEnd: null }),
      ),
    ).toEqual({
      code,
      message,
    });
    expect((await store.list('subscription', { limit: 10 })).items).toEqual([]);
    expect((await provider.listInvoices(customer.id, { limit: 10 })).invoices).toEqual([]);
    expect(await types()).toEqual([]);
  });

  it('runs a trial: trial_will_end once 3 days before, then the first charge at its end', async () => {
    const { provider, monthly, customer, types } = await setup();
    const sub = await provider.createSubscription({
      customerId: customer.id,
      priceId: monthly.id,
      quantity: 2,
      trialEnd: T0 + 10 * DAY,
    });
    expect(sub).toMatchObject({ status: 'trialing', trialEnd: T0 + 10 * DAY, currentPeriodEnd: T0 + 10 * DAY });
    await provider.advanceClock(6 * DAY);
    expect(await types()).toEqual(['customer.subscription.created', 'invoice.paid']);
    await provider.advanceClock(1 * DAY);
    await provider.advanceClock(1 * DAY);
    expect((await types()).filter((t) => t === 'customer.subscription.trial_will_end')).toHaveLength(1);
    await provider.advanceClock(2 * DAY);
    expect(await provider.getSubscription(sub.id)).toMatchObject({
      status: 'active',
      currentPeriodStart: T0 + 10 * DAY,
    });
    expect((await types()).slice(-2)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect((await provider.listInvoices(customer.id, { limit: 1 })).invoices[0]).toMatchObject({
      total: 29_800,
      status: 'paid',
    });
  });

  it('falls past due when the renewal is refused, unpaid 14 days later, active again once a new card pays', async () => {
    const { provider, monthly, customer, saveCard, types } = await setup('4000000000000341');
    const sub = await provider.createSubscription({
      customerId: customer.id,
      priceId: monthly.id,
      quantity: 1,
      trialEnd: T0 + DAY,
    });
    await provider.advanceClock(DAY);
    expect(await provider.getSubscription(sub.id)).toMatchObject({ status: 'past_due' });
    expect(await types()).toContain('invoice.payment_failed');
    const open = (await provider.listInvoices(customer.id, { limit: 1 })).invoices[0]!;
    expect(open).toMatchObject({ status: 'open', amountDue: 14_900, amountPaid: 0 });
    await provider.advanceClock(14 * DAY);
    expect(await provider.getSubscription(sub.id)).toMatchObject({ status: 'unpaid' });
    expect(await refusal(() => provider.payInvoice(open.id!))).toMatchObject({ code: 'card_declined' });
    await saveCard('5555555555554444');
    expect(await provider.payInvoice(open.id!)).toMatchObject({ status: 'paid', amountPaid: 14_900 });
    expect(await provider.getSubscription(sub.id)).toMatchObject({ status: 'active' });
  });

  it('prorates a provider added half way through a month on the next invoice, and the preview says so first', async () => {
    const { provider, monthly, customer } = await setup();
    const sub = await provider.createSubscription({
      customerId: customer.id,
      priceId: monthly.id,
      quantity: 2,
      trialEnd: null,
    });
    const end = sub.currentPeriodEnd;
    await provider.advanceClock(Math.round((end - T0) / 2));
    const preview = await provider.previewInvoice(sub.id, { quantity: 3 });
    expect(preview.lines.map((l) => l.amount)).toEqual([-14_900, 22_350, 44_700]);
    expect(preview).toMatchObject({ id: null, total: 52_150, periodStart: end });
    await provider.updateSubscription(sub.id, { quantity: 3 });
    expect((await provider.previewInvoice(sub.id)).total).toBe(52_150);
    await provider.advanceClock(end - T0);
    const latest = (await provider.listInvoices(customer.id, { limit: 1 })).invoices[0]!;
    expect(latest).toMatchObject({ total: 52_150, status: 'paid', periodStart: end });
    // The prorations were billed once: the period after is the plain price.
    expect((await provider.previewInvoice(sub.id)).total).toBe(44_700);
  });

  it('bills a change from monthly to yearly at once, with the unused month credited; a refused card changes nothing', async () => {
    const { provider, monthly, yearly, customer, saveCard } = await setup();
    const sub = await provider.createSubscription({
      customerId: customer.id,
      priceId: monthly.id,
      quantity: 1,
      trialEnd: null,
    });
    await saveCard('4000000000009995');
    expect(await refusal(() => provider.updateSubscription(sub.id, { priceId: yearly.id }))).toMatchObject({
      code: 'insufficient_funds',
    });
    expect(await provider.getSubscription(sub.id)).toEqual(sub);
    await saveCard('4242424242424242');
    // One day into a 30-day month: 29/30 of 149.00 unused.
    await provider.advanceClock(DAY);
    const changed = await provider.updateSubscription(sub.id, { priceId: yearly.id });
    expect(changed).toMatchObject({
      priceId: yearly.id,
      currentPeriodStart: T0 + DAY,
      currentPeriodEnd: Date.UTC(2027, 10, 29, 23, 30),
    });
    const latest = (await provider.listInvoices(customer.id, { limit: 1 })).invoices[0]!;
    expect(latest.lines.map((l) => l.amount)).toEqual([-14_403, 149_000]);
    expect(latest).toMatchObject({ status: 'paid', total: 134_597, amountPaid: 134_597 });
  });

  it('cancels at the period end (active until then), can be resumed before it, and ends with an event', async () => {
    const { provider, monthly, customer, types } = await setup();
    const sub = await provider.createSubscription({
      customerId: customer.id,
      priceId: monthly.id,
      quantity: 1,
      trialEnd: null,
    });
    expect(await provider.cancelSubscription(sub.id)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      cancelledAt: T0,
    });
    await expect(provider.previewInvoice(sub.id)).rejects.toBeInstanceOf(ProviderRequestError);
    expect(await provider.resumeSubscription(sub.id)).toMatchObject({ cancelAtPeriodEnd: false, cancelledAt: null });
    await provider.cancelSubscription(sub.id);
    await provider.advanceClock(40 * DAY);
    expect(await provider.getSubscription(sub.id)).toMatchObject({ status: 'canceled' });
    expect((await types()).at(-1)).toBe('customer.subscription.deleted');
    await expect(provider.resumeSubscription(sub.id)).rejects.toBeInstanceOf(ProviderRequestError);
    // Only the first period was charged.
    expect((await provider.listInvoices(customer.id, { limit: 10 })).invoices).toHaveLength(1);
  });

  it('pages invoices newest first', async () => {
    const { provider, monthly, customer } = await setup();
    await provider.createSubscription({ customerId: customer.id, priceId: monthly.id, quantity: 1, trialEnd: null });
    await provider.advanceClock(95 * DAY);
    const first = await provider.listInvoices(customer.id, { limit: 2 });
    expect(first.hasMore).toBe(true);
    const rest = await provider.listInvoices(customer.id, { limit: 10, startingAfter: first.invoices.at(-1)!.id! });
    const all = [...first.invoices, ...rest.invoices];
    expect(all).toHaveLength(4);
    expect(all.map((i) => i.periodStart)).toEqual([...all.map((i) => i.periodStart)].sort((a, b) => b - a));
  });
});

describe('local provider: one-off payments and events', () => {
  it('charges and refunds once', async () => {
    const { provider, customer } = await setup();
    const payment = await provider.pay(customer.id, 25_000, 'usd', 'Order 1', { orderId: 'o1' });
    expect(payment).toMatchObject({ status: 'succeeded', amount: 25_000 });
    expect(await provider.refund(payment.id)).toMatchObject({ status: 'refunded' });
    await expect(provider.refund(payment.id)).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('signs events so that only an untouched, recent one verifies', async () => {
    const { provider, monthly, customer, store } = await setup();
    await provider.createSubscription({ customerId: customer.id, priceId: monthly.id, quantity: 1, trialEnd: null });
    const [event] = await store.dueEvents(T0, 1);
    const header = provider.sign(event!.body, T0);
    expect(provider.verifyEvent(event!.body, header, T0 + 1_000)).toMatchObject({
      id: event!.id,
      type: 'customer.subscription.created',
      subscription: { customerId: customer.id, status: 'active' },
      invoice: null,
    });
    expect(() => provider.verifyEvent(event!.body.replace('active', 'unpaid'), header, T0)).toThrow();
    expect(() => provider.verifyEvent(event!.body, header, T0 + 301_000)).toThrow(/tolerance/);
    const other = new LocalPaymentProvider(new MemoryLocalPaymentStore(), 'whsec_other', () => T0);
    expect(() => other.verifyEvent(event!.body, header, T0)).toThrow();
  });
});
