import { DAY, TRIAL_ENDED_MESSAGE, type OrgSubscriptionStatusView } from '@vigil/shared';

/**
 * The subscription's refusal of new work when it is not a trial that ended (a cancelled, past-due
 * or unpaid one): what the office keeps and what it loses until it pays (issue 37 "What a lapsed
 * office keeps"), as TRIAL_ENDED_MESSAGE says it for a trial.
 */
export const SUBSCRIPTION_NOT_OK_MESSAGE =
  "Your organization's subscription is not active. Cases already booked can still be charted, signed and amended; to add new patients and cases, pay or subscribe on the Subscription page or ask your organization's administrator.";

/** Days before a trial's end from which admins are reminded (the provider's trial_will_end, 3 days before). */
export const TRIAL_REMINDER_DAYS = 3;

export interface SubscriptionBannerText {
  /** warning: new work is refused; reminder: the trial ends soon. */
  kind: 'warning' | 'reminder';
  title: string;
  text: string;
}

/** "Your free trial ends in N day(s)": whole days left, rounded up (ends later today is 1 day). */
export function trialEndsText(trialEnd: number, now: number): string {
  return `Your free trial ends in ${Math.max(0, Math.ceil((trialEnd - now) / DAY))} day(s)`;
}

/**
 * What the organisation app's banner says, or null for none: when the subscription is not ok, to
 * everyone (a trial that ended, or a subscription cancelled, past due or unpaid); while a trial has
 * 3 days or less left, a reminder to administrators. An onboarding organisation counts as ok
 * (spec 000 §3), so it gets no banner.
 */
export function subscriptionBanner(
  status: OrgSubscriptionStatusView,
  { isAdmin, isOnboarding }: { isAdmin: boolean; isOnboarding: boolean },
  now: number,
): SubscriptionBannerText | null {
  if (isOnboarding) return null;
  if (!status.ok) {
    if (status.status === 'trialing') {
      return { kind: 'warning', title: 'Your free trial has ended', text: TRIAL_ENDED_MESSAGE };
    }
    const title =
      status.status === 'past_due' || status.status === 'unpaid'
        ? 'Your last payment failed'
        : status.status === 'canceled'
          ? 'Your subscription has ended'
          : 'Your organization has no subscription';
    return { kind: 'warning', title, text: SUBSCRIPTION_NOT_OK_MESSAGE };
  }
  if (isAdmin && status.status === 'trialing' && status.trialEnd !== null) {
    const left = status.trialEnd - now;
    if (left > 0 && left <= TRIAL_REMINDER_DAYS * DAY) {
      return {
        kind: 'reminder',
        title: trialEndsText(status.trialEnd, now),
        text: 'Choose a plan and add a card on the Subscription page to keep adding patients and cases after it ends.',
      };
    }
  }
  return null;
}
