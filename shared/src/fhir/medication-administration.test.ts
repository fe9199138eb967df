import { describe, expect, it } from 'vitest';
import { validateResource } from './resources.js';
import type { MedicationAdministration } from './medication-administration.js';

const given: MedicationAdministration = {
  resourceType: 'MedicationAdministration',
  status: 'completed',
  medicationCodeableConcept: { text: 'Midazolam' },
  subject: { reference: 'Patient/pat-1' },
  effectiveDateTime: '2026-11-21T10:05:00Z',
  dosage: { dose: { value: 2, unit: 'mg' }, route: { text: 'IV' } },
};

describe('MedicationAdministration', () => {
  it('accepts a completed dose', () => {
    expect(validateResource(given)).toEqual([]);
  });

  it("refuses an unknown status with 'Invalid value'", () => {
    expect(validateResource({ ...given, status: 'done' }).map((i) => i.message)).toEqual(['Invalid value']);
  });

  it('needs an effective time and a patient subject', () => {
    const { effectiveDateTime: _e, ...noTime } = given;
    expect(validateResource(noTime)).toHaveLength(1);
    expect(validateResource({ ...given, subject: { reference: 'Practitioner/prc-1' } })[0]?.path).toEqual([
      'subject',
      'reference',
    ]);
  });
});
