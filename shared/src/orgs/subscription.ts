import { DAY } from '../constants/time.js';

/** Free trial length (spec 002 §9 pricing: "trial note 30-day free, no credit card"). */
export const TRIAL_DAYS = 30;
export const TRIAL_MS = TRIAL_DAYS * DAY;

/** How long an invitation link stays valid (decision: the spec says invitations expire, not when). */
export const ORG_INVITATION_TTL_DAYS = 7;
export const ORG_INVITATION_TTL_MS = ORG_INVITATION_TTL_DAYS * DAY;

/** Subscription statuses the server stores (the payment provider's vocabulary). */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'unpaid', 'none'] as const;
export type SubscriptionStatusName = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionFacts {
  status: SubscriptionStatusName;
  /** Epoch ms, for a trial. */
  trialEnd: number | null;
  isOnboarding: boolean;
}

/**
 * Spec 000 §4: a subscription counts as ok if its status says so or the organisation is
 * onboarding. Active is ok; a trial is ok until it ends.
 */
export function isSubscriptionOk(facts: SubscriptionFacts, now: number): boolean {
  if (facts.isOnboarding) return true;
  if (facts.status === 'active') return true;
  return facts.status === 'trialing' && facts.trialEnd !== null && now < facts.trialEnd;
}

/** Spec 000 §4: editing resources is blocked if the organisation prevents it or the subscription is not ok. */
export function canEditResources(facts: SubscriptionFacts & { preventResourceEditing: boolean }, now: number): boolean {
  return !facts.preventResourceEditing && isSubscriptionOk(facts, now);
}
