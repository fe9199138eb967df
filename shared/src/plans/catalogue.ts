import { PLAN_TIERS, type PlanProductFeatures, type PlanTier } from './tiers.js';
import type { PlanInterval } from './pricing.js';

/*
 * The team's plan catalogue (issue 37; spec 002 §3 "Plan price"): what a plan's lookupKey may be,
 * and the bounds of a price the team's plan screens set. Prices never change at the provider: a
 * new price replaces a plan's old one.
 */

/** [PL12] The highest price per provider a plan may have, in cents ($100,000 a month or a year; decision). */
export const PLAN_PRICE_MAX_CENTS = 10_000_000;

/** What a lookupKey names: its tier (PL1) and its interval. */
export interface PlanKey {
  tier: PlanTier;
  interval: PlanInterval;
}

const LOOKUP_KEY = new RegExp(`^(${PLAN_TIERS.join('|')})_(monthly|yearly)(_[a-z0-9]{1,32})?$`);

/**
 * [PL11] A lookupKey the team may give a plan: `<tier>_monthly` or `<tier>_yearly`, with an optional
 * `_<suffix>` of lowercase letters and digits (e.g. `advanced_yearly_2027`); its tier is its
 * product type (PL1). Null for anything else.
 */
export function parsePlanLookupKey(lookupKey: string): PlanKey | null {
  const m = LOOKUP_KEY.exec(lookupKey);
  if (!m) return null;
  return { tier: m[1] as PlanTier, interval: m[2] === 'monthly' ? 'month' : 'year' };
}

/** [PL12] A price the team may set: whole cents, more than 0 and at most PLAN_PRICE_MAX_CENTS. */
export const isPlanPrice = (cents: number): boolean =>
  Number.isInteger(cents) && cents > 0 && cents <= PLAN_PRICE_MAX_CENTS;

/** A plan's product at the provider: one per tier, its monthly and yearly prices (decision, session 25). */
export const planProductId = (tier: PlanTier): string => `vigil-${tier}`;

/** A price's productFeaturesJSON (spec 002 §3): only the features that are on, so none is `{}`. */
export function productFeaturesJson(features: PlanProductFeatures): string {
  const on: PlanProductFeatures = {};
  if (features.waveforms) on.waveforms = true;
  if (features.advancedFluids) on.advancedFluids = true;
  return JSON.stringify(on);
}
