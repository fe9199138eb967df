import type { PlanTier } from './tiers.js';

/** The pricing table's notes (spec 002 §2 "Pricing table", §9 "Pricing"). */
export const PRICING_TEXTS = {
  trialNote: '30-day free trial, no credit card',
  mostPopular: 'Most Popular',
  perProvider: 'per provider',
  supportStaffFree: 'Unlimited free accounts for support staff',
} as const;

/** [PL6] The tier marked Most Popular (spec 002 §9: the Advanced plan). */
export const MOST_POPULAR_TIER: PlanTier = 'advanced';

export type PlanInterval = 'month' | 'year';

/**
 * [PL7] Yearly saving as a whole percentage against 12 months (spec 002 §9), rounded down so it is
 * never overstated; null when either price is missing, not positive, or the year costs as much as
 * 12 months or more.
 */
export function yearlySavingPercent(monthlyAmount: number | null, yearlyAmount: number | null): number | null {
  if (monthlyAmount === null || yearlyAmount === null || monthlyAmount <= 0 || yearlyAmount <= 0) return null;
  const twelve = monthlyAmount * 12;
  if (yearlyAmount >= twelve) return null;
  return Math.floor(((twelve - yearlyAmount) * 100) / twelve);
}

/**
 * [PL8] A plan's amount per interval for an office: the price per provider times the providers
 * (members with the provider role); support staff are free (spec 002 §1, §6). Amounts in the
 * currency's minor unit (cents), so the product is exact.
 */
export function planAmount(amountPerProvider: number, providers: number): number {
  if (!Number.isInteger(amountPerProvider) || amountPerProvider < 0) throw new RangeError('amount must be whole cents');
  if (!Number.isInteger(providers) || providers < 0) throw new RangeError('providers must be a whole number');
  return amountPerProvider * providers;
}

/** [PL9] An amount in cents as the pricing table shows it: "$1,234" for whole dollars, else "$1,234.50". */
export function formatMoney(cents: number, currency = 'usd'): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/**
 * [PL10] The invoice badge (spec 000 §3 "Invoice due in N day(s)"): whole days from now until the
 * due time, rounded up (due later today is 1 day), at least 0.
 */
export function invoiceDueText(dueAt: number, now: number): string {
  const days = Math.max(0, Math.ceil((dueAt - now) / 86_400_000));
  return `Invoice due in ${days} day(s)`;
}
