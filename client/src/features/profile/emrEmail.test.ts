import { describe, expect, it } from 'vitest';
import { canVerifyEmrEmail, emrEmailChangesSignIn } from './emrEmail.js';

describe('the EMR email (spec 000 §3 emrEmail, §6 verifyEmrEmail)', () => {
  it.each([
    // [email, emailVerified, emrEmail, offered, changes the sign-in email]
    ['a@x.test', true, null, false, false],
    ['a@x.test', true, 'a@x.test', false, false],
    ['a@x.test', false, 'a@x.test', true, false],
    ['b@x.test', true, 'a@x.test', true, true],
    ['b@x.test', false, 'a@x.test', true, true],
  ] as const)(
    'for %s (verified %s) launched as %s: offered %s, changes the sign-in email %s',
    (email, emailVerified, emrEmail, offered, changes) => {
      expect(canVerifyEmrEmail({ email, emailVerified, emrEmail })).toBe(offered);
      expect(emrEmailChangesSignIn({ email, emrEmail })).toBe(changes);
    },
  );
});
