import Stripe from 'stripe';
import { PaymentRefusedError, ProviderRequestError, type RefusalCode } from '../provider.js';

/*
 * The real provider's errors in Vigil's two kinds (billing/provider.ts). A card refused (HTTP 402,
 * `card_error`) is a PaymentRefusedError carrying the provider's own message, which the user is
 * shown as given; an address the tax engine cannot locate is one too ('invalid_address_for_tax',
 * spec 000 §8). A request about an unknown object or one in a state that does not allow it
 * (`invalid_request_error`, HTTP 400/404: `resource_missing`, `invoice_upcoming_none`,
 * `charge_already_refunded`…) is a ProviderRequestError. Anything else (bad keys, the provider
 * down after the library's retries, rate limits) is left as the library threw it: a fault of the
 * server, not something the user can act on.
 */

/** The card refusals Vigil names; any other card error is a decline with the provider's text. */
const NAMED: readonly RefusalCode[] = [
  'insufficient_funds',
  'authentication_required',
  'incorrect_number',
  'expired_card',
  'card_declined',
];

function refusalCode(code: string | undefined, declineCode: string | undefined): RefusalCode {
  // The provider reports most refusals as `card_declined` with the reason in `decline_code`
  // (insufficient_funds, authentication_required, expired_card…); some under `code` itself.
  for (const candidate of [declineCode, code]) {
    const named = NAMED.find((n) => n === candidate);
    if (named && named !== 'card_declined') return named;
  }
  return 'card_declined';
}

/** The provider's error as Vigil's, or the error unchanged when it is not one the caller can act on. */
export function translate(e: unknown): unknown {
  if (!(e instanceof Stripe.errors.StripeError)) return e;
  if (e.code === 'customer_tax_location_invalid') return new PaymentRefusedError('invalid_address_for_tax', e.message);
  if (e instanceof Stripe.errors.StripeCardError) {
    return new PaymentRefusedError(refusalCode(e.code, e.decline_code), e.message);
  }
  if (e instanceof Stripe.errors.StripeInvalidRequestError) return new ProviderRequestError(e.message);
  return e;
}

/** Runs a call to the provider, its errors translated. */
export async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw translate(e);
  }
}

/** Whether the provider answered that the object does not exist (a lookup answers null then). */
export function isMissing(e: unknown): boolean {
  return e instanceof Stripe.errors.StripeError && e.code === 'resource_missing';
}
