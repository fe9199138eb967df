import {
  isPlanPrice,
  PLAN_PRICE_MAX_CENTS,
  PLAN_TIER_LABELS,
  PLAN_TIERS,
  formatMoney,
  parsePlanLookupKey,
  planTierOf,
  refusalText,
  type PlanChangeInput,
  type PlanInterval,
  type PlanTier,
  type TeamPlanView,
} from '@vigil/shared';
import { centsToDollars, dollarsToCents } from '../shop/index.js';
import { productFeaturesOf } from './pricing.js';

/*
 * The team's plan screens (issue 37): the catalogue grouped by product (one per tier, with its
 * monthly and yearly prices), the edit form's values and what a save sends.
 */

/** A plan product as the team's screens show it: its active prices and the ones they replaced. */
export interface PlanProduct {
  productId: string;
  tier: PlanTier | null;
  name: string;
  monthly: TeamPlanView | null;
  yearly: TeamPlanView | null;
  archived: TeamPlanView[];
}

const rank = (tier: PlanTier | null): number => (tier ? PLAN_TIERS.indexOf(tier) : PLAN_TIERS.length);

/** The catalogue by product, in tier order (a product's active prices first, its archived ones after). */
export function planProducts(plans: readonly TeamPlanView[]): PlanProduct[] {
  const byId = new Map<string, PlanProduct>();
  for (const plan of plans) {
    let product = byId.get(plan.productId);
    if (!product) {
      const tier = planTierOf(plan.lookupKey);
      product = { productId: plan.productId, tier, name: plan.productName, monthly: null, yearly: null, archived: [] };
      byId.set(plan.productId, product);
    }
    const slot = plan.interval === 'year' ? 'yearly' : 'monthly';
    if (plan.active && !product[slot]) {
      product[slot] = plan;
      product.name = plan.productName;
    } else product.archived.push(plan);
  }
  return [...byId.values()].sort((a, b) => rank(a.tier) - rank(b.tier) || a.productId.localeCompare(b.productId));
}

export const tierLabel = (tier: PlanTier | null): string => (tier ? PLAN_TIER_LABELS[tier] : 'No tier');

/** "$149 / month" for a price, "Not offered" for none. */
export const priceCell = (plan: TeamPlanView | null): string =>
  plan ? `${formatMoney(plan.amount)} / ${plan.interval === 'year' ? 'year' : 'month'}` : 'Not offered';

/** The edit form of a product: name, a price and description per interval, the product features. */
export interface PlanFormValues {
  name: string;
  monthlyPrice: string;
  monthlyDescription: string;
  yearlyPrice: string;
  yearlyDescription: string;
  waveforms: boolean;
  advancedFluids: boolean;
}

export function planFormValues(product: PlanProduct): PlanFormValues {
  const features = productFeaturesOf(product.monthly ?? product.yearly ?? { productFeaturesJSON: '{}' });
  return {
    name: product.name,
    monthlyPrice: product.monthly ? centsToDollars(product.monthly.amount) : '',
    monthlyDescription: product.monthly?.nickname ?? '',
    yearlyPrice: product.yearly ? centsToDollars(product.yearly.amount) : '',
    yearlyDescription: product.yearly?.nickname ?? '',
    waveforms: features.waveforms === true,
    advancedFluids: features.advancedFluids === true,
  };
}

export type PlanFormErrors = Partial<Record<'name' | 'monthlyPrice' | 'yearlyPrice', string>>;

/** [PL12] A price as typed, in cents, or the sentence saying what is wrong with it. */
export function planPrice(text: string): { cents: number } | { error: string } {
  const cents = dollarsToCents(text);
  if (cents === null) return { error: 'Enter an amount in dollars, such as 149 or 149.50.' };
  if (!isPlanPrice(cents))
    return { error: `Enter an amount more than $0 and at most ${formatMoney(PLAN_PRICE_MAX_CENTS)}.` };
  return { cents };
}

/** One call of a save: the active price it changes and what it sends. */
export interface PlanChange {
  interval: PlanInterval;
  planId: string;
  input: PlanChangeInput;
}

/**
 * What saving the form sends: a change for each active price whose name, description, amount or
 * features differ from what it has (none when nothing changed), or the form's errors.
 */
export function planChanges(
  product: PlanProduct,
  values: PlanFormValues,
): { errors: PlanFormErrors; changes: PlanChange[] } {
  const errors: PlanFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Enter the plan’s name.';
  else if (name.length > 80) errors.name = 'At most 80 characters.';
  const changes: PlanChange[] = [];
  for (const interval of ['month', 'year'] as const) {
    const plan = interval === 'month' ? product.monthly : product.yearly;
    if (!plan) continue;
    const field = interval === 'month' ? 'monthlyPrice' : 'yearlyPrice';
    const price = planPrice(values[field]);
    if ('error' in price) {
      errors[field] = price.error;
      continue;
    }
    const nickname = (interval === 'month' ? values.monthlyDescription : values.yearlyDescription).trim() || null;
    const input: PlanChangeInput = {
      productName: name,
      nickname,
      amount: price.cents,
      waveforms: values.waveforms,
      advancedFluids: values.advancedFluids,
    };
    const had = productFeaturesOf(plan);
    const same =
      plan.productName === name &&
      (plan.nickname ?? null) === nickname &&
      plan.amount === price.cents &&
      (had.waveforms === true) === values.waveforms &&
      (had.advancedFluids === true) === values.advancedFluids;
    if (!same) changes.push({ interval, planId: plan.id, input });
  }
  return { errors, changes: Object.keys(errors).length > 0 ? [] : changes };
}

/** The new-plan form: a lookupKey (its tier and interval: PL11), name, description, price, features. */
export interface NewPlanValues {
  lookupKey: string;
  name: string;
  description: string;
  price: string;
  waveforms: boolean;
  advancedFluids: boolean;
}

export const EMPTY_NEW_PLAN: NewPlanValues = {
  lookupKey: '',
  name: '',
  description: '',
  price: '',
  waveforms: false,
  advancedFluids: false,
};

/** What the lookupKey field says under it: the tier and interval it names (PL11), or how to write one. */
export function lookupKeyHint(lookupKey: string): string {
  const key = parsePlanLookupKey(lookupKey.trim());
  if (!key) return 'A tier and an interval, such as advanced_monthly or plus_yearly_2027.';
  return `${PLAN_TIER_LABELS[key.tier]}, ${key.interval === 'year' ? 'yearly' : 'monthly'}`;
}

/** A team refusal as the plan screens say it; CONFLICT in the plan's own words. */
export function teamPlanErrorText(code: string): string {
  if (!/^[A-Z0-9_]+$/.test(code)) return code;
  return refusalText(code, {
    CONFLICT:
      'This plan was changed meanwhile (by another team member, or by a second click). Reload to see its current price, then try again.',
    NOT_AUTHORIZED: 'Only the internal team can change the plans.',
    default: 'An error occurred. Please try again.',
  });
}
