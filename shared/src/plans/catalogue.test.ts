import { describe, expect, it } from 'vitest';
import { isPlanPrice, parsePlanLookupKey, PLAN_PRICE_MAX_CENTS, productFeaturesJson } from './index.js';

describe('[PL11] a lookupKey the team may give a plan', () => {
  it.each([
    ['basic_monthly', { tier: 'basic', interval: 'month' }],
    ['advanced_yearly', { tier: 'advanced', interval: 'year' }],
    ['enterprise_monthly_2027', { tier: 'enterprise', interval: 'month' }],
    ['plus_yearly_clinic2', { tier: 'plus', interval: 'year' }],
  ])('%s names %o', (key, named) => {
    expect(parsePlanLookupKey(key)).toEqual(named);
  });

  it.each(['gold_monthly', 'advanced', 'advanced_weekly', 'Advanced_monthly', 'plus_monthly_', 'plus_monthly_A', ''])(
    'refuses %j',
    (key) => {
      expect(parsePlanLookupKey(key)).toBeNull();
    },
  );
});

describe('[PL12] a price the team may set', () => {
  it.each([
    [1, true],
    [14_900, true],
    [PLAN_PRICE_MAX_CENTS, true],
    [PLAN_PRICE_MAX_CENTS + 1, false],
    [0, false],
    [-100, false],
    // Whole cents only: $149.005 is not a price.
    [14_900.5, false],
  ])('%d cents → %s', (cents, ok) => {
    expect(isPlanPrice(cents)).toBe(ok);
  });
});

describe('productFeaturesJSON of a price', () => {
  it('names only the features that are on', () => {
    expect(productFeaturesJson({})).toBe('{}');
    expect(productFeaturesJson({ waveforms: true, advancedFluids: false })).toBe('{"waveforms":true}');
    expect(productFeaturesJson({ waveforms: true, advancedFluids: true })).toBe(
      '{"waveforms":true,"advancedFluids":true}',
    );
  });
});
