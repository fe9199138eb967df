import { describe, expect, it } from 'vitest';
import { authActionTarget } from './authAction.js';

describe('/auth/action mode routing (spec 000 §2)', () => {
  it.each([
    ['?mode=resetPassword&oobCode=abc', '/password-reset?code=abc'],
    ['?mode=verifyEmail&oobCode=abc', '/verify-email-code?verifyCode=abc'],
    ['?mode=verifyAndChangeEmail&oobCode=a%2Bb', '/verify-email-code?verifyCode=a%2Bb'],
    ['?mode=somethingElse&oobCode=abc', null],
    ['?mode=resetPassword', null],
    ['', null],
  ])('%s → %s', (search, target) => {
    expect(authActionTarget(search)).toBe(target);
  });
});
