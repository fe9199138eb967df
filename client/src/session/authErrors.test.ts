import { describe, expect, it } from 'vitest';
import { authErrorAction } from './authErrors.js';

describe('auth errors from any call (spec 000 §8)', () => {
  it('signs out on NO_AUTHENTICATION and goes to the sudo page on SUDO_REQUIRED', () => {
    expect(authErrorAction('NO_AUTHENTICATION', null, 1000)).toBe('signOut');
    expect(authErrorAction('SUDO_REQUIRED', null, 1000)).toBe('sudo');
  });

  it('signs in again on NOT_AUTHORIZED, but not twice within 10 seconds', () => {
    expect(authErrorAction('NOT_AUTHORIZED', null, 50_000)).toBe('reSignIn');
    expect(authErrorAction('NOT_AUTHORIZED', 41_000, 50_000)).toBeNull();
    expect(authErrorAction('NOT_AUTHORIZED', 40_000, 50_000)).toBe('reSignIn');
  });
});
