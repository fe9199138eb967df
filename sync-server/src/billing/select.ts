import { StripePaymentProvider } from './stripe/provider.js';

/** The settings that turn the real provider on (both, or neither). */
export const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

export interface SelectOptions {
  /** The fetch the real provider's library sends with (tests answer recorded responses). */
  fetch?: typeof fetch;
}

/**
 * The real payment provider when its keys are configured (issue 37), else null: the composition
 * root then uses the local provider, so `npm run setup && npm start` needs no account anywhere.
 * One key without the other is a configuration mistake, refused at start rather than silently
 * running a production server on the local provider (a blank value counts as unset).
 */
export function selectPaymentProvider(
  env: Readonly<Record<string, string | undefined>> = process.env,
  options: SelectOptions = {},
): StripePaymentProvider | null {
  const [secretKey, webhookSecret] = STRIPE_KEYS.map((name) => env[name]?.trim() || null);
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey || !webhookSecret) {
    const missing = secretKey ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    throw new Error(
      `${missing} is not set: the real payment provider needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (set neither for the local provider).`,
    );
  }
  return new StripePaymentProvider({ secretKey, webhookSecret, fetch: options.fetch });
}
