import type { Issue } from '../case-data/issue.js';
import type { AppointmentStatus } from '../enums.js';
import { appointmentActorId, type Appointment, type AppointmentParticipant } from '../fhir/appointment.js';

/*
 * Changing an appointment after it was booked (issue 40; spec 000 §4, spec 001 §4, spec 002 §3):
 * reschedule, cancel with a reason, arrived / checked in, no-show, entered in error. Pure rules
 * the server's write path and the calendar's dialog both run.
 */

/** The statuses the front desk sets on an appointment (spec 001 §4's enumeration, the desk's part of it). */
export const DESK_STATUSES = ['booked', 'arrived', 'checked-in', 'noshow', 'entered-in-error'] as const;
export type DeskStatus = (typeof DESK_STATUSES)[number];

/** Longest cancellation reason kept (characters). */
export const CANCEL_REASON_MAX = 500;
/** Longest appointment a reschedule sets (minutes): a case lasts at most 24 hours (spec 002 §9 report). */
export const APPOINTMENT_MAX_MINUTES = 24 * 60;

/** The refusal codes of appointment changes, with their texts. */
export const APPOINTMENT_CHANGE_CODES = {
  caseStarted: 'CASE_STARTED',
  enteredInError: 'APPOINTMENT_ENTERED_IN_ERROR',
  reasonRequired: 'CANCEL_REASON_REQUIRED',
  invalidTime: 'INVALID_APPOINTMENT_TIME',
} as const;

export const APPOINTMENT_CHANGE_MESSAGES = {
  caseStarted:
    'This case has started: its appointment can no longer be rescheduled, cancelled or marked (the case record keeps its times).',
  enteredInError: 'This appointment was entered in error and can no longer be changed.',
  reasonRequired: 'Give a reason for the cancellation.',
  endAfterStart: 'The end must be after the start',
  tooLong: 'An appointment lasts at most 24 hours.',
} as const;

const issue = (code: string, message: string, path: string[] = []): Issue => ({
  severity: 'error',
  code,
  path,
  message,
});

/** The appointment's cancellation reason (FHIR R4 `cancelationReason.text`), or null. */
export function cancelReasonOf(a: Pick<Appointment, 'cancelationReason'>): string | null {
  const text = a.cancelationReason?.text?.trim();
  return text ? text : null;
}

/** Who, when, where and what status: the parts of an appointment a started case owns ([APC2]). */
function scheduleOf(a: Appointment): string {
  return JSON.stringify([
    a.status,
    a.start ?? null,
    a.end ?? null,
    a.minutesDuration ?? null,
    appointmentActorId(a, 'Patient'),
    appointmentActorId(a, 'Practitioner'),
    appointmentActorId(a, 'Location'),
  ]);
}

/** [APC2] Whether a change touches the appointment's status, time, patient, provider or place. */
export function scheduleChanged(before: Appointment, after: Appointment | null): boolean {
  return after === null || scheduleOf(before) !== scheduleOf(after);
}

export interface AppointmentChangeInput {
  before: Appointment;
  /** What would be stored; null for a deletion. */
  after: Appointment | null;
  /** The case's record has a case start (FS1's caseStartOf on the server's copy). */
  caseStarted: boolean;
}

/**
 * The rules an appointment change obeys, whoever sends it (the desk's operations and a plain
 * FHIR PUT alike):
 * - [APC1] entered in error is final: nothing of the schedule changes afterwards;
 * - [APC2] once its case has started, the status, time, patient, provider and place stay (a
 *   finalized case is refused earlier, by the signed-record guard);
 * - [APC3] a cancellation carries a reason (FHIR `cancelationReason.text`, at most 500 characters).
 * Returns the first refusal, or null.
 */
export function appointmentChangeIssue(input: AppointmentChangeInput): Issue | null {
  const { before, after, caseStarted } = input;
  if (!scheduleChanged(before, after)) return null;
  if (before.status === 'entered-in-error') {
    return issue(APPOINTMENT_CHANGE_CODES.enteredInError, APPOINTMENT_CHANGE_MESSAGES.enteredInError, ['status']);
  }
  if (caseStarted) return issue(APPOINTMENT_CHANGE_CODES.caseStarted, APPOINTMENT_CHANGE_MESSAGES.caseStarted);
  if (after && after.status === 'cancelled' && before.status !== 'cancelled') {
    const reason = cancelReasonOf(after);
    if (reason === null || reason.length > CANCEL_REASON_MAX) {
      return issue(APPOINTMENT_CHANGE_CODES.reasonRequired, APPOINTMENT_CHANGE_MESSAGES.reasonRequired, [
        'cancelationReason',
      ]);
    }
  }
  return null;
}

