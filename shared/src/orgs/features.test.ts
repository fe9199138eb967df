import { describe, expect, it } from 'vitest';
import { DAY } from '../constants/time.js';
import {
  acceptedFeatureValue,
  applyFeatureOverrides,
  featureChangeCall,
  featureDefinition,
  isSubscriptionOk,
  ORG_FEATURES,
  ORG_INVITATION_TTL_MS,
  resolveFeatures,
  resourceWriteBlock,
  sedationLevelLimit,
  subscriptionPath,
  temperatureUnit,
  TRIAL_MS,
  type ResourceWriteBlock,
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

  const write = (type: string, isNew: boolean) => ({ type, isNew });
  it.each<[string, boolean, SubscriptionFacts['status'], { type: string; isNew: boolean }, ResourceWriteBlock | null]>([
    ['[SUB2] every write is allowed with an ok subscription', false, 'active', write('Patient', true), null],
    [
      '[SUB2] every write is refused when the organisation prevents it',
      true,
      'active',
      write('Observation', false),
      'EDITING_PREVENTED',
    ],
    [
      '[SUB2] a new patient is refused when the subscription is not ok',
      false,
      'past_due',
      write('Patient', true),
      'SUBSCRIPTION_NOT_OK',
    ],
    [
      '[SUB2] a new case is refused when the subscription is not ok',
      false,
      'canceled',
      write('Appointment', true),
      'SUBSCRIPTION_NOT_OK',
    ],
    [
      '[SUB2] a change of an existing patient or case is allowed when it is not ok',
      false,
      'canceled',
      write('Appointment', false),
      null,
    ],
    [
      '[SUB2] charting a case (a new vitals Observation) is allowed when it is not ok',
      false,
      'unpaid',
      write('Observation', true),
      null,
    ],
    ['[SUB2] signing (a new PDF Binary) is allowed when it is not ok', false, 'canceled', write('Binary', true), null],
  ])('%s', (_rule, prevent, status, w, expected) => {
    expect(resourceWriteBlock({ ...base, status, preventResourceEditing: prevent }, NOW, w)).toBe(expected);
  });

  // The trial ends at the instant trialEnd, whatever the day or hour: a trial ending at 09:30 UTC
  // on 2026-12-28 allows a new patient at midnight UTC that day, and refuses one at midnight the day after.
  const trialEnd = Date.parse('2026-12-28T09:30:00Z');
  it.each<[string, number, ResourceWriteBlock | null]>([
    ['at midnight UTC the day before the trial ends', Date.parse('2026-12-27T00:00:00Z'), null],
    ['at midnight UTC on the day the trial ends', Date.parse('2026-12-28T00:00:00Z'), null],
    ['one millisecond before the trial ends', trialEnd - 1, null],
    ['at the instant the trial ends', trialEnd, 'TRIAL_ENDED'],
    ['at midnight UTC the day after the trial ends', Date.parse('2026-12-29T00:00:00Z'), 'TRIAL_ENDED'],
  ])('[SUB2] a new patient %s: %s', (_when, now, expected) => {
    const facts = { status: 'trialing' as const, trialEnd, isOnboarding: false, preventResourceEditing: false };
    expect(resourceWriteBlock(facts, now, write('Patient', true))).toBe(expected);
    // A change of what exists goes on after the trial.
    expect(resourceWriteBlock(facts, now, write('Patient', false))).toBeNull();
  });

  it('[SUB2] names the spec route of the subscription screen (spec 000 §2)', () => {
    expect(subscriptionPath('office')).toBe('/org/office/subscription');
  });

  it('gives a 30-day free trial (spec 002 §9) and 7-day invitations (decision)', () => {
    expect(TRIAL_MS).toBe(30 * DAY);
    expect(ORG_INVITATION_TTL_MS).toBe(7 * DAY);
  });
});
