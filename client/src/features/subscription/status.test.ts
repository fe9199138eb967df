import { DAY, type SubscriptionPeriodView } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { planRefusal } from './PlanRequired.js';
import { statusSentence } from './status.js';

const T = Date.UTC(2026, 11, 28, 12);
const period = (over: object = {}): { subscription: SubscriptionPeriodView } => ({
  subscription: {
    start: T - 30 * DAY,
    currentPeriodStart: T - 30 * DAY,
    currentPeriodEnd: T,
    trialStart: null,
    trialEnd: null,
    cancelAtPeriodEnd: false,
    cancelledAt: null,
    quantity: 1,
    ...over,
  },
});

describe('the subscription status sentence (spec 000 §3 Subscription)', () => {
  it('gives the trial end, the period end, and a cancellation that lasts until the period ends', () => {
    expect(statusSentence({ status: 'trialing', trialEnd: T, ok: true }, null)).toBe('Free trial until Dec 28, 2026.');
    expect(statusSentence({ status: 'trialing', trialEnd: T, ok: false }, null)).toBe(
      'The free trial ended on Dec 28, 2026. Choose a plan and add a card to subscribe.',
    );
    expect(statusSentence({ status: 'active', trialEnd: null, ok: true }, period())).toBe(
      'Active. The current period ends on Dec 28, 2026.',
    );
    expect(statusSentence({ status: 'active', trialEnd: null, ok: true }, period({ cancelAtPeriodEnd: true }))).toBe(
      'Cancelled: active until Dec 28, 2026, the end of the period already paid.',
    );
    expect(statusSentence({ status: 'past_due', trialEnd: null, ok: false }, period())).toMatch(
      /^The last payment failed/,
    );
  });
});

describe('a save the plan refused (issue 37)', () => {
  it('names what the plan lacks from the sedation level, with the server text', () => {
    const text = 'Sedation level "GA" is not allowed by your organization\'s subscription (up to Moderate).';
    expect(planRefusal('SEDATION_LEVEL_NOT_ALLOWED', [text], 'ga')).toEqual({
      entitlement: 'generalAnesthesia',
      message: text,
    });
    expect(planRefusal('PLAN_REQUIRED', ['PLAN_REQUIRED'], 'deep')).toEqual({ entitlement: 'deepSedation' });
    expect(planRefusal('TRIAL_ENDED', [text], 'ga')).toBeNull();
  });
});
