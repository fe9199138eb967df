import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentRefusedError, ProviderRequestError, type PostalAddress } from '../provider.js';
import { fakeStripe, fixture, type Exchange, type FakeStripe } from './fake-stripe.test-util.js';
import { NO_PAYMENT_SOURCE, StripePaymentProvider } from './provider.js';

/*
 * The adapter over the real provider, against recorded responses (stripe/fixtures/): each test
 * lists the requests the adapter must send, in order, with the parameters that carry the
 * mapping (a wrong one is answered 400 and fails the test), and checks what the adapter makes
 * of the provider's answer. Times in the fixtures are the provider's seconds.
 */

const S = {
  T0: 1795908600, // 2026-11-28 23:30 UTC
  DEC13: 1797204600,
  TRIAL_END: 1797636600, // 2026-12-18 23:30
  DEC28: 1798500600,
  JAN28: 1801179000,
};
const ms = (s: number): number => s * 1000;

const CUS = 'cus_TJx5Qm2sWvB0aL';
const PM = 'pm_1SMb7rLkdIwHu7ixQ4fk2Hn9';
const PRICE = 'price_1SMb5ZLkdIwHu7ixP1usMon1';
const SUB = 'sub_1SMb9uLkdIwHu7ixv0cQ8aTr';
const SI = 'si_TJx9q2Kc4FUa0G';
const IN_OPEN = 'in_1SQ3kPLkdIwHu7ixh8XcW0Dq';
const IN_PAID = 'in_1SMb9uLkdIwHu7ixBv2SbE5m';
const PI = 'pi_3SMc2fLkdIwHu7ix0mQnB7sV';
const WEBHOOK_SECRET = 'whsec_test_vigil_adapter';

let current: FakeStripe | null = null;

function stripeWith(exchanges: Exchange[]): { provider: StripePaymentProvider; fake: FakeStripe } {
  current = fakeStripe(exchanges);
  const provider = new StripePaymentProvider({
    secretKey: 'sk_test_vigil',
    webhookSecret: WEBHOOK_SECRET,
    fetch: current.fetch,
  });
  return { provider, fake: current };
}

afterEach(() => {
  // Every request was the one expected, and every recorded answer was asked for.
  expect(current?.problems ?? []).toEqual([]);
  expect(current?.pending() ?? []).toEqual([]);
  current = null;
});

const portland: PostalAddress = {
  line1: '1200 NW Everett St',
  line2: 'Suite 300',
  city: 'Portland',
  state: 'OR',
  postalCode: '97209',
  country: 'US',
};

/** The refusal a call ends in, or what else it threw. */
async function failure(fn: () => Promise<unknown>): Promise<{ kind: string; code?: string; message: string }> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof PaymentRefusedError) return { kind: 'refused', code: e.code, message: e.message };
    if (e instanceof ProviderRequestError) return { kind: 'request', message: e.message };
    if (e instanceof Error) return { kind: e.constructor.name, message: e.message };
  }
  throw new Error('the call succeeded');
}

describe('stripe adapter: prices', () => {
  it('creates a monthly price per provider with a product of the plan name, taking over its lookup key', async () => {
    const { provider } = stripeWith([
      {
        method: 'POST',
        path: '/v1/prices',
        params: {
          currency: 'usd',
          unit_amount: '14900',
          'recurring[interval]': 'month',
          lookup_key: 'plus_monthly',
          transfer_lookup_key: 'true',
          'product_data[name]': 'Plus',
          'expand[0]': 'product',
        },
        answer: 'price',
      },
    ]);
    expect(
      await provider.createPrice({
        productName: 'Plus',
        lookupKey: 'plus_monthly',
        interval: 'month',
        amount: 14_900,
        currency: 'usd',
      }),
    ).toEqual({
      id: PRICE,
      productName: 'Plus',
      lookupKey: 'plus_monthly',
      interval: 'month',
      amount: 14_900,
      currency: 'usd',
      active: true,
    });
  });

  it('archives a price by making it inactive', async () => {
    const { provider } = stripeWith([
      { method: 'POST', path: `/v1/prices/${PRICE}`, params: { active: 'false' }, answer: 'price-archived' },
    ]);
    await provider.archivePrice(PRICE);
  });
});

