import { StripePaymentProvider } from './stripe/provider.js';

/**
 * The settings that turn the real provider on (all three, or none): the secret key the server
 * calls the provider with, the secret its signed events are checked with, and the publishable key
 * the browser's card entry loads the provider's script with (the only one the client sees).
 */
export const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const;

export interface SelectOptions {
  /** The fetch the real provider's library sends with (tests answer recorded responses). */
  fetch?: typeof fetch;
}

/** The real provider, and the publishable key the client's card entry uses with it. */
export interface SelectedProvider {
  provider: StripePaymentProvider;
  publishableKey: string;
}

/** test or live, from a key's prefix (sk_test_…, rk_live_…, pk_test_…), or null for another shape. */
function modeOf(key: string): 'test' | 'live' | null {
  const mode = /^[a-z]{2}_(test|live)_/.exec(key)?.[1];
  return mode === 'test' || mode === 'live' ? mode : null;
}

/**
 * The real payment provider when its keys are configured (issue 37), else null: the composition
 * root then uses the local provider, so `npm run setup && npm start` needs no account anywhere.
 * Some keys without the others is a configuration mistake, refused at start rather than silently
 * running a production server on the local provider or with a card form that cannot save a card
 * (a blank value counts as unset). So is a publishable key that is not one (a secret key there
 * would be handed to every browser) or one of the other mode than the secret key (test cards
 * confirmed against live customers, or the reverse, fail at the provider).
 */
export function selectPaymentProvider(
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: SelectOptions = {},
): SelectedProvider | null {
  const values = STRIPE_KEYS.map((name) => env[name]?.trim() || null);
  const missing = STRIPE_KEYS.filter((_, i) => values[i] === null);
  if (missing.length === STRIPE_KEYS.length) return null;
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set: the real payment provider needs ${STRIPE_KEYS.join(', ')} together (set none for the local provider).`,
    );
  }
  const [secretKey, webhookSecret, publishableKey] = values as [string, string, string];
  if (!publishableKey.startsWith('pk_')) {
    throw new Error(
      'STRIPE_PUBLISHABLE_KEY is not a publishable key (pk_test_… or pk_live_…): it is sent to every browser, so no other key may be set there.',
    );
  }
  const secretMode = modeOf(secretKey);
  if (secretMode && modeOf(publishableKey) !== secretMode) {
    throw new Error(
      `STRIPE_PUBLISHABLE_KEY is not a ${secretMode} mode key like STRIPE_SECRET_KEY: both keys must come from the same mode of the same account.`,
    );
  }
  return { provider: new StripePaymentProvider({ secretKey, webhookSecret, fetch: options.fetch }), publishableKey };
}
