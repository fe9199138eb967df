import { describe, expect, it } from 'vitest';
import { isSedationLevelAllowed } from '../rules/sedation-level.js';
import {
  formatMoney,
  invoiceDueText,
  MOST_POPULAR_TIER,
  PLAN_ENTITLEMENTS,
  PLAN_TIERS,
  planAmount,
  planIncludes,
  planTierOf,
  PRICING_TEXTS,
  tierIncluding,
  tierMaxSedationLevel,
  yearlySavingPercent,
  type PlanEntitlement,
  type PlanTier,
} from './index.js';

describe('[PL1] product type from a lookupKey (spec 002 §3)', () => {
  it.each([
    ['basic_monthly', 'basic'],
    ['plus_yearly_2026', 'plus'],
    ['Advanced_month', 'advanced'],
    ['enterprise', 'enterprise'],
    ['gold_monthly', null],
    ['', null],
    ['_basic', null],
  ])('%s → %s', (key, tier) => {
    expect(planTierOf(key)).toBe(tier);
  });
});

describe('[PL3] what each tier includes (spec 002 §6)', () => {
  const included = (tier: PlanTier, features = { waveforms: true, advancedFluids: true }): PlanEntitlement[] =>
    PLAN_ENTITLEMENTS.filter((e) => planIncludes(tier, features, e));

  it('Basic: minimal sedation, patient forms, toxicity monitoring, review and sign', () => {
    expect(included('basic')).toEqual(['minimalSedation', 'patientForms', 'toxicityMonitoring', 'reviewAndSign']);
  });

  it('Plus adds moderate sedation and infusions', () => {
    expect(included('plus')).toEqual([...included('basic'), 'moderateSedation', 'infusions']);
  });

  it('Advanced adds deep and GA, waveform capture, advanced airways, gases and advanced fluids', () => {
    expect(included('advanced')).toEqual([
      ...included('plus'),
      'deepSedation',
      'generalAnesthesia',
      'waveformCapture',
      'advancedAirways',
      'anestheticGases',
      'advancedFluids',
    ]);
  });

  it('Enterprise adds quality control, analytics, API access, child organisations, unified billing', () => {
    expect(included('enterprise')).toEqual([
      ...included('advanced'),
      'qualityControl',
      'analytics',
      'apiAccess',
      'childOrganizations',
      'unifiedBilling',
    ]);
  });

  it('waveform capture and advanced fluids need their product feature on, even on Advanced', () => {
    expect(planIncludes('advanced', {}, 'waveformCapture')).toBe(false);
    expect(planIncludes('advanced', { waveforms: true }, 'waveformCapture')).toBe(true);
    expect(planIncludes('advanced', { waveforms: true }, 'advancedFluids')).toBe(false);
    expect(planIncludes('enterprise', { advancedFluids: true }, 'advancedFluids')).toBe(true);
    expect(planIncludes('plus', { waveforms: true }, 'waveformCapture')).toBe(false);
  });

  it('[PL4] names the lowest tier that includes an entitlement', () => {
    expect(tierIncluding('generalAnesthesia')).toBe('advanced');
    expect(tierIncluding('infusions')).toBe('plus');
    expect(tierIncluding('analytics')).toBe('enterprise');
    for (const e of PLAN_ENTITLEMENTS) {
      const tier = tierIncluding(e);
      const below = PLAN_TIERS[PLAN_TIERS.indexOf(tier) - 1];
      const all = { waveforms: true, advancedFluids: true };
      expect(planIncludes(tier, all, e)).toBe(true);
      if (below) expect(planIncludes(below, all, e)).toBe(false);
    }
  });
});

describe('[PL5] deepest sedation level per tier (spec 002 §6 with the §5 check)', () => {
  it.each<[PlanTier, string, boolean]>([
    ['basic', 'local', true],
    ['basic', 'minimal', true],
    ['basic', 'moderate', false],
    ['plus', 'moderate', true],
    ['plus', 'deep', false],
    ['plus', 'ga', false],
    ['advanced', 'deep', true],
    ['advanced', 'ga', true],
    ['enterprise', 'ga', true],
  ])('%s allows %s: %s', (tier, level, allowed) => {
    expect(isSedationLevelAllowed(level, tierMaxSedationLevel(tier))).toBe(allowed);
  });
});

describe('pricing table (spec 002 §2, §9)', () => {
  it('[PL6] marks Advanced Most Popular, and notes the 30-day trial without a card', () => {
    expect(MOST_POPULAR_TIER).toBe('advanced');
    expect(PRICING_TEXTS.mostPopular).toBe('Most Popular');
    expect(PRICING_TEXTS.trialNote).toBe('30-day free trial, no credit card');
  });

  it.each<[number | null, number | null, number | null]>([
    [10_000, 100_000, 16], // 120,000 against 100,000: 16.67 % rounded down
    [9_900, 99_000, 16], // 118,800 → 99,000: 16.67 %
    [5_000, 50_000, 16],
    [10_000, 120_000, null], // no saving
    [10_000, 130_000, null],
    [10_000, 60_000, 50],
    [null, 100_000, null],
    [10_000, null, null],
    [0, 100, null],
  ])('[PL7] monthly %s, yearly %s → %s %% saved', (monthly, yearly, percent) => {
    expect(yearlySavingPercent(monthly, yearly)).toBe(percent);
  });

  it('[PL8] bills per provider, support staff free, in whole cents', () => {
    expect(planAmount(14_900, 3)).toBe(44_700);
    expect(planAmount(14_900, 0)).toBe(0);
    expect(() => planAmount(149.5, 1)).toThrow(RangeError);
    expect(() => planAmount(14_900, -1)).toThrow(RangeError);
    expect(() => planAmount(14_900, 1.5)).toThrow(RangeError);
  });

  it('[PL9] formats cents as dollars', () => {
    expect(formatMoney(14_900)).toBe('$149');
    expect(formatMoney(123_450)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0');
  });

  it('[PL10] "Invoice due in N day(s)" rounds up and never goes below 0 (spec 000 §3)', () => {
    const now = Date.UTC(2026, 10, 28, 23, 30);
    expect(invoiceDueText(now + 3 * 86_400_000, now)).toBe('Invoice due in 3 day(s)');
    expect(invoiceDueText(now + 60_000, now)).toBe('Invoice due in 1 day(s)');
    expect(invoiceDueText(now, now)).toBe('Invoice due in 0 day(s)');
    expect(invoiceDueText(now - 86_400_000, now)).toBe('Invoice due in 0 day(s)');
  });
});
