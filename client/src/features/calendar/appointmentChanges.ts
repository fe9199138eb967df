import {
  refusalText,
  type Appointment,
  type AppointmentConflict,
  type DeskStatus,
  type Reschedule,
} from '@vigil/shared';
import { cacheResources } from '../../data/db.js';
import { errorCodeForStatus, notifyAuthError, RequestError } from '../../data/graphql.js';

/* The desk's appointment operations (issue 40): POST /api/appointments/{orgId}/{id}/… */

/** One operation and its body. */
export type AppointmentChange =
  | { kind: 'reschedule'; body: Reschedule }
  | { kind: 'cancel'; body: { reason: string } }
  | { kind: 'status'; body: { status: DeskStatus } };

export interface AppointmentChangeResult {
  appointment: Appointment & { id: string };
  conflicts: AppointmentConflict[];
}

/**
 * Sends one change; the appointment the server answers goes into the device's cache at once (the
 * calendar and the cases list follow; the live event brings it to every other screen). A refusal
 * throws a RequestError with the server's code; offline, NETWORK_ERROR (nothing is queued: a
 * change to a booking needs the server's word on the case and the double bookings).
 */
export async function changeAppointment(
  orgId: string,
  appointmentId: string,
  change: AppointmentChange,
): Promise<AppointmentChangeResult> {
  let response: Response;
  try {
    response = await fetch(
      `/api/appointments/${encodeURIComponent(orgId)}/${encodeURIComponent(appointmentId)}/${change.kind}`,
      {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-app-name': 'vigil' },
        body: JSON.stringify(change.body),
      },
    );
  } catch {
    throw new RequestError('NETWORK_ERROR');
  }
  const text = await response.text();
  if (!response.ok) {
    let code: string = errorCodeForStatus(response.status, text);
    try {
      const body = JSON.parse(text) as { error?: string };
      if (body.error && response.status !== 401) code = body.error;
    } catch {
      // not JSON: the status code's error stands
    }
    notifyAuthError(code);
    throw new RequestError(code, response.status);
  }
  const result = JSON.parse(text) as AppointmentChangeResult;
  await cacheResources(orgId, [result.appointment], { evenIfQueued: true });
  return result;
}

/** How the calendar words the refusals of an appointment change (the others read as everywhere). */
export function appointmentRefusalText(code: string): string {
  return refusalText(code, {
    CASE_STARTED:
      'This case has already started: its appointment can no longer be moved, cancelled or marked. The case record keeps its own times.',
    SIGNED_RECORD: 'This case is finalized: its appointment stays as it was signed.',
    APPOINTMENT_ENTERED_IN_ERROR: 'This appointment was entered in error and can no longer be changed.',
    INVALID_APPOINTMENT_TIME: 'The end must be after the start, and an appointment lasts at most 24 hours.',
    INVALID_INPUT: 'Check the values entered: a cancellation needs a reason of at most 500 characters.',
    NOT_AUTHORIZED: 'You do not have permission to change appointments in this organization.',
    NETWORK_ERROR: 'The server cannot be reached, so nothing was changed. Your entries are kept: try again.',
    default: 'The appointment could not be changed. Your entries are kept: try again.',
  });
}
