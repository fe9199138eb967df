import { describe, expect, it } from 'vitest';
import { validateCaseData } from '../case-data/validate.js';
import {
  applyPolicies,
  defaultPolicyAction,
  openBlockingFlags,
  policyAppliesAt,
  policyInputSchema,
  sedationLevelKey,
  signoffOverrideRequestSchema,
  type Policy,
} from './policies.js';

const KNOWN = ['SO1', 'SO7', 'SO20'];
const flag = (id: string, category: string, key = `${id}:k`) => ({ id, key, category, fields: [], message: id });
const policy = (over: Partial<Policy>): Policy => ({
  id: 'pol-1',
  ownerType: 'org',
  ownerId: 'office',
  ruleSubject: 'anesthesiaRecord',
  ruleType: 'SO7',
  ruleValue: 'block',
  relevantSedationLevels: [],
  ...over,
});

describe('sign-off policies (issue 29; spec 001 §6, §7)', () => {
  it('[PO1] [PO2] accepts a known rule with block, warn or off and known levels', () => {
    const schema = policyInputSchema(KNOWN);
    for (const ruleValue of ['block', 'warn', 'off']) {
      expect(
        schema.parse({
          ruleSubject: 'anesthesiaRecord',
          ruleType: ' SO7 ',
          ruleValue,
          relevantSedationLevels: ['moderate'],
        }),
      ).toEqual({ ruleSubject: 'anesthesiaRecord', ruleType: 'SO7', ruleValue, relevantSedationLevels: ['moderate'] });
    }
    // Levels left out mean every level.
    expect(
      schema.parse({ ruleSubject: 'anesthesiaRecord', ruleType: 'SO1', ruleValue: 'warn' }).relevantSedationLevels,
    ).toEqual([]);
  });

  it.each([
    ['an unknown rule', { ruleType: 'SO99' }],
    ['another subject', { ruleSubject: 'healthHistory' }],
    ['an unknown value', { ruleValue: 'maybe' }],
    ['an unknown level', { relevantSedationLevels: ['light'] }],
    ['a repeated level', { relevantSedationLevels: ['deep', 'deep'] }],
    ['an extra key', { ownerId: 'someone-else' }],
  ])('[PO2] refuses %s', (_name, over) => {
    const input = { ruleSubject: 'anesthesiaRecord', ruleType: 'SO7', ruleValue: 'block', ...over };
    expect(policyInputSchema(KNOWN).safeParse(input).success).toBe(false);
  });

  it('[PO3] blocks missing-record flags and the named rules by default; everything else warns', () => {
    expect(defaultPolicyAction(flag('SO1', 'missing'), [])).toBe('block');
    // The built-in list: a dose past its maximum (SO13) and an unreconciled ledger (SO15).
    expect(defaultPolicyAction(flag('SO13', 'threshold'))).toBe('block');
    expect(defaultPolicyAction(flag('SO15', 'threshold'))).toBe('block');
    expect(defaultPolicyAction(flag('SO14', 'threshold'))).toBe('warn');
    expect(defaultPolicyAction(flag('SO20', 'threshold'), ['SO20'])).toBe('block');
    expect(defaultPolicyAction(flag('SO21', 'threshold'), ['SO20'])).toBe('warn');
    for (const c of ['sequence', 'suspicious', 'confirmation'])
      expect(defaultPolicyAction(flag('SOx', c), [])).toBe('warn');
  });

  it.each([
    ['Moderate', 'moderate'],
    [' deep ', 'deep'],
    ['ga', 'ga'],
    ['light', null],
    [null, null],
    [3, null],
  ])('[PO4] reads the case level %j as %j', (raw, key) => {
    expect(sedationLevelKey(raw)).toBe(key);
  });

  it('[PO4] a policy with no levels applies everywhere; a blank case level is governed by every policy', () => {
    expect(policyAppliesAt({ relevantSedationLevels: [] }, 'minimal')).toBe(true);
    expect(policyAppliesAt({ relevantSedationLevels: ['deep', 'ga'] }, 'moderate')).toBe(false);
    expect(policyAppliesAt({ relevantSedationLevels: ['deep', 'ga'] }, 'ga')).toBe(true);
    expect(policyAppliesAt({ relevantSedationLevels: ['deep'] }, null)).toBe(true);
  });

  it('[PO5] with the policies flag off every flag only warns, whatever the policies say', () => {
    const out = applyPolicies([flag('SO1', 'missing'), flag('SO7', 'threshold')], [policy({})], 'moderate', false);
    expect(out.map((a) => a.action)).toEqual(['warn', 'warn']);
  });

  it('[PO5] the organisation’s own policy wins over its parent’s; off drops the flag; others take the default', () => {
    const flags = [flag('SO1', 'missing'), flag('SO7', 'threshold'), flag('SO20', 'suspicious')];
    const policies = [
      policy({ id: 'parent-7', ownerType: 'parent', ownerId: 'group', ruleType: 'SO7', ruleValue: 'block' }),
      policy({ id: 'own-7', ruleType: 'SO7', ruleValue: 'warn' }),
      policy({ id: 'parent-1', ownerType: 'parent', ownerId: 'group', ruleType: 'SO1', ruleValue: 'off' }),
    ];
    expect(applyPolicies(flags, policies, 'moderate', true)).toEqual([
      { flag: flags[1], action: 'warn', policyId: 'own-7' },
      { flag: flags[2], action: 'warn', policyId: null },
    ]);
  });

  it('[PO5] a policy for other sedation levels leaves the flag to the next policy or the default', () => {
    const flags = [flag('SO7', 'threshold')];
    const deepOnly = policy({ id: 'own-deep', ruleValue: 'block', relevantSedationLevels: ['deep'] });
    const parentAll = policy({ id: 'parent-all', ownerType: 'parent', ruleValue: 'off' });
    expect(applyPolicies(flags, [deepOnly], 'Moderate', true)).toEqual([
      { flag: flags[0], action: 'warn', policyId: null },
    ]);
    expect(applyPolicies(flags, [deepOnly], 'deep', true)[0]?.action).toBe('block');
    expect(applyPolicies(flags, [deepOnly, parentAll], 'moderate', true)).toEqual([]);
  });

  it('[PO6] an override needs a trimmed reason of 1 to 500 characters', () => {
    expect(signoffOverrideRequestSchema.parse({ flagKey: ' SO7:1 ', reason: '  Patient refused  ' })).toEqual({
      flagKey: 'SO7:1',
      reason: 'Patient refused',
    });
    expect(signoffOverrideRequestSchema.safeParse({ flagKey: 'SO7:1', reason: '   ' }).success).toBe(false);
    expect(signoffOverrideRequestSchema.safeParse({ flagKey: 'SO7:1', reason: 'x'.repeat(500) }).success).toBe(true);
    expect(signoffOverrideRequestSchema.safeParse({ flagKey: 'SO7:1', reason: 'x'.repeat(501) }).success).toBe(false);
    expect(signoffOverrideRequestSchema.safeParse({ flagKey: 'SO7:1', reason: 'ok', userId: 'forged' }).success).toBe(
      false,
    );
  });

  it('[PO7] a blocking flag stays open until an override names its key; warnings never refuse', () => {
    const applied = applyPolicies(
      [flag('SO1', 'missing', 'SO1:a'), flag('SO1', 'missing', 'SO1:b'), flag('SO20', 'suspicious')],
      [],
      'moderate',
      true,
      [],
    );
    expect(openBlockingFlags(applied, []).map((f) => f.key)).toEqual(['SO1:a', 'SO1:b']);
    expect(openBlockingFlags(applied, new Set(['SO1:a', 'SO20:k'])).map((f) => f.key)).toEqual(['SO1:b']);
  });

  it("[CD16] the case data keeps the server's sign-off overrides and refuses one without a user or reason", () => {
    const entry = {
      flagKey: 'SO7:1',
      flagId: 'SO7',
      message: 'm',
      reason: 'r',
      userId: 'usr-1',
      name: 'Dr A',
      time: 1,
    };
    expect(validateCaseData({ signoffOverrides: [entry] }).filter((i) => i.severity === 'error')).toEqual([]);
    const { userId: _u, ...noUser } = entry;
    expect(validateCaseData({ signoffOverrides: [noUser] }).some((i) => i.severity === 'error')).toBe(true);
  });
});
