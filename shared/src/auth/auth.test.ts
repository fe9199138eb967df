import { describe, expect, it } from 'vitest';
import { MINUTE } from '../constants/time.js';
import {
  AUTH_TEXTS,
  authStatus,
  canSubmitSignIn,
  cleanReturnUrl,
  codeErrorText,
  formatPhoneForDisplay,
  isAcceptableReturnUrl,
  isCompleteMfaCode,
  isSudoValid,
  postSignInPath,
  sanitizeMfaCodeInput,
  shouldExtendSession,
  signInErrorText,
  signUpErrorText,
  sudoBannerColor,
  sudoRemainingMs,
  validateSignUp,
} from './index.js';

const NOW = 1_800_000_000_000;

describe('sign-up validation (spec 000 §5)', () => {
  const ok = { name: 'Dr. A', email: 'a@example.com', password: '12345678', agreed: true };

  it('says the form is complete when every field is right', () => {
    expect(validateSignUp(ok)).toEqual({ errors: {}, banner: 'Form is complete.', complete: true });
  });

  it.each([
    [{ name: ' ' }, 'Missing name'],
    [{ email: '' }, 'Missing email'],
    [{ password: '1234567' }, 'Password must be 8 or more characters.'],
    [{ agreed: false }, 'Check the box to agree to the terms and privacy policy.'],
  ])('shows the single error %o as the banner', (change, text) => {
    const result = validateSignUp({ ...ok, ...change });
    expect(result.banner).toBe(text);
    expect(result.complete).toBe(false);
  });

  it('shows the several-errors banner for more than one error', () => {
    expect(validateSignUp({ name: '', email: '', password: '', agreed: false }).banner).toBe(
      'Form is incomplete, please check above.',
    );
  });

  it('accepts exactly 8 characters as the minimum password length', () => {
    expect(validateSignUp({ ...ok, password: 'abcdefgh' }).errors.password).toBeUndefined();
  });
});

describe('sign-in (spec 000 §5)', () => {
  it('needs a non-empty trimmed email and a password', () => {
    expect(canSubmitSignIn(' a@b.c ', 'x')).toBe(true);
    expect(canSubmitSignIn('   ', 'x')).toBe(false);
    expect(canSubmitSignIn('a@b.c', '')).toBe(false);
  });
});

describe('MFA code input (spec 000 §5)', () => {
  it('keeps digits only, at most 6, and is complete at exactly 6', () => {
    expect(sanitizeMfaCodeInput('12a3 45-678')).toBe('123456');
    expect(isCompleteMfaCode('123456')).toBe(true);
    expect(isCompleteMfaCode('12345')).toBe(false);
    expect(isCompleteMfaCode('12345a')).toBe(false);
  });
});

describe('return URL rule (spec 000 §5)', () => {
  it.each([
    ['/org/acme/patients', true],
    ['/signin', false],
    ['/signin?returnUrl=/x', false],
    ['/signup', true],
    ['//evil.example/', false],
    ['https://vigil.health/org/a', true],
    ['https://app.vigil.health/org/a', true],
    ['http://vigil.health/org/a', false],
    ['https://evil-vigil.health/', false],
    ['https://vigil.health.evil.example/', false],
    ['https://localhost:5173/x', true],
    ['http://localhost:8080/x', true],
    ['javascript:alert(1)', false],
    ['', false],
    [null, false],
  ])('%s → %s', (url, accepted) => {
    expect(isAcceptableReturnUrl(url)).toBe(accepted);
  });

  it('strips month and date from organisation root paths only', () => {
    expect(cleanReturnUrl('/org/acme?month=2026-01&date=3&x=1')).toBe('/org/acme?x=1');
    expect(cleanReturnUrl('/org/acme/cases?month=2026-01')).toBe('/org/acme/cases?month=2026-01');
  });
});

describe('phone display formats (spec 000 §5)', () => {
  it.each([
    ['4155552671', '+1 (415) 555-2671'],
    ['+14165550123', '+1 (416) 555-0123'],
    ['+442079460958', '+44 2079 460958'],
    ['+61293744000', '+61 2 9374 4000'],
    ['+33612345678', '+33612345678'],
  ])('%s → %s', (input, shown) => {
    expect(formatPhoneForDisplay(input)).toBe(shown);
  });
});

