import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { selectPaymentProvider } from './select.js';
import { fakeStripe, fixture } from './stripe/fake-stripe.test-util.js';

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_vigil_select',
  STRIPE_WEBHOOK_SECRET: 'whsec_vigil_select',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_vigil_select',
};

describe('choosing the payment provider from the configuration', () => {
  it.each([
    ['no keys', {}],
    ['blank keys', { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '  ', STRIPE_PUBLISHABLE_KEY: '' }],
  ])('answers none with %s, so the local provider is used', (_, env) => {
    expect(selectPaymentProvider(env)).toBeNull();
  });

  it('uses the real provider with the three keys: its requests carry the secret key', async () => {
    const fake = fakeStripe([{ method: 'GET', path: '/v1/customers/cus_TJx5Qm2sWvB0aL', answer: 'customer' }]);
    const selected = selectPaymentProvider(KEYS, { fetch: fake.fetch });
    const provider = selected?.provider;
    expect(provider?.name).toBe('stripe');
    expect((await provider!.getCustomer('cus_TJx5Qm2sWvB0aL'))?.name).toBe('Smile Dental');
    expect(fake.problems).toEqual([]);
    expect(fake.sent[0]?.headers.authorization).toBe('Bearer sk_test_vigil_select');
  });

  it('verifies events with the configured webhook secret and no other', () => {
    const { provider } = selectPaymentProvider(KEYS)!;
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

  it('answers the publishable key for the client, never the secret key or the webhook secret', () => {
    const selected = selectPaymentProvider(KEYS)!;
    expect(selected.publishableKey).toBe('pk_test_vigil_select');
    expect(JSON.stringify(Object.entries(selected).filter(([k]) => k !== 'provider'))).not.toMatch(/sk_test|whsec_/);
  });

  it.each([
    ['STRIPE_WEBHOOK_SECRET is not set', { ...KEYS, STRIPE_WEBHOOK_SECRET: undefined }],
    ['STRIPE_SECRET_KEY is not set', { ...KEYS, STRIPE_SECRET_KEY: ' ' }],
    ['STRIPE_PUBLISHABLE_KEY is not set', { ...KEYS, STRIPE_PUBLISHABLE_KEY: undefined }],
    ['STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY are not set', { STRIPE_SECRET_KEY: KEYS.STRIPE_SECRET_KEY }],
    [
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set',
      { STRIPE_PUBLISHABLE_KEY: KEYS.STRIPE_PUBLISHABLE_KEY },
    ],
  ])('refuses to start when %s rather than fall back to the local provider', (message, env) => {
    expect(() => selectPaymentProvider(env)).toThrow(
      `${message}: the real payment provider needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY together`,
    );
  });

  it('refuses a secret key set as the publishable key, which every browser would receive', () => {
    expect(() => selectPaymentProvider({ ...KEYS, STRIPE_PUBLISHABLE_KEY: 'sk_test_vigil_select' })).toThrow(
      'STRIPE_PUBLISHABLE_KEY is not a publishable key',
    );
  });

  it('refuses a publishable key of the other mode than the secret key', () => {
    expect(() => selectPaymentProvider({ ...KEYS, STRIPE_PUBLISHABLE_KEY: 'pk_live_vigil_select' })).toThrow(
      'STRIPE_PUBLISHABLE_KEY is not a test mode key like STRIPE_SECRET_KEY',
    );
    expect(
      selectPaymentProvider({ ...KEYS, STRIPE_SECRET_KEY: 'rk_live_vigil', STRIPE_PUBLISHABLE_KEY: 'pk_live_vigil' })
        ?.publishableKey,
    ).toBe('pk_live_vigil');
  });
});
