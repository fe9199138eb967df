import { describe, expect, it } from 'vitest';
import { validateResource, validateResourceChange } from './resources.js';
import { ALLERGY_VERIFICATION_SYSTEM, allergyType, type AllergyIntolerance } from './allergy-intolerance.js';

const allergy: AllergyIntolerance = {
  resourceType: 'AllergyIntolerance',
  patient: { reference: 'Patient/pat-1' },
  type: 'allergy',
  criticality: 'high',
  verificationStatus: { coding: [{ system: ALLERGY_VERIFICATION_SYSTEM, code: 'confirmed' }] },
  code: { text: 'Penicillin' },
  recordedDate: '2026-11-01',
  note: [{ text: 'Hives' }],
};

describe('AllergyIntolerance', () => {
  it('accepts an allergy and reads its type', () => {
    expect(validateResource(allergy)).toEqual([]);
    expect(allergyType(allergy)).toBe('allergy');
  });

  it('stores the spec’s unknown type as an absent type (R4 has no unknown)', () => {
    const { type: _t, ...unknown } = allergy;
    expect(validateResource(unknown)).toEqual([]);
    expect(allergyType(unknown)).toBe('unknown');
    expect(validateResource({ ...allergy, type: 'unknown' }).map((i) => i.message)).toEqual(['Invalid value']);
  });

  it.each([
    ['criticality', { criticality: 'severe' }],
    [
      'verificationStatus',
      { verificationStatus: { coding: [{ system: ALLERGY_VERIFICATION_SYSTEM, code: 'maybe' }] } },
    ],
  ])("refuses an unknown %s with 'Invalid value'", (_field, change) => {
    expect(validateResource({ ...allergy, ...change }).map((i) => i.message)).toEqual(['Invalid value']);
  });

  it('needs a patient, and keeps it', () => {
    const { patient: _p, ...noPatient } = allergy;
    expect(validateResource(noPatient)).toHaveLength(1);
    expect(validateResourceChange(allergy, noPatient as AllergyIntolerance).map((i) => i.code)).toEqual([
      'CANNOT_DELETE_REFERENCE',
    ]);
  });
});
