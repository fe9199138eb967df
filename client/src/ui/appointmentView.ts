import {
  APPOINTMENT_DISPLAY_LABELS,
  APPOINTMENT_EXTENSIONS,
  appointmentActorId,
  appointmentDisplay,
  appointmentStatusColour,
  dayKey,
  extensionsOf,
  patientDisplayName,
  patientPhotoId,
  practitionerDisplayName,
  type Appointment,
  type AppointmentDisplayState,
  type AppointmentStatusColour,
  type Location,
  type ParentAppointmentView,
} from '@vigil/shared';
import type { ViewLookups } from '../data/calendar.js';
import { placeName } from './places.js';

/** What the calendar and the cases list show of an appointment (spec 000 §3 calendar event). */
export interface AppointmentView {
  id: string;
  patientId: string | null;
  patient: string;
  /** The patient's photo (photoId, issue 40), when they have one. */
  photoId?: string | null;
  description: string;
  providerId: string | null;
  provider: string | null;
  locationId: string | null;
  place: string | null;
  status: Appointment['status'];
  /** A signed report (PDF) is linked: the case is finalized, whatever the appointment's status. */
  finalized: boolean;
  /** The status badge's text and colour: see statusBadges. */
  statusLabel: string;
  colour: AppointmentStatusColour;
  state: AppointmentDisplayState;
  /** The display state's badge, or null when the status badge already says it: see statusBadges. */
  stateLabel: string | null;
  strikethrough: boolean;
  start: Date | null;
  end: Date | null;
  /** The local day of the start (`YYYY-MM-DD`), null without a start. */
  day: string | null;
}

/** Statuses that end an appointment without a case: the status, not "Complete", is what happened. */
const CALLED_OFF: ReadonlySet<Appointment['status']> = new Set(['cancelled', 'noshow', 'entered-in-error']);

/** How the badges spell a status (the FHIR codes, with the run-together ones split). */
const STATUS_WORDS: Partial<Record<Appointment['status'], string>> = {
  noshow: 'no-show',
  'entered-in-error': 'entered in error',
};

/**
 * The status badge of an appointment wherever one is listed (calendar, cases list, patient page;
 * issue 25, issue 35): a finalized case reads "finalized" in green (spec 002 §3's fulfilled
 * colour), not its appointment's "booked"; a called-off appointment keeps its status in red.
 */
export function statusBadge(a: { status: Appointment['status']; finalized: boolean }): {
  statusLabel: string;
  colour: AppointmentStatusColour;
} {
  if (a.finalized && !CALLED_OFF.has(a.status)) {
    return { statusLabel: 'finalized', colour: appointmentStatusColour('fulfilled') };
  }
  return { statusLabel: STATUS_WORDS[a.status] ?? a.status, colour: appointmentStatusColour(a.status) };
}

/**
 * The two badges of an appointment in the calendar and the cases list (issue 25): the status
 * (statusBadge) and the display state. A cancelled, no-show or entered-in-error appointment keeps
 * the 'complete' display state of spec 000 §4 (not counted as incomplete; no-show and
 * entered-in-error struck through), but shows only its status badge in red: a "Complete" badge
 * beside it read as "the case was done".
 */
export function statusBadges(a: {
  status: Appointment['status'];
  finalized: boolean;
  state: AppointmentDisplayState;
}): { statusLabel: string; colour: AppointmentStatusColour; stateLabel: string | null } {
  return {
    ...statusBadge(a),
    stateLabel: CALLED_OFF.has(a.status) ? null : APPOINTMENT_DISPLAY_LABELS[a.state],
  };
}

/** The appointment as shown at `now`: names looked up, status colour, display state (spec 000 §4). */
export function appointmentView(a: Appointment & { id: string }, lookups: ViewLookups, now: number): AppointmentView {
  const patientId = appointmentActorId(a, 'Patient');
  const providerId = appointmentActorId(a, 'Practitioner');
  const locationId = appointmentActorId(a, 'Location');
  const patient = patientId ? lookups.patients.get(patientId) : undefined;
  const provider = providerId ? lookups.practitioners.get(providerId) : undefined;
  const start = a.start ? new Date(a.start) : null;
  const end = a.end ? new Date(a.end) : null;
  const finalized = lookups.signedCases?.get(a.id) ?? extensionsOf(a, APPOINTMENT_EXTENSIONS.pdf).length > 0;
  const display = appointmentDisplay(
    {
      status: a.status,
      start: start?.getTime() ?? null,
      end: end?.getTime() ?? null,
      liveVitals: lookups.liveCases?.has(a.id) ?? false,
      finalized,
    },
    now,
  );
  return {
    id: a.id,
    patientId,
    patient: (patient && patientDisplayName(patient)) || 'Unknown patient',
    photoId: patient ? patientPhotoId(patient) : null,
    description: a.description ?? '',
    providerId,
    provider: provider ? practitionerDisplayName(provider) || null : null,
    locationId,
    place: placeName(lookups.locations, locationId),
    status: a.status,
    finalized,
    ...display,
    ...statusBadges({ status: a.status, finalized, state: display.state }),
    start,
    end,
    day: start ? dayKey(start) : null,
  };
}

/** An office's appointment on the parent organisation's calendar (issue 41), named by the server. */
export interface ParentAppointmentItem extends AppointmentView {
  orgId: string;
  orgName: string;
}

/** The parent calendar's row as the office's calendar shows an appointment at `now`. */
export function parentAppointmentItem(p: ParentAppointmentView, now: number): ParentAppointmentItem {
  const status = p.status as Appointment['status'];
  const display = appointmentDisplay(
    { status, start: p.start, end: p.end, liveVitals: false, finalized: p.finalized },
    now,
  );
  const start = new Date(p.start);
  return {
    id: p.id,
    orgId: p.orgId,
    orgName: p.orgName,
    patientId: null,
    patient: p.patient,
    description: p.description ?? '',
    providerId: null,
    provider: p.provider,
    locationId: null,
    place: p.place,
    status,
    finalized: p.finalized,
    ...display,
    ...statusBadges({ status, finalized: p.finalized, state: display.state }),
    start,
    end: p.end === null ? null : new Date(p.end),
    day: dayKey(start),
  };
}

/** "9:00 AM – 10:30 AM" in the device's time zone. */
export function timeRangeText(v: Pick<AppointmentView, 'start' | 'end'>): string {
  if (!v.start) return 'No time set';
  const t = (d: Date): string => d.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  return v.end ? `${t(v.start)} – ${t(v.end)}` : t(v.start);
}

/** Whether an appointment passes the calendar's location and provider filters (a room counts for its office). */
export function matchesFilters(
  v: AppointmentView,
  f: { locationId: string | null; providerId: string | null },
  locations: readonly Location[],
): boolean {
  if (f.providerId && v.providerId !== f.providerId) return false;
  if (f.locationId && v.locationId !== f.locationId) {
    const place = locations.find((l) => l.id === v.locationId);
    if (place?.partOf?.reference !== `Location/${f.locationId}`) return false;
  }
  return true;
}
