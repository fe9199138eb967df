import { describe, expect, it } from 'vitest';
import { normalizeResource, validateResource } from './resources.js';
import { RXNORM_SYSTEM, type MedicationStatement } from './medication-statement.js';

const statement = {
  resourceType: 'MedicationStatement',
  medicationCodeableConcept: { coding: [{ system: RXNORM_SYSTEM, code: '197361', display: 'Amlodipine 5 MG' }] },
  subject: { reference: 'Patient/pat-1' },
  effectiveDateTime: '2026-11-01',
} as MedicationStatement;

describe('MedicationStatement', () => {
  it('defaults the status to active (spec 001 §3) and then validates', () => {
    expect(validateResource(statement).map((i) => i.path)).toEqual([['status']]);
    const normalized = normalizeResource(statement);
    expect(normalized.status).toBe('active');
    expect(validateResource(normalized)).toEqual([]);
  });

  it("refuses an unknown status with 'Invalid value'", () => {
    expect(validateResource({ ...statement, status: 'paused' }).map((i) => i.message)).toEqual(['Invalid value']);
  });

  it('needs exactly one medication', () => {
    const { medicationCodeableConcept: _m, ...none } = { ...statement, status: 'active' };
    expect(validateResource(none)).toHaveLength(1);
  });
});
