import type { Appointment } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { checkAppointmentChange } from './appointment-guard.js';

const booked: Appointment & { id: string } = {
  resourceType: 'Appointment',
  id: 'apt-1',
  status: 'booked',
  start: '2027-03-01T09:00:00Z',
  end: '2027-03-01T10:00:00Z',
  participant: [{ actor: { reference: 'Patient/pat-1' }, status: 'accepted' }],
};

/** The case states the guard asks, counting the questions. */
function states(started: boolean): { started: (o: string, c: string) => Promise<boolean>; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    started: (orgId, caseId) => {
      asked.push(`${orgId}/${caseId}`);
      return Promise.resolve(started);
    },
  };
}

async function refusal(p: Promise<void>): Promise<[number, string] | null> {
  try {
    await p;
    return null;
  } catch (err) {
    if (err instanceof AppError) return [err.status, err.code];
    throw err;
  }
}

describe('the appointment guard of the write path', () => {
  it('[APC2] refuses a started case’s reschedule and deletion (409 CASE_STARTED), asking the case once each', async () => {
    const s = states(true);
    const moved = { ...booked, start: '2027-03-02T09:00:00Z', end: '2027-03-02T10:00:00Z' };
    expect(await refusal(checkAppointmentChange(s, 'office', booked, moved))).toEqual([409, 'CASE_STARTED']);
    expect(await refusal(checkAppointmentChange(s, 'office', booked, null))).toEqual([409, 'CASE_STARTED']);
    expect(s.asked).toEqual(['office/apt-1', 'office/apt-1']);
  });

  it('lets a description change through without asking the case', async () => {
    const s = states(true);
    expect(await refusal(checkAppointmentChange(s, 'office', booked, { ...booked, description: 'x' }))).toBeNull();
    expect(s.asked).toEqual([]);
  });

  it('[APC3] refuses a cancel without a reason (400) and takes a no-show of a case not started', async () => {
    const s = states(false);
    expect(await refusal(checkAppointmentChange(s, 'office', booked, { ...booked, status: 'cancelled' }))).toEqual([
      400,
      'CANCEL_REASON_REQUIRED',
    ]);
    expect(await refusal(checkAppointmentChange(s, 'office', booked, { ...booked, status: 'noshow' }))).toBeNull();
  });

  it('ignores other resource types and new appointments', async () => {
    const s = states(true);
    expect(await refusal(checkAppointmentChange(s, 'office', null, booked))).toBeNull();
    expect(s.asked).toEqual([]);
  });
});
