import type { ProviderInvoiceLine } from '../provider.js';

/** Days before a trial's end the provider announces it (the real provider's trial_will_end: 3 days). */
export const TRIAL_WILL_END_MS = 3 * 86_400_000;
/** How long a subscription stays past due before it turns unpaid (decision, issue 37). */
export const PAST_DUE_GRACE_MS = 14 * 86_400_000;

/**
 * The same moment one interval later, in UTC, anchored on the day of the month: a period from
 * 31 January ends on the last day of February (28 or 29), as the real provider bills.
 */
export function addInterval(at: number, interval: 'month' | 'year'): number {
  const d = new Date(at);
  const months = interval === 'year' ? 12 : 1;
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}

/**
 * The prorations of a change at `at` within a period (the real provider's default): a credit for
 * the unused time of what was billed and a charge for the rest of the period at the new amount,
 * each rounded to the cent. Nothing when the change is at or after the period's end.
 */
export function prorations(
  change: { oldTotal: number; newTotal: number; oldLabel: string; newLabel: string },
  period: { start: number; end: number },
  at: number,
): ProviderInvoiceLine[] {
  const length = period.end - period.start;
  if (length <= 0 || at >= period.end) return [];
  const left = (period.end - Math.max(at, period.start)) / length;
  return [
    {
      description: `Unused time on ${change.oldLabel}`,
      quantity: 1,
      amount: -Math.round(change.oldTotal * left),
      proration: true,
    },
    {
      description: `Remaining time on ${change.newLabel}`,
      quantity: 1,
      amount: Math.round(change.newTotal * left),
      proration: true,
    },
  ].filter((line) => line.amount !== 0);
}
