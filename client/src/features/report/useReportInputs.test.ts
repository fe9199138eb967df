import type { Patient } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { previewInput } from './useReportInputs.js';

describe('the report preview', () => {
  it("passes the patient's sex as the signed PDF does, for the ideal body weight's formula (IBW2)", () => {
    const patient: Patient = { resourceType: 'Patient', id: 'pat-1', gender: 'male', birthDate: '1980-01-01' };
    const input = previewInput('apt-1', {}, { appointment: null, patient, primaryProvider: null }, false, 0);
    expect(input.patient).toMatchObject({ id: 'pat-1', sex: 'male', birthDate: '1980-01-01' });
    const unknown = previewInput('apt-1', {}, { appointment: null, patient: null, primaryProvider: null }, false, 0);
    expect(unknown.patient.sex).toBeNull();
  });
});