describe('stripe adapter: customers', () => {
  it('creates a customer with the organisation in its metadata and its addresses checked for tax at once', async () => {
    const { provider } = stripeWith([
      {
        method: 'POST',
        path: '/v1/customers',
        params: {
          email: 'billing@smiledental.example',
          name: 'Smile Dental',
          'metadata[orgId]': 'org-1',
          'address[line1]': '1200 NW Everett St',
          'address[line2]': 'Suite 300',
          'address[postal_code]': '97209',
          'address[state]': 'OR',
          'address[country]': 'US',
          'shipping[name]': 'Smile Dental',
          'shipping[address][city]': 'Portland',
          'tax[validate_location]': 'immediately',
        },
        answer: 'customer',
      },
    ]);
    const created = await provider.createCustomer({
      email: 'billing@smiledental.example',
      name: 'Smile Dental',
      orgId: 'org-1',
      billingAddress: portland,
      shipping: { name: 'Smile Dental', address: portland },
    });
    expect(created).toEqual({
      id: CUS,
      email: 'billing@smiledental.example',
      name: 'Smile Dental',
      billingAddress: portland,
      shipping: { name: 'Smile Dental', address: portland },
      defaultCardId: null,
    });
  });

  it('creates a customer without an address without asking for a tax check', async () => {
    const { provider } = stripeWith([
      {
        method: 'POST',
        path: '/v1/customers',
        params: { email: 'office@vigil.test', 'metadata[orgId]': 'org-2' },
        absent: ['tax[validate_location]', 'address[line1]', 'shipping[name]'],
        answer: 'customer',
      },
    ]);
    await provider.createCustomer({ email: 'office@vigil.test', name: 'Office', orgId: 'org-2' });
  });

  it('refuses an address the tax engine cannot locate as invalid_address_for_tax, with the provider text', async () => {
    const { provider } = stripeWith([
      { method: 'POST', path: '/v1/customers', status: 400, answer: 'error-tax-location' },
    ]);
    const bad = { ...portland, postalCode: '00000' };
    expect(
      await failure(() => provider.createCustomer({ email: 'a@b.c', name: 'A', orgId: 'o', billingAddress: bad })),
    ).toEqual({
      kind: 'refused',
      code: 'invalid_address_for_tax',
      message:
        "The customer's location isn't recognized. Set a valid customer address in order to automatically calculate tax.",
    });
  });

  it('updates only what is given, clearing a shipping address with an empty value', async () => {
    const { provider } = stripeWith([
      {
        method: 'POST',
        path: `/v1/customers/${CUS}`,
        params: { email: 'new@smiledental.example', shipping: '' },
        absent: ['name', 'address[line1]', 'tax[validate_location]'],
        answer: 'customer',
      },
    ]);
    await provider.updateCustomer(CUS, { email: 'new@smiledental.example', shipping: null });
  });

  it('reads a customer, and answers null for one the provider does not have or deleted', async () => {
    const { provider } = stripeWith([
      { method: 'GET', path: `/v1/customers/${CUS}`, answer: 'customer-with-card' },
      { method: 'GET', path: '/v1/customers/cus_gone', status: 404, answer: 'error-resource-missing' },
      {
        method: 'GET',
        path: '/v1/customers/cus_deleted',
        answer: { id: 'cus_deleted', object: 'customer', deleted: true },
      },
    ]);
    expect((await provider.getCustomer(CUS))?.defaultCardId).toBe(PM);
    expect(await provider.getCustomer('cus_gone')).toBeNull();
    expect(await provider.getCustomer('cus_deleted')).toBeNull();
  });
});

