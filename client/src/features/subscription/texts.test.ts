import { REFUSAL_TEXTS } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { billingErrorText } from './texts.js';

describe("the card form's refusal texts", () => {
  it('says why card entry is refused after too many declined cards (the catalogue sentence)', () => {
    expect(billingErrorText('CARD_ATTEMPTS_LIMITED')).toBe(REFUSAL_TEXTS.CARD_ATTEMPTS_LIMITED);
    expect(billingErrorText('CARD_ATTEMPTS_LIMITED')).toMatch(/declined in the last hour/);
  });

  it("shows the provider's own sentence as it is", () => {
    expect(billingErrorText('Your card was declined.')).toBe('Your card was declined.');
  });
});
