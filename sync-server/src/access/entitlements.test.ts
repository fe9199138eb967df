import { describe, expect, it } from 'vitest';
import { mayCaptureWave, waveCaptureEntitlement, type WaveType } from '@vigil/shared';
import { Entitlements } from './entitlements.js';

const stored: Record<string, Record<string, boolean | string>> = {
  office: { drugInventory: true, formBuilder: false, defaultWeightUnit: 'kg' },
  bare: {},
};
const entitlements = new Entitlements({ features: (orgId) => Promise.resolve(stored[orgId] ?? {}) });

describe('Entitlements', () => {
  it('reads a flag as stored, else its default (off)', async () => {
    expect(await entitlements.has('office', 'drugInventory')).toBe(true);
    expect(await entitlements.has('office', 'formBuilder')).toBe(false);
    expect(await entitlements.has('bare', 'drugInventory')).toBe(false);
    expect((await entitlements.values('office')).defaultWeightUnit).toBe('kg');
    expect((await entitlements.values('bare')).sedationLevelLimit).toBe('ga');
  });

  it('refuses 403 FEATURE_DISABLED without the feature', async () => {
    await expect(entitlements.require('bare', 'policies')).rejects.toMatchObject({
      status: 403,
      code: 'FEATURE_DISABLED',
    });
    await expect(entitlements.require('office', 'drugInventory')).resolves.toBeUndefined();
  });
});

describe('Entitlements by plan tier (issue 37, spec 002 §6)', () => {
  const plans: Record<string, { lookupKey: string; productFeaturesJson: string }> = {
    p_plus: { lookupKey: 'plus_monthly', productFeaturesJson: '{}' },
    p_adv: { lookupKey: 'advanced_yearly', productFeaturesJson: '{"waveforms":true}' },
    p_odd: { lookupKey: 'gold_monthly', productFeaturesJson: '{}' },
    p_adv_plain: { lookupKey: 'advanced_monthly', productFeaturesJson: '{"advancedFluids":true}' },
  };
  const orgPlans: Record<string, string | null> = {
    ...{ plus: 'p_plus', adv: 'p_adv', none: null, odd: 'p_odd', advPlain: 'p_adv_plain' },
  };
  const flags: Record<string, Record<string, string>> = { adv: { sedationLevelLimit: 'moderate' } };
  const tiered = new Entitlements(
    { features: (orgId) => Promise.resolve(flags[orgId] ?? {}) },
    {
      org: (orgId) => Promise.resolve(orgId in orgPlans ? { planId: orgPlans[orgId]! } : null),
      plan: (planId) => Promise.resolve(plans[planId] ?? null),
    },
  );

  it('includes what the tier of the plan includes, waveform capture only with the price feature', async () => {
    expect(await tiered.planHas('plus', 'infusions')).toBe(true);
    expect(await tiered.planHas('plus', 'generalAnesthesia')).toBe(false);
    expect(await tiered.planHas('adv', 'generalAnesthesia')).toBe(true);
    expect(await tiered.planHas('adv', 'waveformCapture')).toBe(true);
    expect(await tiered.planHas('adv', 'advancedFluids')).toBe(false);
    expect(await tiered.planHas('adv', 'analytics')).toBe(false);
  });

  it('[MON22] allows an ECG strip only where the plan includes waveform capture; a pleth strip everywhere', async () => {
    const may = async (orgId: string, type: WaveType): Promise<boolean> =>
      mayCaptureWave(type, await tiered.planHas(orgId, waveCaptureEntitlement(type) ?? 'waveformCapture'));
    expect(await may('adv', 'II')).toBe(true);
    expect(await may('advPlain', 'II')).toBe(false);
    expect(await may('plus', 'V5')).toBe(false);
    expect(await may('none', 'II')).toBe(true);
    for (const org of ['plus', 'advPlain', 'adv', 'none']) expect(await may(org, 'pleth')).toBe(true);
  });

  it('does not restrict an organisation without a plan of a known tier (decision)', async () => {
    expect(await tiered.tier('none')).toBeNull();
    expect(await tiered.tier('odd')).toBeNull();
    expect(await tiered.planHas('none', 'analytics')).toBe(true);
    expect(await tiered.maxSedationLevel('none')).toBe('ga');
  });

  it('starts a case up to the stricter of the tier and the sedationLevelLimit flag', async () => {
    expect(await tiered.maxSedationLevel('plus')).toBe('moderate');
    // Advanced allows GA, the flag only moderate.
    expect(await tiered.maxSedationLevel('adv')).toBe('moderate');
    await expect(tiered.requireSedationLevel('plus', 'moderate')).resolves.toBeUndefined();
    await expect(tiered.requireSedationLevel('plus', null)).resolves.toBeUndefined();
    await expect(tiered.requireSedationLevel('plus', 'ga')).rejects.toMatchObject({
      status: 403,
      code: 'SEDATION_LEVEL_NOT_ALLOWED',
      message: 'Sedation level "GA" is not allowed by your organization\'s subscription (up to Moderate).',
    });
  });
});
