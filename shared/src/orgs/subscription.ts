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

/** Why the server refuses a write of a resource: the organisation froze editing, its trial ended, its subscription is not ok. */
export type ResourceWriteBlock = 'EDITING_PREVENTED' | 'TRIAL_ENDED' | 'SUBSCRIPTION_NOT_OK';

/**
 * [SUB2] The resource types a new one of which starts new clinical work (a new patient, a new
 * case): the only writes refused once the subscription is not ok (issue 35 item 2).
 */
export const NEW_WORK_RESOURCE_TYPES: readonly string[] = ['Patient', 'Appointment'];

/**
 * The spec's route of the subscription screen (spec 000 §2: /org/{orgId}/subscription), named in
 * the refusal of new work after the trial.
 */
export const subscriptionPath = (orgId: string): string => `/org/${orgId}/subscription`;

/** [SUB2] The refusal of a new patient or case after the free trial (issue 35 item 2; docs/decisions.md). */
export const TRIAL_ENDED_MESSAGE =
  "Your organization's free trial has ended. Cases already booked can still be charted, signed and amended; to add new patients and cases, subscribe on the Subscription page or ask your organization's administrator.";

/**
 * [SUB2] Whether a write of a resource is refused, and why (spec 000 §4 "editing resources is
 * blocked if the organisation prevents it or the subscription is not ok", as issue 35 item 2
 * narrows it): an organisation that prevents editing refuses every write; a subscription that is
 * not ok (a trial that ended, a cancelled or unpaid one) refuses only new patients and new cases,
 * so the work already begun is charted, signed and amended to the end. Null: allowed.
 */
export function resourceWriteBlock(
  facts: SubscriptionFacts & { preventResourceEditing: boolean },
  now: number,
  write: { readonly type: string; readonly isNew: boolean },
): ResourceWriteBlock | null {
  if (facts.preventResourceEditing) return 'EDITING_PREVENTED';
  if (isSubscriptionOk(facts, now)) return null;
  if (!write.isNew || !NEW_WORK_RESOURCE_TYPES.includes(write.type)) return null;
  return facts.status === 'trialing' ? 'TRIAL_ENDED' : 'SUBSCRIPTION_NOT_OK';
}
