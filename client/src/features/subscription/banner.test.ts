import { DAY, TRIAL_ENDED_MESSAGE } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_NOT_OK_MESSAGE, subscriptionBanner, trialEndsText } from './banner.js';

// A fixed clock: 28 Nov 2026, 09:00 UTC.
const NOW = Date.UTC(2026, 10, 28, 9);
const admin = { isAdmin: true, isOnboarding: false };
const member = { isAdmin: false, isOnboarding: false };

describe('the subscription banner (issue 37)', () => {
  it('tells everyone, admins and members, that the trial ended, with what the office keeps and loses', () => {
    const ended = { status: 'trialing', trialEnd: NOW - DAY, ok: false };
    for (const who of [admin, member]) {
      expect(subscriptionBanner(ended, who, NOW)).toEqual({
        kind: 'warning',
        title: 'Your free trial has ended',
        text: TRIAL_ENDED_MESSAGE,
      });
    }
  });

  it.each([
    ['canceled', 'Your subscription has ended'],
    ['unpaid', 'Your last payment failed'],
    ['past_due', 'Your last payment failed'],
    ['none', 'Your organization has no subscription'],
  ])('says a %s subscription is not active: %s', (status, title) => {
    expect(subscriptionBanner({ status, trialEnd: null, ok: false }, member, NOW)).toEqual({
      kind: 'warning',
      title,
      text: SUBSCRIPTION_NOT_OK_MESSAGE,
    });
  });

  it('reminds admins, and only admins, in the last 3 days of a trial', () => {
    const trial = (left: number): { status: string; trialEnd: number; ok: boolean } => ({
      status: 'trialing',
      trialEnd: NOW + left,
      ok: true,
    });
    expect(subscriptionBanner(trial(3 * DAY), admin, NOW)?.title).toBe('Your free trial ends in 3 day(s)');
    // 2 days and an hour: rounded up to 3.
    expect(subscriptionBanner(trial(2 * DAY + 3_600_000), admin, NOW)?.title).toBe('Your free trial ends in 3 day(s)');
    expect(subscriptionBanner(trial(3_600_000), admin, NOW)?.title).toBe('Your free trial ends in 1 day(s)');
    expect(subscriptionBanner(trial(3 * DAY + 1), admin, NOW)).toBeNull();
    expect(subscriptionBanner(trial(DAY), member, NOW)).toBeNull();
  });

  it('says nothing while all is well, nor to an onboarding organisation (it counts as ok)', () => {
    expect(subscriptionBanner({ status: 'active', trialEnd: null, ok: true }, admin, NOW)).toBeNull();
    expect(
      subscriptionBanner(
        { status: 'trialing', trialEnd: NOW - DAY, ok: false },
        { isAdmin: true, isOnboarding: true },
        NOW,
      ),
    ).toBeNull();
  });

  it('counts the days left rounded up and never below 0', () => {
    expect(trialEndsText(NOW + 60_000, NOW)).toBe('Your free trial ends in 1 day(s)');
    expect(trialEndsText(NOW - DAY, NOW)).toBe('Your free trial ends in 0 day(s)');
  });
});
