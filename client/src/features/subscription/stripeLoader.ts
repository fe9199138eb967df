import type { Stripe } from '@stripe/stripe-js';

/**
 * The seam between the card form and the real provider's browser script (issue 37): the form is
 * handed a loader, so a test gives it a fake object of the script's shape and the real script is
 * loaded from js.stripe.com only in a browser with a publishable key.
 */
export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;

/**
 * Loads Stripe.js from js.stripe.com, as the provider requires (never bundled). The `pure` entry
 * loads nothing until it is called, so an office on the local provider never fetches it. The one
 * line no test here runs: it needs the network.
 */
export const loadStripeJs: StripeLoader = (publishableKey) =>
  import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(publishableKey));

const loaded = new WeakMap<StripeLoader, Map<string, Promise<Stripe | null>>>();

/**
 * The script's object for a key, loaded once per loader and key and kept (the provider asks for a
 * single instance per page; the Elements provider refuses a changed one). A load that failed (the
 * network down) is forgotten, so the next form tries again.
 */
export function stripeFor(publishableKey: string, load: StripeLoader = loadStripeJs): Promise<Stripe | null> {
  const byKey = loaded.get(load) ?? new Map<string, Promise<Stripe | null>>();
  loaded.set(load, byKey);
  const held = byKey.get(publishableKey);
  if (held) return held;
  const loading = load(publishableKey);
  byKey.set(publishableKey, loading);
  loading.catch(() => byKey.delete(publishableKey));
  return loading;
}
