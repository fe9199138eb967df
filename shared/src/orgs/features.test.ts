import { describe, expect, it } from 'vitest';
import { DAY } from '../constants/time.js';
import {
  acceptedFeatureValue,
  applyFeatureOverrides,
  canEditResources,
  featureChangeCall,
  featureDefinition,
  isSubscriptionOk,
  ORG_FEATURES,
  ORG_INVITATION_TTL_MS,
  resolveFeatures,
  sedationLevelLimit,
  temperatureUnit,
  TRIAL_MS,
  type SubscriptionFacts,
} from './index.js';

const NOW = 1_800_000_000_000;

describe('feature flags (spec 000 §3)', () => {
  it('lists every flag the spec names, once', () => {
    expect(ORG_FEATURES.map((f) => f.name)).toEqual([
      'adminUnfinalize',
      'copyCaseData',
      'privateAppCreation',
      'sedationLevelLimit',
      'tempsInCelsius',
      'formBuilder',
      'defaultWeightUnit',
      'defaultHeightUnit',
      'emrLockdownMode',
      'policies',
      'drugInventory',
      'addendums',
      'legacyIntegrations',
      'store',
      'primaryProviderMustBeFinalSignerName',
    ]);
  });

  it.each([
    ['sedationLevelLimit', 'ga'],
    ['tempsInCelsius', false],
    ['primaryProviderMustBeFinalSignerName', false],
    ['defaultWeightUnit', null],
  ])('defaults %s to %j', (name, value) => {
    expect(resolveFeatures({})[name]).toBe(value);
  });

  it('uses what the organisation stored over the default', () => {
    expect(resolveFeatures({ tempsInCelsius: true, sedationLevelLimit: 'moderate' })).toMatchObject({
      tempsInCelsius: true,
      sedationLevelLimit: 'moderate',
      addendums: false,
    });
  });

  it.each([
    ['tempsInCelsius', undefined, true],
    ['tempsInCelsius', 'yes', null],
    ['sedationLevelLimit', 'deep', 'deep'],
    ['sedationLevelLimit', 'general', null],
    ['sedationLevelLimit', undefined, null],
    ['defaultWeightUnit', 'lb', 'lb'],
  ])('accepts %s with stringValue %j as %j', (name, stringValue, expected) => {
    expect(acceptedFeatureValue(featureDefinition(name)!, stringValue)).toBe(expected);
  });

  it('knows no feature the spec does not name', () => {
    expect(featureDefinition('madeUp')).toBeNull();
  });

  it('lets a client override win and a cleared override fall back (spec 000 §3)', () => {
    const values = resolveFeatures({ addendums: true });
    expect(applyFeatureOverrides(values, { addendums: false, store: true })).toMatchObject({
      addendums: false,
      store: true,
    });
    expect(applyFeatureOverrides(values, { addendums: undefined }).addendums).toBe(true);
  });

  it.each([
    [false, { call: 'removeOrgFeature' }],
    ['', { call: 'removeOrgFeature' }],
    [null, { call: 'removeOrgFeature' }],
    ['ga', { call: 'addOrgFeature', stringValue: 'ga' }],
    [true, { call: 'addOrgFeature' }],
  ])('sends the spec 000 §5 call for value %j', (value, expected) => {
    expect(featureChangeCall(value)).toEqual(expected);
  });

  it.each([
    [{}, 'ga', 'F'],
    [{ sedationLevelLimit: 'moderate', tempsInCelsius: true }, 'moderate', 'C'],
  ])('suggests the sedation limit and temperature unit from %j', (stored, level, unit) => {
    const values = resolveFeatures(stored);
    expect(sedationLevelLimit(values)).toBe(level);
    expect(temperatureUnit(values)).toBe(unit);
  });
});

describe('subscription (spec 000 §4)', () => {
  const base: SubscriptionFacts = { status: 'none', trialEnd: null, isOnboarding: false };
  it.each<[string, SubscriptionFacts, boolean]>([
    ['an active subscription is ok', { ...base, status: 'active' }, true],
    ['a running trial is ok', { ...base, status: 'trialing', trialEnd: NOW + 1 }, true],
    ['an ended trial is not ok', { ...base, status: 'trialing', trialEnd: NOW }, false],
    ['a cancelled subscription is not ok', { ...base, status: 'canceled' }, false],
    ['an onboarding organisation is ok whatever its status', { ...base, status: 'canceled', isOnboarding: true }, true],
  ])('%s', (_rule, facts, expected) => {
    expect(isSubscriptionOk(facts, NOW)).toBe(expected);
  });

  it.each<[string, boolean, SubscriptionFacts['status'], boolean]>([
    ['editing is allowed with an ok subscription', false, 'active', true],
    ['editing is blocked when the organisation prevents it', true, 'active', false],
    ['editing is blocked when the subscription is not ok', false, 'past_due', false],
  ])('%s', (_rule, prevent, status, expected) => {
    expect(canEditResources({ ...base, status, preventResourceEditing: prevent }, NOW)).toBe(expected);
  });

  it('gives a 30-day free trial (spec 002 §9) and 7-day invitations (decision)', () => {
    expect(TRIAL_MS).toBe(30 * DAY);
    expect(ORG_INVITATION_TTL_MS).toBe(7 * DAY);
  });
});
