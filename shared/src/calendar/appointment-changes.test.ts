import { describe, expect, it } from 'vitest';
import type { Appointment } from '../fhir/appointment.js';
import {
  APPOINTMENT_CHANGE_CODES,
  appointmentChangeIssue,
  appointmentConflicts,
  cancelled,
  CANCEL_REASON_MAX,
  rescheduled,
  rescheduleIssue,
  scheduleChanged,
  withDeskStatus,
} from './appointment-changes.js';

const TASK = {
  url: 'https://vigil.example/fhir/StructureDefinition/appointment-task',
  extension: [{ url: 'id', valueString: 't1' }],
};

function apt(over: Partial<Appointment> & { id?: string } = {}): Appointment & { id: string } {
  return {
    resourceType: 'Appointment',
    id: 'apt-a',
    status: 'booked',
    start: '2027-03-01T09:00:00.000Z',
    end: '2027-03-01T10:00:00.000Z',
    participant: [
      { actor: { reference: 'Patient/pat-1' }, status: 'accepted' },
      { actor: { reference: 'Practitioner/prc-1' }, status: 'accepted' },
      { actor: { reference: 'Location/room-1' }, status: 'accepted' },
    ],
    extension: [TASK],
    ...over,
  };
}

describe('appointment changes after booking', () => {
  it('[APC2] sees a change of status, time, provider or place, and not of the description', () => {
    const a = apt();
    expect(scheduleChanged(a, { ...a, description: 'x' })).toBe(false);
    expect(scheduleChanged(a, { ...a, status: 'arrived' })).toBe(true);
    expect(scheduleChanged(a, { ...a, start: '2027-03-01T09:30:00.000Z' })).toBe(true);
    expect(scheduleChanged(a, rescheduled(a, { start: a.start!, end: a.end!, providerId: 'prc-2' }))).toBe(true);
    expect(scheduleChanged(a, null)).toBe(true);
  });

  it.each([
    [
      'a started case refuses a reschedule',
      apt(),
      { ...apt(), start: '2027-03-02T09:00:00.000Z' },
      true,
      'CASE_STARTED',
    ],
    ['a started case refuses arrived', apt(), { ...apt(), status: 'arrived' as const }, true, 'CASE_STARTED'],
    ['a started case keeps a description edit', apt(), { ...apt(), description: 'x' }, true, null],
    ['a case not started takes a no-show', apt(), { ...apt(), status: 'noshow' as const }, false, null],
    [
      'entered in error is final',
      apt({ status: 'entered-in-error' }),
      { ...apt(), status: 'booked' as const },
      false,
      'APPOINTMENT_ENTERED_IN_ERROR',
    ],
    ['a cancel without a reason', apt(), { ...apt(), status: 'cancelled' as const }, false, 'CANCEL_REASON_REQUIRED'],
    ['a cancel with a reason', apt(), cancelled(apt(), 'Patient is ill'), false, null],
  ])('[APC1][APC2][APC3] %s', (_name, before, after, started, code) => {
    expect(appointmentChangeIssue({ before, after, caseStarted: started })?.code ?? null).toBe(code);
  });

  it('[APC3] a reason longer than 500 characters is refused, and 500 is kept', () => {
    const at = (n: number): string | null =>
      appointmentChangeIssue({ before: apt(), after: cancelled(apt(), 'x'.repeat(n)), caseStarted: false })?.code ??
      null;
    expect(at(CANCEL_REASON_MAX)).toBeNull();
    expect(at(CANCEL_REASON_MAX + 1)).toBe(APPOINTMENT_CHANGE_CODES.reasonRequired);
    expect(at(0)).toBe(APPOINTMENT_CHANGE_CODES.reasonRequired);
  });

  it('[APC4] a reschedule ends after it starts and lasts at most 24 hours', () => {
    expect(rescheduleIssue({ start: '2027-03-01T09:00:00Z', end: '2027-03-01T09:00:00Z' })?.code).toBe(
      'INVALID_APPOINTMENT_TIME',
    );
    expect(rescheduleIssue({ start: 'soon', end: '2027-03-01T09:00:00Z' })).not.toBeNull();
    // 24 h exactly is allowed, one minute more is not.
    expect(rescheduleIssue({ start: '2027-03-01T09:00:00Z', end: '2027-03-02T09:00:00Z' })).toBeNull();
    expect(rescheduleIssue({ start: '2027-03-01T09:00:00Z', end: '2027-03-02T09:01:00Z' })?.message).toBe(
      'An appointment lasts at most 24 hours.',
    );
  });

  it('[APC5] a reschedule moves time, provider and room and keeps the patient, forms and links', () => {
    const moved = rescheduled(apt({ minutesDuration: 60 }), {
      start: '2027-03-04T14:00:00Z',
      end: '2027-03-04T15:30:00Z',
      providerId: 'prc-2',
      locationId: 'room-2',
    });
    expect(moved.start).toBe('2027-03-04T14:00:00.000Z');
    expect(moved.end).toBe('2027-03-04T15:30:00.000Z');
    expect(moved.minutesDuration).toBeUndefined();
    expect(moved.participant.map((p) => p.actor?.reference)).toEqual([
      'Patient/pat-1',
      'Practitioner/prc-2',
      'Location/room-2',
    ]);
    expect(moved.extension).toEqual([TASK]);
    const noPlace = rescheduled(apt(), {
      start: '2027-03-04T14:00:00Z',
      end: '2027-03-04T15:00:00Z',
      locationId: null,
    });
    expect(noPlace.participant.map((p) => p.actor?.reference)).toEqual(['Patient/pat-1', 'Practitioner/prc-1']);
  });

  it('a desk status drops an earlier cancellation reason, except entered in error which keeps the record', () => {
    const c = cancelled(apt(), 'Flu');
    expect(withDeskStatus(c, 'booked').cancelationReason).toBeUndefined();
    expect(withDeskStatus(c, 'entered-in-error').cancelationReason).toEqual({ text: 'Flu' });
  });

  it('[APC6] reports the same provider or the same room overlapping, not the office, not called-off ones', () => {
    const isRoom = (id: string): boolean => id.startsWith('room-');
    const target = apt();
    const others = [
      // 9:30-10:30, same provider, other room: provider conflict.
      apt({
        id: 'b',
        start: '2027-03-01T09:30:00Z',
        end: '2027-03-01T10:30:00Z',
        participant: [
          { actor: { reference: 'Practitioner/prc-1' }, status: 'accepted' },
          { actor: { reference: 'Location/room-9' }, status: 'accepted' },
        ],
      }),
      // Back to back (10:00-11:00): no overlap.
      apt({ id: 'c', start: '2027-03-01T10:00:00Z', end: '2027-03-01T11:00:00Z' }),
      // Same time, same provider and room, but a no-show: free.
      apt({ id: 'd', status: 'noshow' }),
      // Same room, other provider: room conflict.
      apt({
        id: 'e',
        participant: [
          { actor: { reference: 'Practitioner/prc-7' }, status: 'accepted' },
          { actor: { reference: 'Location/room-1' }, status: 'accepted' },
        ],
      }),
      // The appointment itself.
      apt(),
    ];
    expect(appointmentConflicts(target, others, isRoom).map((c) => [c.appointmentId, c.kind])).toEqual([
      ['b', 'provider'],
      ['e', 'room'],
    ]);
    // At an office (not a room), other provider: nothing.
    const office = apt({
      participant: [
        { actor: { reference: 'Practitioner/prc-3' }, status: 'accepted' },
        { actor: { reference: 'Location/office-1' }, status: 'accepted' },
      ],
    });
    expect(
      appointmentConflicts(
        office,
        [{ ...office, id: 'f' }].map((o) => ({ ...o, participant: [o.participant[1]!] })),
        isRoom,
      ),
    ).toEqual([]);
    expect(appointmentConflicts({ ...target, status: 'cancelled' }, others, isRoom)).toEqual([]);
  });
});
