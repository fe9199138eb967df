import { describe, expect, it } from 'vitest';
import { defaultText, inheritedText, policyErrorText, policyLoadErrorText, policyText } from '../orgs/index.js';
import { overridesToSend, reasonsSummary, signLabel } from './SignoffOverrideStep.js';

const flags = [
  { id: 'SO6', key: 'SO6:2026-11-26T10:15Z', fields: ['manualVitals'], message: 'No vitals at 10:15.' },
  { id: 'SO13', key: 'SO13:lidocaine', fields: ['localDoses'], message: 'Lidocaine past its maximum.' },
];

describe('the finalize override step (issue 29)', () => {
  it('[PO6] sends only the flags with a reason, trimmed, and none over 500 characters', () => {
    expect(overridesToSend(flags, {})).toEqual([]);
    expect(overridesToSend(flags, { 'SO6:2026-11-26T10:15Z': '  Monitor disconnected during repositioning ' })).toEqual(
      [{ flagKey: 'SO6:2026-11-26T10:15Z', reason: 'Monitor disconnected during repositioning' }],
    );
    expect(overridesToSend(flags, { 'SO6:2026-11-26T10:15Z': '   ', 'SO13:lidocaine': 'x'.repeat(501) })).toEqual([]);
  });

  it('says what signing will do with the reasons given: check again, override some, or override all', () => {
    expect(signLabel(0)).toBe('Check again and sign');
    expect(signLabel(1)).toBe('Override and sign');
    expect(reasonsSummary(0, 2)).toBe(
      'No reason given yet: signing checks the case again, so every flag must be fixed in the case.',
    );
    expect(reasonsSummary(1, 2)).toBe('1 of 2 flags will be overridden; the others must be fixed in the case.');
    expect(reasonsSummary(1, 1)).toBe('The flag will be overridden.');
    expect(reasonsSummary(3, 3)).toBe('All 3 flags will be overridden.');
  });
});

describe('the policy editor (issue 29)', () => {
  it('[PO3] names a rule’s default and what a policy says', () => {
    expect(defaultText('SO1', 'missing')).toBe('Default (block)');
    expect(defaultText('SO13', 'threshold')).toBe('Default (block)');
    expect(defaultText('SO16', 'suspicious')).toBe('Default (warn)');
    expect(policyText({ ruleValue: 'block', relevantSedationLevels: ['moderate', 'deep'] })).toBe(
      'Block (Moderate, Deep)',
    );
    expect(policyText({ ruleValue: 'warn', relevantSedationLevels: [] })).toBe('Warn (all levels)');
  });

  it('[PO5] reads a parent’s policy with the default that holds at the levels it leaves out', () => {
    expect(
      inheritedText({ ownerId: 'group', ruleValue: 'warn', relevantSedationLevels: ['moderate'] }, 'SO8', 'missing'),
    ).toBe('Set by the parent organization group: Warn (Moderate); default (block) at other levels. Read-only here.');
    expect(
      inheritedText({ ownerId: 'group', ruleValue: 'off', relevantSedationLevels: [] }, 'SO16', 'suspicious'),
    ).toBe('Set by the parent organization group: Off (all levels). Read-only here.');
  });

  it('says what a refusal means and what to do, never a bare code for the known ones', () => {
    expect(policyErrorText('NOT_AUTHORIZED')).toBe(
      'Only an admin of this organization can change its sign-off policies.',
    );
    expect(policyErrorText('NOT_FOUND')).toMatch(/^That policy was already removed/);
    expect(policyErrorText('POLICY_NOT_EDITABLE')).toBe(
      'That policy is set by a parent organization: only its admins can change it.',
    );
    expect(policyErrorText('NETWORK_ERROR')).toMatch(/^The server cannot be reached/);
    expect(policyErrorText('SERVER_ERROR')).toBe('The policy was not saved (SERVER_ERROR). Try again.');
    expect(policyLoadErrorText('NETWORK_ERROR')).toBe('The server cannot be reached: try again when online.');
    expect(policyLoadErrorText('SERVER_ERROR')).toBe('The server could not read them (SERVER_ERROR). Try again.');
  });
});
