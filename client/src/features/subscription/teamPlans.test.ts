import type { TeamPlanView } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { lookupKeyHint, planChanges, planFormValues, planPrice, planProducts, teamPlanErrorText } from './teamPlans.js';

const plan = (id: string, lookupKey: string, amount: number, more: Partial<TeamPlanView> = {}): TeamPlanView => ({
  id,
  amount,
  productId: `vigil-${lookupKey.split('_')[0]}`,
  productName: lookupKey.startsWith('advanced') ? 'Advanced' : 'Basic',
  nickname: null,
  interval: lookupKey.includes('yearly') ? 'year' : 'month',
  lookupKey,
  productFeaturesJSON: lookupKey.startsWith('advanced') ? '{"waveforms":true,"advancedFluids":true}' : '{}',
  active: true,
  ...more,
});

const CATALOGUE = [
  plan('p-adv-m-old', 'advanced_monthly', 12_900, { active: false }),
  plan('p-adv-m', 'advanced_monthly', 14_900),
  plan('p-adv-y', 'advanced_yearly', 149_000),
  plan('p-basic-m', 'basic_monthly', 4_900),
];

describe('the team plan screens’ catalogue (issue 37)', () => {
  it('groups prices by product in tier order, the offered ones apart from the replaced ones', () => {
    const products = planProducts(CATALOGUE);
    expect(products.map((p) => p.productId)).toEqual(['vigil-basic', 'vigil-advanced']);
    const advanced = products[1]!;
    expect([advanced.monthly?.id, advanced.yearly?.id, advanced.archived.map((p) => p.id)]).toEqual([
      'p-adv-m',
      'p-adv-y',
      ['p-adv-m-old'],
    ]);
    expect(products[0]!.yearly).toBeNull();
  });

  it('sends a change only for the prices the form changed, naming the price it showed', () => {
    const advanced = planProducts(CATALOGUE)[1]!;
    const values = planFormValues(advanced);
    expect(values).toMatchObject({ monthlyPrice: '149.00', yearlyPrice: '1490.00', waveforms: true });
    expect(planChanges(advanced, values)).toEqual({ errors: {}, changes: [] });
    const { changes } = planChanges(advanced, { ...values, monthlyPrice: '$169' });
    expect(changes).toEqual([
      {
        interval: 'month',
        planId: 'p-adv-m',
        input: { productName: 'Advanced', nickname: null, amount: 16_900, waveforms: true, advancedFluids: true },
      },
    ]);
    // A feature switched off changes both prices.
    expect(planChanges(advanced, { ...values, waveforms: false }).changes.map((c) => c.planId)).toEqual([
      'p-adv-m',
      'p-adv-y',
    ]);
  });

  it('[PL12] refuses a price that is not more than $0, over $100,000 or of more than two decimals, sending nothing', () => {
    const advanced = planProducts(CATALOGUE)[1]!;
    const values = planFormValues(advanced);
    expect(planChanges(advanced, { ...values, monthlyPrice: '0', name: ' ' })).toEqual({
      errors: { name: 'Enter the plan’s name.', monthlyPrice: 'Enter an amount more than $0 and at most $100,000.' },
      changes: [],
    });
    expect(planPrice('100000.01')).toEqual({ error: 'Enter an amount more than $0 and at most $100,000.' });
    expect(planPrice('149.005')).toEqual({ error: 'Enter an amount in dollars, such as 149 or 149.50.' });
    expect(planPrice('1,490.50')).toEqual({ cents: 149_050 });
  });

  it('[PL11] says which tier and interval a lookupKey names as it is typed', () => {
    expect(lookupKeyHint('plus_yearly_2027')).toBe('Plus, yearly');
    expect(lookupKeyHint('gold')).toBe('A tier and an interval, such as advanced_monthly or plus_yearly_2027.');
  });

  it('says a stale change in the plan’s own words and shows the provider’s sentences as they are', () => {
    expect(teamPlanErrorText('CONFLICT')).toMatch(/changed meanwhile.*Reload/);
    expect(teamPlanErrorText('PLAN_EXISTS')).toMatch(/already has an active plan/);
    expect(teamPlanErrorText('Invalid amount.')).toBe('Invalid amount.');
  });
});