/** A reschedule: the new time and, when given, the new provider and place (null: no place). */
export interface Reschedule {
  start: string;
  end: string;
  providerId?: string;
  locationId?: string | null;
}

/** [APC4] A reschedule's time: a valid start, an end after it, at most 24 hours long. */
export function rescheduleIssue(r: Pick<Reschedule, 'start' | 'end'>): Issue | null {
  const start = Date.parse(r.start);
  const end = Date.parse(r.end);
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) {
    return issue(APPOINTMENT_CHANGE_CODES.invalidTime, APPOINTMENT_CHANGE_MESSAGES.endAfterStart, ['end']);
  }
  if (end - start > APPOINTMENT_MAX_MINUTES * 60_000) {
    return issue(APPOINTMENT_CHANGE_CODES.invalidTime, APPOINTMENT_CHANGE_MESSAGES.tooLong, ['end']);
  }
  return null;
}

/** The participants with one actor type's first entry replaced (or removed when `id` is null). */
function withActor(
  participants: readonly AppointmentParticipant[],
  type: 'Practitioner' | 'Location',
  id: string | null,
): AppointmentParticipant[] {
  const index = participants.findIndex((p) => p.actor?.reference?.startsWith(`${type}/`));
  const next = [...participants];
  if (id === null) {
    if (index >= 0) next.splice(index, 1);
    return next;
  }
  const entry: AppointmentParticipant = { actor: { reference: `${type}/${id}` }, status: 'accepted' };
  if (index >= 0) next[index] = { ...next[index]!, actor: { reference: `${type}/${id}` } };
  else next.push(entry);
  return next;
}

/**
 * [APC5] The appointment moved: new start and end (a duration the form gives is an end), provider
 * and place when given; everything else (forms, health history, record links, patient) kept.
 */
export function rescheduled(a: Appointment, r: Reschedule): Appointment {
  let participant = a.participant;
  if (r.providerId !== undefined) participant = withActor(participant, 'Practitioner', r.providerId);
  if (r.locationId !== undefined) participant = withActor(participant, 'Location', r.locationId);
  const { minutesDuration: _dropped, ...rest } = a;
  return {
    ...rest,
    start: new Date(r.start).toISOString(),
    end: new Date(r.end).toISOString(),
    participant,
  };
}

/** [APC3] The appointment cancelled with its reason. */
export function cancelled(a: Appointment, reason: string): Appointment {
  return { ...a, status: 'cancelled', cancelationReason: { text: reason.trim() } };
}

/** A desk status set (arrived, checked in, no-show, entered in error, back to booked). */
export function withDeskStatus(a: Appointment, status: DeskStatus): Appointment {
  const { cancelationReason: _reason, ...rest } = a;
  return { ...(status === 'entered-in-error' ? a : rest), status };
}

/** Statuses that free the provider and the room: nobody will be there. */
const OFF_STATUSES: ReadonlySet<AppointmentStatus> = new Set(['cancelled', 'noshow', 'entered-in-error']);

export interface AppointmentConflict {
  appointmentId: string;
  /** `provider`: the same provider; `room`: the same room. */
  kind: 'provider' | 'room';
  start: string;
  end: string;
}

/**
 * [APC6] Double bookings a desk would catch (reported, never blocking): other appointments whose
 * time overlaps this one's ([start, end) ranges) with the same provider, or in the same room
 * (`isRoom`: a Location that is part of an office; two appointments at one office are not a
 * conflict). Cancelled, no-show and entered-in-error ones are free time.
 */
export function appointmentConflicts(
  target: Appointment & { id?: string },
  others: readonly (Appointment & { id?: string })[],
  isRoom: (locationId: string) => boolean,
): AppointmentConflict[] {
  if (!target.start || !target.end || OFF_STATUSES.has(target.status)) return [];
  const start = Date.parse(target.start);
  const end = Date.parse(target.end);
  const provider = appointmentActorId(target, 'Practitioner');
  const location = appointmentActorId(target, 'Location');
  const room = location !== null && isRoom(location) ? location : null;
  const out: AppointmentConflict[] = [];
  for (const o of others) {
    if (!o.id || o.id === target.id || !o.start || !o.end || OFF_STATUSES.has(o.status)) continue;
    if (!(Date.parse(o.start) < end && start < Date.parse(o.end))) continue;
    const span = { appointmentId: o.id, start: o.start, end: o.end };
    if (provider !== null && appointmentActorId(o, 'Practitioner') === provider)
      out.push({ ...span, kind: 'provider' });
    if (room !== null && appointmentActorId(o, 'Location') === room) out.push({ ...span, kind: 'room' });
  }
  return out;
}
