import { describe, expect, it } from 'vitest';
import { resolveFeatures, type FeatureValue } from '../orgs/features.js';
import { effectiveFeatures, planIncludesFlag, PLAN_FEATURE_FLAGS, type HeldPlan } from './index.js';

const basic: HeldPlan = { tier: 'basic', features: {} };
const advanced: HeldPlan = { tier: 'advanced', features: { waveforms: true } };

describe('[PLF1] the feature flags a plan includes (issue 37)', () => {
  it('ties the form builder to patient forms, policies to review and sign, the drug inventory to toxicity monitoring', () => {
    expect(PLAN_FEATURE_FLAGS).toEqual({
      formBuilder: 'patientForms',
      policies: 'reviewAndSign',
      drugInventory: 'toxicityMonitoring',
    });
  });

  it.each<[string, HeldPlan | null, boolean]>([
    // All three are Basic entitlements (spec 002 §6), so every tier includes them.
    ['formBuilder', basic, true],
    ['policies', basic, true],
    ['drugInventory', advanced, true],
    ['formBuilder', { tier: 'enterprise', features: {} }, true],
    // No plan tier: nothing is plan-included (offices from before plans, the internal team).
    ['formBuilder', null, false],
    // Flags no plan turns on.
    ['store', advanced, false],
    ['tempsInCelsius', advanced, false],
    ['toString', advanced, false],
  ])('%s with %o → %s', (flag, plan, expected) => {
    expect(planIncludesFlag(plan, flag)).toBe(expected);
  });
});

describe('[PLF2] a plan-included flag is on unless the organisation stored it off (issue 37)', () => {
  it('turns the three flags on for a trial office that stored nothing', () => {
    const values = effectiveFeatures({}, basic);
    expect([values.formBuilder, values.policies, values.drugInventory]).toEqual([true, true, true]);
    // Other product flags keep their default.
    expect([values.store, values.emrLockdownMode]).toEqual([false, false]);
  });

  it.each<[Record<string, FeatureValue>, boolean]>([
    [{ formBuilder: false }, false],
    [{ formBuilder: true }, true],
    [{ policies: false }, true],
  ])('stored %o → formBuilder %s', (stored, expected) => {
    expect(effectiveFeatures(stored, basic).formBuilder).toBe(expected);
  });

  it('keeps the stored-or-default values of an organisation without a plan tier', () => {
    const stored = { drugInventory: true, tempsInCelsius: true };
    expect(effectiveFeatures(stored, null)).toEqual(resolveFeatures(stored));
    expect(effectiveFeatures({}, null).formBuilder).toBe(false);
  });

  it('leaves office settings of a planned organisation as stored', () => {
    const values = effectiveFeatures({ sedationLevelLimit: 'moderate' }, advanced);
    expect(values.sedationLevelLimit).toBe('moderate');
  });
});
