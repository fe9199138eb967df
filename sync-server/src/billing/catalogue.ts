import { PLAN_TIER_LABELS, PLAN_TIERS, type PlanInterval, type PlanTier } from '@vigil/shared';
import type { OrgFeatureStore, PlanRecord } from '../store/orgs/features.js';
import type { PaymentProvider } from './provider.js';

/**
 * The plans a new database starts with (issue 37; decision, session 24): per provider (the
 * subscription's quantity), in US cents, the year at ten months' price (a saving of 16 %).
 * Advanced and Enterprise prices carry the waveforms and advanced-fluids product features.
 */
export const SEEDED_PRICES: Readonly<Record<PlanTier, Record<PlanInterval, number>>> = {
  basic: { month: 4_900, year: 49_000 },
  plus: { month: 9_900, year: 99_000 },
  advanced: { month: 14_900, year: 149_000 },
  enterprise: { month: 24_900, year: 249_000 },
};

const PRODUCT_FEATURES: Readonly<Record<PlanTier, string>> = {
  basic: '{}',
  plus: '{}',
  advanced: '{"waveforms":true,"advancedFluids":true}',
  enterprise: '{"waveforms":true,"advancedFluids":true}',
};

/** The lookupKey of a seeded plan: its tier first (planTierOf reads the prefix). */
export const seededLookupKey = (tier: PlanTier, interval: PlanInterval): string =>
  `${tier}_${interval === 'month' ? 'monthly' : 'yearly'}`;

/**
 * Creates the seeded prices at the provider and writes them to the plans table, once: a catalogue
 * that already has active plans is left as it is (the team's plan screens own it from then on).
 * Answers the plans written (none when it was already filled).
 */
export async function seedPlanCatalogue(
  provider: Pick<PaymentProvider, 'createPrice'>,
  plans: Pick<OrgFeatureStore, 'activePlans' | 'putPlans'>,
): Promise<PlanRecord[]> {
  if ((await plans.activePlans()).length > 0) return [];
  const written: (PlanRecord & { active: boolean })[] = [];
  for (const tier of PLAN_TIERS) {
    for (const interval of ['month', 'year'] as const) {
      const lookupKey = seededLookupKey(tier, interval);
      const price = await provider.createPrice({
        productName: PLAN_TIER_LABELS[tier],
        lookupKey,
        interval,
        amount: SEEDED_PRICES[tier][interval],
        currency: 'usd',
      });
      written.push({
        id: price.id,
        amount: price.amount,
        productId: `vigil-${tier}`,
        productName: PLAN_TIER_LABELS[tier],
        nickname: `${PLAN_TIER_LABELS[tier]} ${interval === 'month' ? 'monthly' : 'yearly'}`,
        interval,
        lookupKey,
        productFeaturesJson: PRODUCT_FEATURES[tier],
        active: true,
      });
    }
  }
  await plans.putPlans(written);
  return written;
}
