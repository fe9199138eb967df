import { describe, expect, it } from 'vitest';
import { REFUSAL_TEXTS, refusalText } from './refusals.js';

describe('the refusal-text catalogue (spec 000 §8)', () => {
  it('reads a code the same everywhere unless the screen words it for its task', () => {
    expect(refusalText('NETWORK_ERROR')).toBe(REFUSAL_TEXTS.NETWORK_ERROR);
    expect(refusalText('NOT_AUTHORIZED', { NOT_AUTHORIZED: 'Only an admin can change policies.' })).toBe(
      'Only an admin can change policies.',
    );
    expect(refusalText('NETWORK_ERROR', { NOT_AUTHORIZED: 'Only an admin can change policies.' })).toBe(
      REFUSAL_TEXTS.NETWORK_ERROR,
    );
  });

  it("says 'An unknown error occurred' for a code nobody foresaw, or the screen's default", () => {
    expect(refusalText('SOMETHING_NEW')).toBe('An unknown error occurred');
    expect(refusalText(undefined)).toBe('An unknown error occurred');
    expect(refusalText('SOMETHING_NEW', { default: 'Try again later.' })).toBe('Try again later.');
  });

  it('has a sentence for every code', () => {
    for (const [code, text] of Object.entries(REFUSAL_TEXTS)) {
      expect(text, code).toMatch(/^[A-Z].*\.$/);
    }
  });
});
