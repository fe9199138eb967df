import { type Appointment, type Patient } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { byId } from '../../data/calendar.js';
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
    expect(isUnsigned(appointment('pat-1', { start: '2026-11-24T08:00:00Z' }), now)).toBe(false);
  });

  it('[Unsigned] lists a case booked for later today: it may be charted before its booked time (issue 35)', () => {
    const morning = new Date(2026, 10, 22, 9, 0).getTime(); // the device's 09:00
    const afternoon = new Date(2026, 10, 22, 15, 0).toISOString();
    const tomorrow = new Date(2026, 10, 23, 9, 0).toISOString();
    expect(isUnsigned(appointment('pat-1', { start: afternoon }), morning)).toBe(true);
    expect(isUnsigned(appointment('pat-1', { start: tomorrow }), morning)).toBe(false);
  });
});
