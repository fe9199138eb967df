import type { PlanView } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { officeAmountText, planName, priceText, pricingTiers, productFeaturesOf } from './pricing.js';

const plan = (lookupKey: string, interval: string, amount: number, features = '{}'): PlanView => ({
  id: `price_${lookupKey}`,
  amount,
  productId: `prod_${lookupKey.split('_')[0]}`,
  productName: lookupKey.split('_')[0]!,
  nickname: null,
  interval,
  lookupKey,
  productFeaturesJSON: features,
});

// The seeded catalogue (docs/decisions.md, billwire): a year at ten months.
const ALL = '{"waveforms":true,"advancedFluids":true}';
const CATALOGUE = [
  plan('enterprise_yearly', 'year', 249_000, ALL),
  plan('basic_monthly', 'month', 4_900),
  plan('basic_yearly', 'year', 49_000),
  plan('plus_monthly', 'month', 9_900),
  plan('plus_yearly', 'year', 99_000),
  plan('advanced_monthly', 'month', 14_900, ALL),
  plan('advanced_yearly', 'year', 149_000, ALL),
  plan('enterprise_monthly', 'month', 24_900, ALL),
  plan('gold_monthly', 'month', 1),
];

describe('the pricing table (spec 002 §2, §9)', () => {
  it('has a card per tier in tier order, with its monthly and yearly prices; a price of no tier is left out', () => {
    const tiers = pricingTiers(CATALOGUE);
    expect(tiers.map((t) => [t.label, t.monthly?.amount, t.yearly?.amount])).toEqual([
      ['Basic', 4_900, 49_000],
      ['Plus', 9_900, 99_000],
      ['Advanced', 14_900, 149_000],
      ['Enterprise', 24_900, 249_000],
    ]);
  });

  it('shows the yearly saving against 12 months: $99 a month is $1,188 a year, $990 saves 16 %', () => {
    // (1,188 − 990) / 1,188 = 16.67 %, rounded down.
    expect(pricingTiers(CATALOGUE).map((t) => t.savingPercent)).toEqual([16, 16, 16, 16]);
    expect(
      pricingTiers([plan('plus_monthly', 'month', 9_900), plan('plus_yearly', 'year', 118_800)])[0]!.savingPercent,
    ).toBe(null);
  });

  it('lists what each tier adds to the one before it', () => {
    const adds = Object.fromEntries(pricingTiers(CATALOGUE).map((t) => [t.tier, t.adds]));
    expect(adds.basic).toEqual(['minimalSedation', 'patientForms', 'toxicityMonitoring', 'reviewAndSign']);
    expect(adds.plus).toEqual(['moderateSedation', 'infusions']);
    expect(adds.advanced).toEqual([
      'deepSedation',
      'generalAnesthesia',
      'waveformCapture',
      'advancedAirways',
      'anestheticGases',
      'advancedFluids',
    ]);
    expect(adds.enterprise).toEqual([
      'qualityControl',
      'analytics',
      'apiAccess',
      'childOrganizations',
      'unifiedBilling',
    ]);
  });

  it('leaves waveform capture and advanced fluids off an Advanced price without those product features', () => {
    const [advanced] = pricingTiers([plan('advanced_monthly', 'month', 14_900, '{"waveforms":true}')]);
    expect(advanced!.adds).toContain('waveformCapture');
    expect(advanced!.adds).not.toContain('advancedFluids');
    expect(productFeaturesOf({ productFeaturesJSON: 'not json' })).toEqual({});
  });

  it('writes prices per interval, and what an office pays for its providers', () => {
    expect(priceText(plan('advanced_yearly', 'year', 149_000))).toBe('$1,490 / year');
    expect(planName(plan('advanced_yearly', 'year', 149_000))).toBe('Advanced, yearly');
    // 3 providers × $149 = $447.
    expect(officeAmountText(plan('advanced_monthly', 'month', 14_900), 3)).toBe('$447 / month for 3 providers');
    expect(officeAmountText(plan('basic_yearly', 'year', 49_000), 1)).toBe('$490 / year for 1 provider');
  });
});