describe('auth status (spec 000 §4)', () => {
  const full = { sessionExpiresAt: NOW + 1000, multiFactorLast: NOW - 1000, multiFactorAuthExp: NOW + 1000 };

  it.each([
    [false, full, 'none'],
    [true, undefined, 'undetermined'],
    [true, null, 'expired'],
    [true, { ...full, sessionExpiresAt: NOW }, 'expired'],
    [true, { ...full, multiFactorLast: null }, 'partial'],
    [true, { ...full, multiFactorAuthExp: NOW }, 'partial'],
    [true, full, 'full'],
  ] as const)('token %s, session %o → %s', (hasToken, session, status) => {
    expect(authStatus(hasToken, session, NOW)).toBe(status);
  });
});

describe('sudo (spec 000 §4, §9)', () => {
  it('is valid until sudoExpiresAt minus 120000 ms', () => {
    expect(isSudoValid({ sudoExpiresAt: NOW + 120_001 }, NOW)).toBe(true);
    expect(isSudoValid({ sudoExpiresAt: NOW + 120_000 }, NOW)).toBe(false);
    expect(isSudoValid({ sudoExpiresAt: null }, NOW)).toBe(false);
  });

  it('counts down to the margin and turns the banner red at 1 minute or less', () => {
    expect(sudoRemainingMs({ sudoExpiresAt: NOW + 5 * MINUTE }, NOW)).toBe(3 * MINUTE);
    expect(sudoBannerColor(MINUTE)).toBe('red');
    expect(sudoBannerColor(MINUTE + 1)).toBe('orange');
  });
});

describe('session extension (spec 000 §4)', () => {
  const session = {
    sessionExpiresAt: NOW + 1000,
    multiFactorLast: NOW - 1,
    multiFactorAuthExp: NOW + 1000,
    sessionRenewedAt: NOW - 10 * MINUTE - 1,
  };

  it('extends an active, fully authenticated session renewed longer ago than the renew age', () => {
    expect(shouldExtendSession(session, true, 10 * MINUTE, NOW)).toBe(true);
    expect(shouldExtendSession(session, false, 10 * MINUTE, NOW)).toBe(false);
    expect(shouldExtendSession({ ...session, sessionRenewedAt: NOW - 10 * MINUTE }, true, 10 * MINUTE, NOW)).toBe(
      false,
    );
    expect(shouldExtendSession({ ...session, multiFactorLast: null }, true, 10 * MINUTE, NOW)).toBe(false);
  });
});

describe('post-sign-in redirect (spec 000 §4)', () => {
  it('goes to the return URL, else the only organisation, else /', () => {
    expect(postSignInPath({ returnUrl: '/profile', orgs: [{ id: 'a' }] })).toBe('/profile');
    expect(postSignInPath({ returnUrl: null, orgs: [{ id: 'a' }] })).toBe('/org/a');
    expect(postSignInPath({ returnUrl: null, orgs: [{ id: 'a' }, { id: 'b' }] })).toBe('/');
    expect(postSignInPath({ returnUrl: null, orgs: [] })).toBe('/');
  });
});

describe('error texts (spec 000 §8)', () => {
  it('maps sign-in codes to the spec texts', () => {
    expect(signInErrorText('INVALID_LOGIN_CREDENTIALS')).toBe(
      'Invalid email or password. Please check your details and try again.',
    );
    expect(signInErrorText('TOO_MANY_REQUESTS')).toBe(AUTH_TEXTS.tooManyRequests);
    expect(signInErrorText('RECAPTCHA_FAILED')).toBe('Login abuse check failed.');
    expect(signInErrorText('SIGN_IN_FAILED')).toBe('Login failed.');
    expect(signInErrorText('SOMETHING')).toBe('Failed to sign in, please check your credentials and try again.');
  });

  it('maps sign-up codes to the spec texts', () => {
    expect(signUpErrorText('EMAIL_TAKEN')).toBe('This email address is already taken. Did you mean to sign in?');
    expect(signUpErrorText('FAILED_TO_CREATE')).toBe('We were unable to create an account.');
    expect(signUpErrorText('RECAPTCHA_FAILED')).toBe('Sign up abuse check failed.');
    expect(signUpErrorText('WHATEVER')).toBe('Something went wrong');
  });

  it('maps code errors to the mismatch text', () => {
    expect(codeErrorText('CODE_MISMATCH')).toBe('Code did not match, please try again.');
    expect(codeErrorText('INVALID_PHONE')).toBe(
      'Must be a phone number in CAN,USA,GBR,AUS. You can use email instead.',
    );
  });
});
