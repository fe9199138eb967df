import type { OrgSubscriptionStatusView, SubscriptionView } from '@vigil/shared';

/** How the subscription page names a status (the provider's vocabulary, spec 000 §3). */
export const STATUS_LABELS: Readonly<Record<string, string>> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  canceled: 'Cancelled',
  none: 'No subscription',
};

export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? status;

/** A date as the billing screens show it: "Dec 28, 2026" (UTC, as the provider bills). */
export function billingDate(t: number): string {
  return new Date(t).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The sentence under the status badge: the trial and its end, the period and its end, a
 * cancellation that takes effect at the period's end, or a payment that failed.
 */
export function statusSentence(
  status: Pick<OrgSubscriptionStatusView, 'status' | 'trialEnd' | 'ok'>,
  sub: Pick<SubscriptionView, 'subscription'> | null,
): string {
  const period = sub?.subscription ?? null;
  const periodEnd = period?.currentPeriodEnd ?? null;
  switch (status.status) {
    case 'trialing':
      if (status.trialEnd === null) return 'Free trial.';
      return status.ok
        ? `Free trial until ${billingDate(status.trialEnd)}.${period ? ' The first invoice is due when it ends.' : ''}`
        : `The free trial ended on ${billingDate(status.trialEnd)}. Choose a plan and add a card to subscribe.`;
    case 'active':
      if (period?.cancelAtPeriodEnd && periodEnd !== null) {
        return `Cancelled: active until ${billingDate(periodEnd)}, the end of the period already paid.`;
      }
      return periodEnd !== null ? `Active. The current period ends on ${billingDate(periodEnd)}.` : 'Active.';
    case 'past_due':
    case 'unpaid':
      return 'The last payment failed. Pay the open invoices with the card on file, or add another card first.';
    case 'canceled':
      return period?.cancelledAt
        ? `Cancelled on ${billingDate(period.cancelledAt)}. Choose a plan to subscribe again.`
        : 'Cancelled. Choose a plan to subscribe again.';
    default:
      return 'No subscription yet. Choose a plan and add a card to subscribe.';
  }
}
