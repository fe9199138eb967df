import { describe, expect, it } from 'vitest';
import { policyText, defaultText } from '../orgs/policies/PolicyEditor.js';
import { overridesToSend } from './SignoffOverrideStep.js';

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

  it('[PO3] the policy editor names a rule’s default and what a policy says', () => {
    expect(defaultText('SO1', 'missing')).toBe('Default (block)');
    expect(defaultText('SO13', 'threshold')).toBe('Default (block)');
    expect(defaultText('SO16', 'suspicious')).toBe('Default (warn)');
    expect(policyText({ ruleValue: 'block', relevantSedationLevels: ['moderate', 'deep'] })).toBe(
      'Block (Moderate, Deep)',
    );
    expect(policyText({ ruleValue: 'warn', relevantSedationLevels: [] })).toBe('Warn (all levels)');
  });
});
