import { describe, expect, it } from 'vitest';
import { normalizeResource, validateResource, validateResourceChange } from './resources.js';
import {
  APPOINTMENT_EXTENSIONS,
  appointmentActorId,
  appointmentSedationLevel,
  appointmentTasks,
  withAppointmentTasks,
  type Appointment,
} from './appointment.js';

const appointment: Appointment = {
  resourceType: 'Appointment',
  status: 'booked',
  start: '2026-11-21T15:00:00Z',
  end: '2026-11-21T16:00:00Z',
  participant: [
    { actor: { reference: 'Patient/pat-1' }, status: 'accepted' },
    { actor: { reference: 'Practitioner/prc-1' }, status: 'accepted' },
    { actor: { reference: 'Location/loc-room' }, status: 'accepted' },
  ],
  extension: [{ url: APPOINTMENT_EXTENSIONS.sedationLevel, valueCode: 'moderate' }],
};

describe('Appointment', () => {
  it('accepts a booked appointment and reads its actors and sedation level', () => {
    expect(validateResource(appointment)).toEqual([]);
    expect(appointmentActorId(appointment, 'Patient')).toBe('pat-1');
    expect(appointmentActorId(appointment, 'Location')).toBe('loc-room');
    expect(appointmentSedationLevel(appointment)).toBe('moderate');
  });

  it('gives participants without a status the default tentative (spec 001 §3)', () => {
    const raw = { ...appointment, participant: [{ actor: { reference: 'Patient/pat-1' } }] } as unknown as Appointment;
    const normalized = normalizeResource(raw);
    expect(normalized.participant[0]?.status).toBe('tentative');
    expect(validateResource(normalized)).toEqual([]);
    expect(validateResource(raw).map((i) => i.message)).toEqual(['Invalid value']);
  });

  it.each(['booked', 'arrived', 'fulfilled', 'checked-in', 'waitlist', 'noshow', 'entered-in-error'])(
    'accepts the status %s (spec 001 §4)',
    (status) => {
      expect(validateResource({ ...appointment, status })).toEqual([]);
    },
  );

  it("refuses an unknown status or sedation level with 'Invalid value'", () => {
    expect(validateResource({ ...appointment, status: 'late' }).map((i) => i.message)).toEqual(['Invalid value']);
    const ext = [{ url: APPOINTMENT_EXTENSIONS.sedationLevel, valueCode: 'heavy' }];
    expect(validateResource({ ...appointment, extension: ext }).map((i) => i.message)).toEqual(['Invalid value']);
  });

  it('requires start and end together, and both unless proposed, cancelled or waitlisted (R4 app-2, app-3)', () => {
    const { end: _end, ...noEnd } = appointment;
    expect(validateResource(noEnd)).toHaveLength(1);
    const { start: _s, end: _e, ...undated } = appointment;
    expect(validateResource(undated)).toHaveLength(1);
    expect(validateResource({ ...undated, status: 'proposed' })).toEqual([]);
  });

  it('stores tasks as extensions and reads them back', () => {
    const withTasks = withAppointmentTasks(appointment, [
      { id: 'tsk-1', type: 'form', title: 'Health history', status: 'sent' },
      { id: 'tsk-2', type: 'form', status: 'pending', extId: 'x-9' },
    ]);
    expect(validateResource(withTasks)).toEqual([]);
    expect(appointmentTasks(withTasks)).toEqual([
      { id: 'tsk-1', type: 'form', title: 'Health history', status: 'sent' },
      { id: 'tsk-2', type: 'form', status: 'pending', extId: 'x-9' },
    ]);
    expect(appointmentSedationLevel(withTasks)).toBe('moderate');
  });

  it.each([
    [
      'a missing status',
      [
        { url: 'id', valueString: 't' },
        { url: 'type', valueString: 'form' },
      ],
    ],
    [
      'an unknown field',
      [
        { url: 'id', valueString: 't' },
        { url: 'type', valueString: 'f' },
        { url: 'status', valueString: 's' },
        { url: 'colour', valueString: 'red' },
      ],
    ],
    [
      'a number',
      [
        { url: 'id', valueInteger: 1 },
        { url: 'type', valueString: 'f' },
        { url: 'status', valueString: 's' },
      ],
    ],
    [
      'an empty title',
      [
        { url: 'id', valueString: 't' },
        { url: 'type', valueString: 'f' },
        { url: 'status', valueString: 's' },
        { url: 'title', valueString: ' ' },
      ],
    ],
  ])('refuses a task entry with %s (spec 001 §5)', (_label, fields) => {
    const bad = { ...appointment, extension: [{ url: APPOINTMENT_EXTENSIONS.task, extension: fields }] };
    expect(validateResource(bad).map((i) => [i.code, i.path])).toEqual([['INVALID_TASK', ['extension', 0]]]);
  });

  it("keeps the patient: removing it is 'Cannot delete this reference', removing the room is fine", () => {
    const noPatient = { ...appointment, participant: appointment.participant.slice(1) };
    expect(validateResourceChange(appointment, noPatient).map((i) => i.message)).toEqual([
      'Cannot delete this reference',
    ]);
    const noRoom = { ...appointment, participant: appointment.participant.slice(0, 2) };
    expect(validateResourceChange(appointment, noRoom)).toEqual([]);
  });
});
