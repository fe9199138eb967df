import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { selectPaymentProvider } from './select.js';
import { fakeStripe, fixture } from './stripe/fake-stripe.test-util.js';

const KEYS = { STRIPE_SECRET_KEY: 'sk_test_vigil_select', STRIPE_WEBHOOK_SECRET: 'whsec_vigil_select' };

describe('choosing the payment provider from the configuration', () => {
  it.each([
    ['no keys', {}],
    ['blank keys', { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '  ' }],
  ])('answers none with %s, so the local provider is used', (_, env) => {
    expect(selectPaymentProvider(env)).toBeNull();
  });

  it('uses the real provider with both keys: its requests carry the secret key', async () => {
    const fake = fakeStripe([{ method: 'GET', path: '/v1/customers/cus_TJx5Qm2sWvB0aL', answer: 'customer' }]);
    const provider = selectPaymentProvider(KEYS, { fetch: fake.fetch });
    expect(provider?.name).toBe('stripe');
    expect((await provider!.getCustomer('cus_TJx5Qm2sWvB0aL'))?.name).toBe('Smile Dental');
    expect(fake.problems).toEqual([]);
    expect(fake.sent[0]?.headers.authorization).toBe('Bearer sk_test_vigil_select');
  });

  it('verifies events with the configured webhook secret and no other', () => {
    const provider = selectPaymentProvider(KEYS)!;
    const body = fixture('event-subscription-updated') as { created: number };
    const raw = JSON.stringify(body);
    const sign = (secret: string) =>
      Stripe.webhooks.generateTestHeaderString({ payload: raw, secret, timestamp: body.created });
    expect(provider.verifyEvent(raw, sign(KEYS.STRIPE_WEBHOOK_SECRET), body.created * 1000).type).toBe(
      'customer.subscription.updated',
    );
    expect(() => provider.verifyEvent(raw, sign('whsec_other'), body.created * 1000)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it.each([
    ['STRIPE_WEBHOOK_SECRET', { STRIPE_SECRET_KEY: KEYS.STRIPE_SECRET_KEY }],
    ['STRIPE_SECRET_KEY', { STRIPE_WEBHOOK_SECRET: KEYS.STRIPE_WEBHOOK_SECRET }],
  ])('refuses to start with %s missing rather than fall back to the local provider', (missing, env) => {
    expect(() => selectPaymentProvider(env)).toThrow(`${missing} is not set`);
  });
});