describe('stripe adapter: cards', () => {
  const SETI = 'seti_1SMb6kLkdIwHu7ixR3nV8pQe';
  const unattached = (): Record<string, unknown> => ({ ...fixture('payment-method'), customer: null });

  it('starts a card setup as a SetupIntent for the customer, off-session, cards only, and answers its client secret', async () => {
    const { provider } = stripeWith([
      {
        method: 'POST',
        path: '/v1/setup_intents',
        params: { customer: CUS, usage: 'off_session', 'allowed_payment_method_types[0]': 'card' },
        absent: ['confirm', 'payment_method'],
        answer: 'setup-intent',
      },
    ]);
    expect(await provider.createCardSetup(CUS)).toEqual({
      clientSecret: `${SETI}_secret_TJx6bW1gJm0kq2LwXcRz5YtPvN8aD3e`,
    });
  });

  it("answers the provider's refusal to start a setup for an unknown customer", async () => {
    const missing = fixture('error-resource-missing') as { error: Record<string, unknown> };
    const { provider } = stripeWith([
      {
        method: 'POST',
        path: '/v1/setup_intents',
        status: 400,
        answer: { error: { ...missing.error, message: "No such customer: 'cus_gone'", param: 'customer' } },
      },
    ]);
    expect(await failure(() => provider.createCardSetup('cus_gone'))).toEqual({
      kind: 'request',
      message: "No such customer: 'cus_gone'",
    });
  });

  it('saves the card a confirmed setup attached to the customer as the default, without attaching it again', async () => {
    const { provider, fake } = stripeWith([
      { method: 'GET', path: `/v1/payment_methods/${PM}`, answer: 'payment-method' },
      {
        method: 'POST',
        path: `/v1/customers/${CUS}`,
        params: { 'invoice_settings[default_payment_method]': PM },
        answer: 'customer-with-card',
      },
    ]);
    expect(await provider.attachCard(CUS, PM)).toEqual({
      id: PM,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    expect(fake.sent.map((r) => r.path)).not.toContain(`/v1/payment_methods/${PM}/attach`);
  });

  it('attaches a card tokenised without a setup and makes it the default, reporting brand, last 4 and expiry only', async () => {
    const { provider } = stripeWith([
      { method: 'GET', path: `/v1/payment_methods/${PM}`, answer: unattached() },
      { method: 'POST', path: `/v1/payment_methods/${PM}/attach`, params: { customer: CUS }, answer: 'payment-method' },
      {
        method: 'POST',
        path: `/v1/customers/${CUS}`,
        params: { 'invoice_settings[default_payment_method]': PM },
        answer: 'customer-with-card',
      },
    ]);
    expect(await provider.attachCard(CUS, PM)).toEqual({
      id: PM,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
  });

  it("refuses another customer's card as unknown, and changes nothing", async () => {
    const { provider, fake } = stripeWith([
      {
        method: 'GET',
        path: `/v1/payment_methods/${PM}`,
        answer: { ...fixture('payment-method'), customer: 'cus_OtherOrg0000' },
      },
    ]);
    expect(await failure(() => provider.attachCard(CUS, PM))).toEqual({
      kind: 'request',
      message: `No such payment method: '${PM}'`,
    });
    expect(fake.sent).toHaveLength(1);
  });

  it('refuses a card its bank declines when it is attached, and makes nothing the default', async () => {
    const { provider, fake } = stripeWith([
      { method: 'GET', path: `/v1/payment_methods/${PM}`, answer: unattached() },
      { method: 'POST', path: `/v1/payment_methods/${PM}/attach`, status: 402, answer: 'error-card-declined' },
    ]);
    expect(await failure(() => provider.attachCard(CUS, PM))).toEqual({
      kind: 'refused',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(fake.sent).toHaveLength(2);
  });

  it('refuses a payment method that is not a card before making it the default', async () => {
    const bank = { ...fixture('payment-method'), type: 'us_bank_account', card: null };
    const { provider, fake } = stripeWith([{ method: 'GET', path: `/v1/payment_methods/${PM}`, answer: bank }]);
    expect(await failure(() => provider.attachCard(CUS, PM))).toEqual({
      kind: 'request',
      message: `The payment method '${PM}' is not a card.`,
    });
    expect(fake.sent).toHaveLength(1);
  });

  it("lists the customer's cards, a brand without a logo as unknown", async () => {
    const { provider } = stripeWith([
      {
        method: 'GET',
        path: `/v1/customers/${CUS}/payment_methods`,
        params: { type: 'card', limit: '100' },
        answer: 'payment-methods',
      },
    ]);
    expect((await provider.listCards(CUS)).map((c) => [c.brand, c.last4])).toEqual([
      ['visa', '4242'],
      ['unknown', '0005'],
    ]);
  });

  it('detaching the default card makes the next card the default', async () => {
    const all = fixture('payment-methods') as { data: { id: string }[] };
    const others = { ...all, data: all.data.filter((pm) => pm.id !== PM) };
    const { provider } = stripeWith([
      { method: 'GET', path: `/v1/payment_methods/${PM}`, answer: 'payment-method' },
      { method: 'GET', path: `/v1/customers/${CUS}`, answer: 'customer-with-card' },
      {
        method: 'POST',
        path: `/v1/payment_methods/${PM}/detach`,
        answer: { ...fixture('payment-method'), customer: null },
      },
      { method: 'GET', path: `/v1/customers/${CUS}/payment_methods`, answer: others },
      {
        method: 'POST',
        path: `/v1/customers/${CUS}`,
        params: { 'invoice_settings[default_payment_method]': 'pm_1SMbB2LkdIwHu7ixa9Yc3Kp1' },
        answer: 'customer',
      },
    ]);
    await provider.detachCard(CUS, PM);
  });

  it('detaching the last card clears the default; detaching another card leaves the default alone', async () => {
    const none = { ...fixture('payment-methods'), data: [] };
    const detached = { ...fixture('payment-method'), customer: null };
    const other = 'pm_1SMbB2LkdIwHu7ixa9Yc3Kp1';
    const { provider } = stripeWith([
      { method: 'GET', path: `/v1/payment_methods/${PM}`, answer: 'payment-method' },
      { method: 'GET', path: `/v1/customers/${CUS}`, answer: 'customer-with-card' },
      { method: 'POST', path: `/v1/payment_methods/${PM}/detach`, answer: detached },
      { method: 'GET', path: `/v1/customers/${CUS}/payment_methods`, answer: none },
      {
        method: 'POST',
        path: `/v1/customers/${CUS}`,
        params: { 'invoice_settings[default_payment_method]': '' },
        answer: 'customer',
      },
      { method: 'GET', path: `/v1/payment_methods/${other}`, answer: { ...fixture('payment-method'), id: other } },
      { method: 'GET', path: `/v1/customers/${CUS}`, answer: 'customer-with-card' },
      { method: 'POST', path: `/v1/payment_methods/${other}/detach`, answer: { ...detached, id: other } },
    ]);
    await provider.detachCard(CUS, PM);
    await provider.detachCard(CUS, other);
  });

  it("refuses to detach another customer's card", async () => {
    const { provider } = stripeWith([
      {
        method: 'GET',
        path: `/v1/payment_methods/${PM}`,
        answer: { ...fixture('payment-method'), customer: 'cus_other' },
      },
    ]);
    expect(await failure(() => provider.detachCard(CUS, PM))).toEqual({
      kind: 'request',
      message: `No such payment method: '${PM}'`,
    });
  });
});

const subscribe = (extra: Partial<Exchange> = {}): Exchange => ({
  method: 'POST',
  path: '/v1/subscriptions',
  params: {
    customer: CUS,
    'items[0][price]': PRICE,
    'items[0][quantity]': '3',
    payment_behavior: 'error_if_incomplete',
    proration_behavior: 'create_prorations',
  },
  answer: 'subscription-active',
  ...extra,
});

describe('stripe adapter: subscriptions', () => {
  it('subscribes keeping the rest of a trial, its end sent in seconds', async () => {
    const base = subscribe();
    const { provider } = stripeWith([
      { ...base, params: { ...base.params, trial_end: String(S.TRIAL_END) }, answer: 'subscription-trialing' },
    ]);
    expect(
      await provider.createSubscription({ customerId: CUS, priceId: PRICE, quantity: 3, trialEnd: ms(S.TRIAL_END) }),
    ).toEqual({
      id: SUB,
      customerId: CUS,
      status: 'trialing',
      priceId: PRICE,
      quantity: 3,
      start: ms(S.T0),
      currentPeriodStart: ms(S.T0),
      currentPeriodEnd: ms(S.TRIAL_END),
      trialStart: ms(S.T0),
      trialEnd: ms(S.TRIAL_END),
      cancelAtPeriodEnd: false,
      cancelledAt: null,
    });
  });

  it('rounds a trial end within a second up, so the trial never ends before the time Vigil gave', async () => {
    const base = subscribe();
    const { provider } = stripeWith([
      { ...base, params: { ...base.params, trial_end: String(S.TRIAL_END + 1) }, answer: 'subscription-trialing' },
    ]);
    await provider.createSubscription({ customerId: CUS, priceId: PRICE, quantity: 3, trialEnd: ms(S.TRIAL_END) + 1 });
  });

  it('subscribes with no trial: charged at once, active, its period read from its item', async () => {
    const { provider } = stripeWith([subscribe({ absent: ['trial_end'] })]);
    expect(
      await provider.createSubscription({ customerId: CUS, priceId: PRICE, quantity: 3, trialEnd: null }),
    ).toMatchObject({
      status: 'active',
      currentPeriodStart: ms(S.T0),
      currentPeriodEnd: ms(S.DEC28),
      trialStart: null,
      trialEnd: null,
    });
  });

  it.each([
    ['error-insufficient-funds', 'insufficient_funds', 'Your card has insufficient funds.'],
    [
      'error-authentication-required',
      'authentication_required',
      'Your card was declined. This transaction requires authentication.',
    ],
  ])('a first charge refused (%s) creates nothing and answers the provider text', async (answer, code, message) => {
    const { provider } = stripeWith([subscribe({ status: 402, answer })]);
    expect(
      await failure(() =>
        provider.createSubscription({ customerId: CUS, priceId: PRICE, quantity: 3, trialEnd: null }),
      ),
    ).toEqual({ kind: 'refused', code, message });
  });

  it('reads a subscription, and answers null for one the provider does not have', async () => {
    const { provider } = stripeWith([
      { method: 'GET', path: `/v1/subscriptions/${SUB}`, answer: 'subscription-past-due' },
      { method: 'GET', path: '/v1/subscriptions/sub_missing', status: 404, answer: 'error-resource-missing' },
    ]);
    expect(await provider.getSubscription(SUB)).toMatchObject({
      status: 'past_due',
      currentPeriodStart: ms(S.DEC28),
      currentPeriodEnd: ms(S.JAN28),
    });
    expect(await provider.getSubscription('sub_missing')).toBeNull();
  });

  it('changes the providers billed on its one item, prorated, refused whole if a charge is', async () => {
    const { provider } = stripeWith([
      { method: 'GET', path: `/v1/subscriptions/${SUB}`, answer: 'subscription-active' },
      {
        method: 'POST',
        path: `/v1/subscriptions/${SUB}`,
        params: {
          'items[0][id]': SI,
          'items[0][quantity]': '4',
          proration_behavior: 'create_prorations',
          payment_behavior: 'error_if_incomplete',
        },
        absent: ['items[0][price]'],
        answer: 'subscription-active-4',
      },
    ]);
    expect((await provider.updateSubscription(SUB, { quantity: 4 })).quantity).toBe(4);
  });

  it('changes the plan by setting the price on the same item', async () => {
    const { provider } = stripeWith([
      { method: 'GET', path: `/v1/subscriptions/${SUB}`, answer: 'subscription-active' },
      {
        method: 'POST',
        path: `/v1/subscriptions/${SUB}`,
        params: { 'items[0][id]': SI, 'items[0][price]': 'price_advanced_yearly' },
        absent: ['items[0][quantity]'],
        answer: 'subscription-active',
      },
    ]);
    await provider.updateSubscription(SUB, { priceId: 'price_advanced_yearly' });
  });

  it('cancels at the period end (active until then) and resumes', async () => {
    const { provider } = stripeWith([
      {
        method: 'POST',
        path: `/v1/subscriptions/${SUB}`,
        params: { cancel_at_period_end: 'true' },
        answer: 'subscription-cancelling',
      },
      {
        method: 'POST',
        path: `/v1/subscriptions/${SUB}`,
        params: { cancel_at_period_end: 'false' },
        answer: 'subscription-active',
      },
    ]);
    expect(await provider.cancelSubscription(SUB)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      cancelledAt: ms(S.DEC13),
      currentPeriodEnd: ms(S.DEC28),
    });
    expect(await provider.resumeSubscription(SUB)).toMatchObject({ cancelAtPeriodEnd: false, cancelledAt: null });
  });

  it.each([
    ['trialing', 'trialing'],
    ['active', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'unpaid'],
    ['canceled', 'canceled'],
    ['incomplete', 'past_due'],
    ['incomplete_expired', 'canceled'],
    ['paused', 'unpaid'],
  ])("reports the provider's status %s as %s", async (theirs, ours) => {
    const { provider } = stripeWith([
      {
        method: 'GET',
        path: `/v1/subscriptions/${SUB}`,
        answer: { ...fixture('subscription-active'), status: theirs },
      },
    ]);
    expect((await provider.getSubscription(SUB))?.status).toBe(ours);
  });

  it('refuses a status it does not know rather than guessing', async () => {
    const { provider } = stripeWith([
      {
        method: 'GET',
        path: `/v1/subscriptions/${SUB}`,
        answer: { ...fixture('subscription-active'), status: 'frozen' },
      },
    ]);
    expect(await failure(() => provider.getSubscription(SUB))).toEqual({
      kind: 'request',
      message: "Unknown subscription status 'frozen'.",
    });
  });
});

describe('stripe adapter: invoices', () => {
  it('previews the next invoice with a change: prorations and the next period, billed when the period ends', async () => {
    const { provider } = stripeWith([
      { method: 'GET', path: `/v1/subscriptions/${SUB}`, answer: 'subscription-active' },
      {
        method: 'POST',
        path: '/v1/invoices/create_preview',
        params: {
          subscription: SUB,
          'subscription_details[items][0][id]': SI,
          'subscription_details[items][0][quantity]': '4',
          'subscription_details[proration_behavior]': 'create_prorations',
        },
        answer: 'invoice-upcoming',
      },
    ]);
    expect(await provider.previewInvoice(SUB, { quantity: 4 })).toEqual({
      id: null,
      customerId: CUS,
      subscriptionId: SUB,
      status: 'draft',
      currency: 'usd',
      // 59 600 for 4 × 149.00 next month, 29 800 − 22 350 for the second half of this one.
      total: 67_050,
      amountDue: 67_050,
      amountPaid: 0,
      created: ms(S.DEC13),
      dueDate: ms(S.DEC28 + 3600),
      periodStart: ms(S.DEC28),
      periodEnd: ms(S.JAN28),
      hostedUrl: null,
      pdfUrl: null,
      lines: [
        { description: 'Unused time on 3 × Plus after 13 Dec 2026', quantity: 3, amount: -22_350, proration: true },
        { description: 'Remaining time on 4 × Plus after 13 Dec 2026', quantity: 4, amount: 29_800, proration: true },
        { description: '4 × Plus (at $149.00 / month)', quantity: 4, amount: 59_600, proration: false },
      ],
    });
  });

  it('previews without a change with the subscription alone, and a subscription ending has no next invoice', async () => {
    const { provider } = stripeWith([
      {
        method: 'POST',
        path: '/v1/invoices/create_preview',
        params: { subscription: SUB },
        absent: ['subscription_details[items][0][id]'],
        answer: 'invoice-upcoming',
      },
      { method: 'POST', path: '/v1/invoices/create_preview', status: 404, answer: 'error-invoice-upcoming-none' },
    ]);
    expect((await provider.previewInvoice(SUB)).total).toBe(67_050);
    expect(await failure(() => provider.previewInvoice(SUB))).toEqual({
      kind: 'request',
      message: `No upcoming invoices for customer: ${CUS}`,
    });
  });

  it('lists invoices newest first a page at a time, with the hosted page and PDF', async () => {
    const { provider } = stripeWith([
      {
        method: 'GET',
        path: '/v1/invoices',
        params: { customer: CUS, limit: '2', starting_after: 'in_newer' },
        answer: 'invoices',
      },
    ]);
    const { invoices, hasMore } = await provider.listInvoices(CUS, { limit: 2, startingAfter: 'in_newer' });
    expect(hasMore).toBe(true);
    expect(invoices.map((i) => [i.id, i.status, i.amountDue, i.amountPaid])).toEqual([
      [IN_OPEN, 'open', 44_700, 0],
      [IN_PAID, 'paid', 44_700, 44_700],
    ]);
    const [open, paid] = invoices;
    // A renewal bills the period starting now, not the one its usage came from.
    expect([open!.periodStart, open!.periodEnd]).toEqual([ms(S.DEC28), ms(S.JAN28)]);
    // Charged automatically: due when the provider next tries the card; a paid one is due no more.
    expect(open!.dueDate).toBe(ms(S.DEC28 + 3 * 86_400));
    expect(paid!.dueDate).toBeNull();
    expect(open!.hostedUrl).toMatch(/^https:\/\/invoice\.stripe\.com\/i\//);
    expect(open!.pdfUrl).toMatch(/^https:\/\/pay\.stripe\.com\/invoice\/.*\/pdf/);
  });

  it('pays an open invoice with the default card, or answers the refusal', async () => {
    const { provider } = stripeWith([
      { method: 'POST', path: `/v1/invoices/${IN_OPEN}/pay`, answer: 'invoice-open-paid' },
      { method: 'POST', path: `/v1/invoices/${IN_OPEN}/pay`, status: 402, answer: 'error-card-declined' },
    ]);
    expect(await provider.payInvoice(IN_OPEN)).toMatchObject({ id: IN_OPEN, status: 'paid', amountPaid: 44_700 });
    expect(await failure(() => provider.payInvoice(IN_OPEN))).toMatchObject({ kind: 'refused', code: 'card_declined' });
  });
});

describe('stripe adapter: one-off payments', () => {
  it('charges the default card off-session, confirmed at once, with a key that makes a retry charge once', async () => {
    const { provider, fake } = stripeWith([
      { method: 'GET', path: `/v1/customers/${CUS}`, answer: 'customer-with-card' },
      {
        method: 'POST',
        path: '/v1/payment_intents',
        params: {
          amount: '25900',
          currency: 'usd',
          customer: CUS,
          payment_method: PM,
          off_session: 'true',
          confirm: 'true',
          description: 'Order 1042: 1 × Capnograph sensor kit',
          'metadata[orderId]': 'order-1042',
        },
        answer: 'payment-intent',
      },
    ]);
    expect(
      await provider.pay(CUS, 25_900, 'usd', 'Order 1042: 1 × Capnograph sensor kit', { orderId: 'order-1042' }),
    ).toEqual({ id: PI, customerId: CUS, amount: 25_900, currency: 'usd', status: 'succeeded', created: ms(S.DEC13) });
    expect(fake.sent[1]?.headers['idempotency-key']).toMatch(/\S/);
  });

  it('refuses to charge a customer with no card, asking nothing of the provider', async () => {
    const { provider, fake } = stripeWith([{ method: 'GET', path: `/v1/customers/${CUS}`, answer: 'customer' }]);
    expect(await failure(() => provider.pay(CUS, 100, 'usd', 'x', {}))).toEqual({
      kind: 'refused',
      code: 'card_declined',
      message: NO_PAYMENT_SOURCE,
    });
    expect(fake.sent).toHaveLength(1);
  });

  it('refunds a payment whole, and refuses a second refund with the provider text', async () => {
    const { provider } = stripeWith([
      {
        method: 'POST',
        path: '/v1/refunds',
        params: { payment_intent: PI, 'expand[0]': 'payment_intent' },
        answer: 'refund',
      },
      { method: 'POST', path: '/v1/refunds', status: 400, answer: 'error-already-refunded' },
    ]);
    expect(await provider.refund(PI)).toEqual({
      id: PI,
      customerId: CUS,
      amount: 25_900,
      currency: 'usd',
      status: 'refunded',
      created: ms(S.DEC13),
    });
    expect(await failure(() => provider.refund(PI))).toEqual({
      kind: 'request',
      message: 'Charge ch_3SMc2fLkdIwHu7ix0oH6pTfE has already been refunded.',
    });
  });
});

describe("stripe adapter: the provider's errors", () => {
  it.each([
    ['error-card-declined', 402, 'refused', 'card_declined', 'Your card was declined.'],
    ['error-insufficient-funds', 402, 'refused', 'insufficient_funds', 'Your card has insufficient funds.'],
    [
      'error-authentication-required',
      402,
      'refused',
      'authentication_required',
      'Your card was declined. This transaction requires authentication.',
    ],
    ['error-expired-card', 402, 'refused', 'expired_card', 'Your card has expired.'],
    // A refusal Vigil does not name is a decline, with the provider's own words.
    ['error-incorrect-cvc', 402, 'refused', 'card_declined', "Your card's security code is incorrect."],
    [
      'error-tax-location',
      400,
      'refused',
      'invalid_address_for_tax',
      "The customer's location isn't recognized. Set a valid customer address in order to automatically calculate tax.",
    ],
    ['error-resource-missing', 404, 'request', undefined, "No such subscription: 'sub_1SMbZZLkdIwHu7ixMissing0'"],
    // A bad key is the server's fault, not a refusal to show the user.
    [
      'error-authentication',
      401,
      'StripeAuthenticationError',
      undefined,
      'Invalid API Key provided: sk_test_********************nope',
    ],
  ])('%s (HTTP %i) is answered as %s %s', async (answer, status, kind, code, message) => {
    const { provider } = stripeWith([{ method: 'POST', path: `/v1/prices/${PRICE}`, status, answer }]);
    expect(await failure(() => provider.archivePrice(PRICE))).toEqual({
      kind,
      message,
      ...(code !== undefined && { code }),
    });
  });

  it('an incorrect number is named as such', async () => {
    const body = {
      error: {
        code: 'incorrect_number',
        doc_url: 'https://stripe.com/docs/error-codes/incorrect-number',
        message: 'Your card number is incorrect.',
        param: 'number',
        type: 'card_error',
      },
    };
    const { provider } = stripeWith([
      { method: 'GET', path: `/v1/payment_methods/${PM}`, answer: { ...fixture('payment-method'), customer: null } },
      { method: 'POST', path: `/v1/payment_methods/${PM}/attach`, status: 402, answer: body },
    ]);
    expect(await failure(() => provider.attachCard(CUS, PM))).toMatchObject({ code: 'incorrect_number' });
  });
});

describe('stripe adapter: webhook events', () => {
  const signed = (name: string, secret = WEBHOOK_SECRET) => {
    const body = fixture(name) as { created: number };
    const raw = JSON.stringify(body, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({ payload: raw, secret, timestamp: body.created });
    return { raw, header, t: body.created };
  };
  const provider = () => stripeWith([]).provider;

  it('verifies a subscription event and carries its subscription in Vigil’s shape', () => {
    const { raw, header, t } = signed('event-subscription-updated');
    expect(provider().verifyEvent(raw, header, ms(t + 5))).toMatchObject({
      id: 'evt_1SQ3kQLkdIwHu7ixd3LmV8Yc',
      type: 'customer.subscription.updated',
      created: ms(t),
      subscription: { id: SUB, status: 'past_due', currentPeriodStart: ms(S.DEC28), currentPeriodEnd: ms(S.JAN28) },
      invoice: null,
    });
  });

  it('verifies an invoice event and carries its invoice with its subscription', () => {
    const { raw, header, t } = signed('event-invoice-payment-failed');
    const event = provider().verifyEvent(raw, header, ms(t));
    expect(event).toMatchObject({ type: 'invoice.payment_failed', subscription: null });
    expect(event.invoice).toMatchObject({ id: IN_OPEN, status: 'open', subscriptionId: SUB, amountDue: 44_700 });
  });

  it('verifies an invoice.paid event built around a paid first invoice: nothing due, the period it bought', () => {
    const t = S.T0 + 2;
    const raw = JSON.stringify({
      id: 'evt_1SMb9vLkdIwHu7ixP0aid001',
      object: 'event',
      api_version: '2026-10-28.endive',
      created: t,
      data: { object: fixture('invoice-paid') },
      livemode: false,
      pending_webhooks: 1,
      request: { id: 'req_Sb4kQ1wXz7Np2e', idempotency_key: 'b7c9e2d4-5f61-4a0e-9d1c-3e8f2a6b7c90' },
      type: 'invoice.paid',
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload: raw, secret: WEBHOOK_SECRET, timestamp: t });
    expect(provider().verifyEvent(raw, header, ms(t)).invoice).toMatchObject({
      id: IN_PAID,
      status: 'paid',
      amountPaid: 44_700,
      dueDate: null,
      periodStart: ms(S.T0),
      periodEnd: ms(S.DEC28),
      lines: [{ description: '3 × Plus (at $149.00 / month)', quantity: 3, amount: 44_700, proration: false }],
    });
  });

  it('refuses a body changed after it was signed', () => {
    const { raw, header, t } = signed('event-subscription-updated');
    const tampered = raw.replace('"status": "past_due"', '"status": "active"');
    expect(tampered).not.toBe(raw);
    expect(() => provider().verifyEvent(tampered, header, ms(t))).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('accepts an event 300 s old and refuses one older, on the clock it is given', () => {
    const { raw, header, t } = signed('event-subscription-updated');
    const p = provider();
    expect(p.verifyEvent(raw, header, ms(t + 300)).id).toBe('evt_1SQ3kQLkdIwHu7ixd3LmV8Yc');
    expect(() => p.verifyEvent(raw, header, ms(t + 301))).toThrow(/tolerance/);
  });

  it('refuses an event signed with another secret', () => {
    const { raw, header, t } = signed('event-subscription-updated', 'whsec_someone_else');
    expect(() => provider().verifyEvent(raw, header, ms(t))).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});
