import { describe, expect, it } from 'vitest';
import { isInvitedAddress, maskEmail } from './index.js';

describe('invitation email-mismatch suggestion (spec 000 §2 invitation page)', () => {
  it.each([
    ['jane.doe@example.com', 'j•••@example.com'],
    ['a@b.co', 'a•••@b.co'],
    ['not-an-address', '•••'],
    ['@example.com', '•••'],
  ])('masks %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('compares addresses without case or surrounding spaces', () => {
    expect(isInvitedAddress('jane@example.com', ' Jane@Example.com ')).toBe(true);
    expect(isInvitedAddress('jane@example.com', 'jane@example.org')).toBe(false);
  });
});
