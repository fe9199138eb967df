import {
  appointmentConflicts,
  isRoom,
  type AppointmentConflict,
  type Location,
  ANESTHESIA_RECORD_TYPE,
  APPOINTMENT_EXTENSIONS,
  isSedationLevelAllowed,
  manualVitalsAgeBadge,
  measurementOf,
  kgText,
  cmText,
  type AgeBadge,
  type Observation,
  SEDATION_LEVELS,
  type Appointment,
  type AppointmentParticipant,
  type Composition,
  type SedationLevel,
} from '@vigil/shared';

/** What the new-case form collects. Date and times are the device's local day and clock. */
export interface NewCaseValues {
  patientId: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM` (24 h). */
  startTime: string;
  endTime: string;
  providerId: string;
  /** A location or one of its rooms; empty for none. */
  locationId: string;
  sedationLevel: SedationLevel | '';
  description: string;
}

/** The anesthesia record's title (the spec names none). */
export const ANESTHESIA_RECORD_TITLE = 'Anesthesia Record';

/** The default times of a new case: the next half hour, for an hour. */
export function defaultCaseTimes(now: Date): Pick<NewCaseValues, 'date' | 'startTime' | 'endTime'> {
  const start = new Date(now.getTime());
  start.setSeconds(0, 0);
  start.setMinutes(start.getMinutes() < 30 ? 30 : 60);
  const end = new Date(start.getTime() + 60 * 60_000);
  const pad = (n: number): string => String(n).padStart(2, '0');
  const day = `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`;
  const hm = (d: Date): string => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return { date: day, startTime: hm(start), endTime: end.getDate() === start.getDate() ? hm(end) : '23:59' };
}

/** A local day and `HH:MM` as a Date, or null when either is not readable. */
export function localDateTime(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const value = new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  return Number.isNaN(value.getTime()) || value.getDate() !== Number(d[3]) ? null : value;
}

/** Messages of a new case that cannot be saved yet, by field. */
export function newCaseErrors(
  v: NewCaseValues,
  maxSedationLevel: string,
): Partial<Record<keyof NewCaseValues, string>> {
  const errors: Partial<Record<keyof NewCaseValues, string>> = {};
  if (!v.patientId) errors.patientId = 'Choose a patient';
  if (!v.providerId) errors.providerId = 'Choose a provider';
  const start = localDateTime(v.date, v.startTime);
  const end = localDateTime(v.date, v.endTime);
  if (!localDateTime(v.date, '00:00')) errors.date = 'Enter a date';
  else if (!start) errors.startTime = 'Invalid time input use HH:MM';
  else if (!end) errors.endTime = 'Invalid time input use HH:MM';
  else if (end <= start) errors.endTime = 'The end must be after the start';
  if (v.sedationLevel && !isSedationLevelAllowed(v.sedationLevel, maxSedationLevel)) {
    errors.sedationLevel = 'This sedation level is not allowed by your organization’s subscription';
  }
  return errors;
}

/** The sedation levels an organisation may choose (spec 002 §5 sedation level check, [SL2]). */
export function allowedSedationLevels(maxSedationLevel: string): SedationLevel[] {
  return SEDATION_LEVELS.filter((l) => isSedationLevelAllowed(l, maxSedationLevel));
}

/**
 * The two resources of a new case, sharing one id chosen on the device: the Appointment (booked,
 * with the patient, provider and location as participants, its sedation level, and the
 * composition extension pointing to the record) and the anesthesia-record Composition
 * (preliminary, subject the patient, author the provider). That id is also the case document's
 * id in the sync engine, so the case opens at /org/{orgId}/cases/{id} before the server knows it.
 */
export function newCaseResources(
  id: string,
  v: NewCaseValues,
  now: Date,
): { appointment: Appointment & { id: string }; composition: Composition & { id: string } } {
  const start = localDateTime(v.date, v.startTime);
  const end = localDateTime(v.date, v.endTime);
  if (!start || !end) throw new Error('newCaseResources needs a valid date and times');
  const participant: AppointmentParticipant[] = [
    { actor: { reference: `Patient/${v.patientId}` }, status: 'accepted' },
    { actor: { reference: `Practitioner/${v.providerId}` }, status: 'accepted' },
    ...(v.locationId ? [{ actor: { reference: `Location/${v.locationId}` }, status: 'accepted' as const }] : []),
  ];
  const appointment: Appointment & { id: string } = {
    resourceType: 'Appointment',
    id,
    status: 'booked',
    start: start.toISOString(),
    end: end.toISOString(),
    ...(v.description.trim() ? { description: v.description.trim() } : {}),
    created: now.toISOString(),
    participant,
    extension: [
      { url: APPOINTMENT_EXTENSIONS.composition, valueReference: { reference: `Composition/${id}` } },
      ...(v.sedationLevel ? [{ url: APPOINTMENT_EXTENSIONS.sedationLevel, valueCode: v.sedationLevel }] : []),
    ],
  };
  const composition: Composition & { id: string } = {
    resourceType: 'Composition',
    id,
    status: 'preliminary',
    type: { coding: [{ ...ANESTHESIA_RECORD_TYPE }] },
    subject: { reference: `Patient/${v.patientId}` },
    date: now.toISOString(),
    author: [{ reference: `Practitioner/${v.providerId}` }],
    title: ANESTHESIA_RECORD_TITLE,
  };
  return { appointment, composition };
}

/** A weight or height carried from the patient's record into a new case (issue 25). */
export interface CarriedMeasurement {
  /** kg or cm. */
  value: number;
  raw?: string;
  /** The Observation it comes from, and when it was measured (ISO date-time). */
  observationId: string | null;
  time: string;
}

/** Where a carried measurement came from, as kept in the case (`weightSource`, `heightSource`). */
export interface MeasurementSource {
  observationId: string | null;
  time: string;
}

const measuredAt = (o: Observation): string => o.effectiveDateTime ?? o.meta?.lastUpdated ?? '';

/**
 * The patient's latest weight and latest height (issue 25): each from the newest Observation of
 * the patient that holds it (not entered in error, by the time it was measured), so a newer
 * height-only measurement does not hide last week's weight. Null for a measurement never taken.
 */
export function carriedMeasurements(
  observations: readonly Observation[],
  patientId: string,
): { weight: CarriedMeasurement | null; height: CarriedMeasurement | null } {
  const mine = observations
    .filter((o) => o.subject?.reference === `Patient/${patientId}` && o.status !== 'entered-in-error')
    .filter((o) => measuredAt(o) !== '')
    .sort((a, b) => measuredAt(b).localeCompare(measuredAt(a)));
  const latest = (kind: 'weight' | 'height'): CarriedMeasurement | null => {
    for (const o of mine) {
      const m = measurementOf(o, kind);
      if (m && m.value > 0) return { ...m, observationId: o.id ?? null, time: measuredAt(o) };
    }
    return null;
  };
  return { weight: latest('weight'), height: latest('height') };
}

/**
 * What a carried measurement says about itself: "From the patient record, measured 2026-11-20
 * (6 days ago)", with the age colour of the manual vitals badge (HH7: green up to 30 days,
 * orange above 30, red above 60), as a child's weight a month old may no longer be right.
 */
export function measurementSourceText(source: MeasurementSource, now: number): { text: string; age: AgeBadge } | null {
  const t = Date.parse(source.time);
  if (Number.isNaN(t)) return null;
  const age = manualVitalsAgeBadge(t, now);
  const d = new Date(t);
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const ago =
    age.unit === 'days' && age.amount === 0
      ? 'today'
      : `${age.amount} ${age.amount === 1 ? age.unit.slice(0, -1) : age.unit} ago`;
  return { text: `From the patient record, measured ${day} (${ago})`, age };
}

/** "15 kg", "100 cm": a carried value as the new-case form shows it. */
export function carriedText(m: CarriedMeasurement, kind: 'weight' | 'height'): string {
  return kind === 'weight' ? kgText(m.value) : cmText(m.value);
}

/**
 * [APC6] The double bookings the new case would make, from the appointments this device knows
 * around its time: the same provider, or the same room, overlapping. Shown while the form is
 * filled in, never blocking; none until the day and both times are readable.
 */
export function newCaseConflicts(
  v: Pick<NewCaseValues, 'date' | 'startTime' | 'endTime' | 'providerId' | 'locationId'>,
  others: readonly (Appointment & { id?: string })[],
  locations: readonly Location[],
): AppointmentConflict[] {
  const start = localDateTime(v.date, v.startTime);
  const end = localDateTime(v.date, v.endTime);
  if (!start || !end || end <= start) return [];
  const draft: Appointment = {
    resourceType: 'Appointment',
    status: 'booked',
    start: start.toISOString(),
    end: end.toISOString(),
    participant: [
      ...(v.providerId ? [{ actor: { reference: `Practitioner/${v.providerId}` }, status: 'accepted' as const }] : []),
      ...(v.locationId ? [{ actor: { reference: `Location/${v.locationId}` }, status: 'accepted' as const }] : []),
    ],
  };
  const rooms = new Set(locations.filter(isRoom).map((l) => l.id));
  return appointmentConflicts(draft, others, (id) => rooms.has(id));
}
