import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from './limits.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// The numbers recorded in docs/decisions.md (Accounts and sessions); spec 000 gives none of them.
describe('abuse limits and durations of the accounts server', () => {
  it.each([
    ['failed sign-ins per account per hour', AUTH_LIMITS.signInFailuresPerAccount, 100],
    ['failed sign-ins per IP per hour', AUTH_LIMITS.signInFailuresPerIp, 1000],
    ['sign-in window', AUTH_LIMITS.signInWindowMs, HOUR],
    ['wrong codes per account per hour', AUTH_LIMITS.codeFailuresPerAccount, 30],
    ['wrong codes per IP per hour', AUTH_LIMITS.codeFailuresPerIp, 300],
    ['wrong tries per code', AUTH_LIMITS.codeMaxAttempts, 5],
    ['code validity', AUTH_LIMITS.codeValidityMs, 10 * MINUTE],
    ['password-reset requests per address per hour', AUTH_LIMITS.resetsPerEmail, 5],
    ['password-reset requests per IP per hour', AUTH_LIMITS.resetsPerIp, 20],
    ['multi-factor idle timeout', AUTH_LIMITS.mfaIdleTimeoutMs, 12 * HOUR],
    ['sudo duration', AUTH_LIMITS.sudoDurationMs, 15 * MINUTE],
  ])('%s is %i', (_, value, expected) => {
    expect(value).toBe(expected);
  });

  it('keeps multi-factor through the longest production case (270 minutes, spec 000 §9) untouched', () => {
    expect(AUTH_LIMITS.mfaIdleTimeoutMs).toBeGreaterThan(270 * MINUTE);
  });
});
