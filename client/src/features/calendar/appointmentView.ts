import {
  APPOINTMENT_EXTENSIONS,
  appointmentActorId,
  appointmentDisplay,
  appointmentStatusColour,
  dayKey,
  extensionsOf,
  patientDisplayName,
  practitionerDisplayName,
  type Appointment,
  type AppointmentDisplayState,
  type AppointmentStatusColour,
  type Location,
  type Patient,
  type Practitioner,
} from '@vigil/shared';
import { placeName } from '../locations/locationRules.js';

/** What the calendar and the cases list show of an appointment (spec 000 §3 calendar event). */
export interface AppointmentView {
  id: string;
  patientId: string | null;
  patient: string;
  description: string;
  providerId: string | null;
  provider: string | null;
  locationId: string | null;
  place: string | null;
  status: Appointment['status'];
  colour: AppointmentStatusColour;
  state: AppointmentDisplayState;
  strikethrough: boolean;
  start: Date | null;
  end: Date | null;
  /** The local day of the start (`YYYY-MM-DD`), null without a start. */
  day: string | null;
}

/** The people and places an appointment refers to, by id. */
export interface ViewLookups {
  patients: ReadonlyMap<string, Patient>;
  practitioners: ReadonlyMap<string, Practitioner>;
  locations: readonly Location[];
}

export function byId<T extends { id?: string }>(list: readonly T[] | undefined): Map<string, T> {
  return new Map((list ?? []).flatMap((r) => (r.id ? [[r.id, r] as [string, T]] : [])));
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
  const finalized = extensionsOf(a, APPOINTMENT_EXTENSIONS.pdf).length > 0;
  const display = appointmentDisplay(
    { status: a.status, start: start?.getTime() ?? null, end: end?.getTime() ?? null, liveVitals: false, finalized },
    now,
  );
  return {
    id: a.id,
    patientId,
    patient: (patient && patientDisplayName(patient)) || 'Unknown patient',
    description: a.description ?? '',
    providerId,
    provider: provider ? practitionerDisplayName(provider) || null : null,
    locationId,
    place: placeName(lookups.locations, locationId),
    status: a.status,
    colour: appointmentStatusColour(a.status),
    ...display,
    start,
    end,
    day: start ? dayKey(start) : null,
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
