import { refusalText } from '@vigil/shared';

/**
 * What a refused billing call says. The server answers the error catalogue's codes (spec 000 §8),
 * or for a card or payment the provider refused, the provider's own sentence ('Your card was
 * declined.'), which is shown as it is.
 */
export function billingErrorText(code: string): string {
  if (!/^[A-Z0-9_]+$/.test(code)) return code;
  return refusalText(code, {
    NOT_AUTHORIZED: 'Only an administrator of the organization can change its subscription.',
    default: 'An error occurred. Please try again.',
  });
}
