import { type Appointment, type Patient } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { byId } from '../calendar/appointmentView.js';
import { isUnsigned, unsignedCasePatient } from './UnsignedReportsPage.js';

const patients = byId<Patient>([{ resourceType: 'Patient', id: 'pat-1', name: [{ given: ['Ada'], family: 'Quinn' }] }]);
function appointment(patient: string | null, extra: Partial<Appointment> = {}): Appointment {
  return {
    resourceType: 'Appointment',
    id: 'apt-1',
    status: 'booked',
    start: '2026-11-22T08:00:00Z',
    participant: patient ? [{ actor: { reference: `Patient/${patient}` }, status: 'accepted' }] : [],
    ...extra,
  };
}

describe('unsigned reports (issue 25)', () => {
  it('names the patient of each unsigned case', () => {
    expect(unsignedCasePatient(appointment('pat-1'), patients)).toBe('Ada Quinn');
  });

  it('says when a case has no patient, or its patient is not on this device', () => {
    expect(unsignedCasePatient(appointment(null), patients)).toBe('No patient');
    expect(unsignedCasePatient(appointment('pat-9'), patients)).toBe('Unknown patient');
  });

  it('[Unsigned] lists a started, uncancelled case without a signed PDF', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(isUnsigned(appointment('pat-1'), now)).toBe(true);
    expect(isUnsigned(appointment('pat-1', { status: 'cancelled' }), now)).toBe(false);
    expect(isUnsigned(appointment('pat-1', { start: '2026-11-23T08:00:00Z' }), now)).toBe(false);
  });
});
