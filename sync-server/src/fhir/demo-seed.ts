import {
  APPOINTMENT_EXTENSIONS,
  ORG_TAG_SYSTEM,
  PRACTITIONER_ROLE_SYSTEM,
  PRACTITIONER_USER_SYSTEM,
  ROOM_PHYSICAL_TYPE,
  type Appointment,
  type AppointmentStatus,
  type FhirResource,
  type Location,
  type Patient,
  type Practitioner,
  type SedationLevel,
} from '@vigil/shared';
import type { ResourceStore } from '../store/resources/types.js';

/** A member who is also a practitioner in the demo office. */
export interface DemoPractitioner {
  /** The member id, which is the Practitioner id (migration 10). */
  id: string;
  userId: string;
  name: string;
  /** Organisation roles, kept as security tags like the organisation module keeps them. */
  roles?: readonly string[];
}

/** The demo office's location and its two operatories. */
export const DEMO_LOCATION_ID = 'loc-demooffice0000';
export const DEMO_ROOM_IDS = ['loc-demoop1000000', 'loc-demoop2000000'] as const;

/** Twelve patients: children (sedation dentistry's usual patients) and adults; age in years on the seed day. */
const PATIENTS: readonly { given: string; family: string; nickname?: string; age: number; sex: 'male' | 'female' }[] = [
  { given: 'Amelia', family: 'Hart', nickname: 'Millie', age: 4, sex: 'female' },
  { given: 'Noah', family: 'Okafor', age: 6, sex: 'male' },
  { given: 'Sofia', family: 'Ramirez', age: 7, sex: 'female' },
  { given: 'Liam', family: 'Chen', age: 9, sex: 'male' },
  { given: 'Ava', family: 'Kowalski', age: 11, sex: 'female' },
  { given: 'Ethan', family: 'Brooks', age: 14, sex: 'male' },
  { given: 'Maya', family: 'Patel', age: 17, sex: 'female' },
  { given: 'James', family: 'O’Connell', nickname: 'Jim', age: 34, sex: 'male' },
  { given: 'Grace', family: 'Nakamura', age: 42, sex: 'female' },
  { given: 'Robert', family: 'Whitfield', nickname: 'Bob', age: 58, sex: 'male' },
  { given: 'Linda', family: 'Adeyemi', age: 67, sex: 'female' },
  { given: 'Harold', family: 'Svensson', age: 79, sex: 'male' },
];

/** Today's schedule (hour UTC, patient index, room, status, sedation level): statuses of spec 001 §4. */
const TODAY: readonly [number, number, 0 | 1, AppointmentStatus, SedationLevel][] = [
  [13, 0, 0, 'fulfilled', 'moderate'],
  [14, 1, 1, 'fulfilled', 'minimal'],
  [15, 2, 0, 'arrived', 'deep'],
  [16, 7, 1, 'checked-in', 'moderate'],
  [18, 3, 0, 'booked', 'ga'],
  [19, 9, 1, 'booked', 'moderate'],
  [20, 4, 0, 'pending', 'minimal'],
];

/** Other days of the month (day offset from today, hour, patient, room, status, level). */
const MONTH: readonly [number, number, number, 0 | 1, AppointmentStatus, SedationLevel][] = [
  [-9, 14, 5, 0, 'fulfilled', 'moderate'],
  [-7, 15, 10, 1, 'noshow', 'minimal'],
  [-5, 16, 6, 0, 'cancelled', 'deep'],
  [-3, 14, 11, 1, 'fulfilled', 'local'],
  [-2, 17, 8, 0, 'entered-in-error', 'moderate'],
  [1, 14, 5, 0, 'booked', 'moderate'],
  [2, 15, 10, 1, 'booked', 'minimal'],
  [4, 16, 6, 0, 'proposed', 'deep'],
  [6, 13, 11, 1, 'booked', 'moderate'],
  [8, 18, 8, 0, 'waitlist', 'ga'],
  [10, 14, 2, 1, 'booked', 'moderate'],
];

const pad = (n: number): string => String(n).padStart(2, '0');

function birthDate(now: Date, age: number, index: number): string {
  // Spread birthdays over the year, always already passed this year so the age holds.
  const month = ((index * 5) % 12) + 1;
  const day = ((index * 7) % 27) + 1;
  const thisYear = new Date(Date.UTC(now.getUTCFullYear(), month - 1, day));
  const year = now.getUTCFullYear() - age - (thisYear > now ? 1 : 0);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The demo resources of one office, with fixed ids. */
export function demoResources(
  now: Date,
  practitioners: readonly DemoPractitioner[],
): (FhirResource & { id: string })[] {
  const out: (FhirResource & { id: string })[] = [];
  for (const p of practitioners) {
    const practitioner: Practitioner & { id: string } = {
      resourceType: 'Practitioner',
      id: p.id,
      active: true,
      name: [{ text: p.name }],
      identifier: [{ system: PRACTITIONER_USER_SYSTEM, value: p.userId }],
      ...(p.roles ? { meta: { security: p.roles.map((code) => ({ system: PRACTITIONER_ROLE_SYSTEM, code })) } } : {}),
    };
    out.push(practitioner);
  }
  const office: Location & { id: string } = {
    resourceType: 'Location',
    id: DEMO_LOCATION_ID,
    status: 'active',
    name: 'Demo Dental Office',
    description: 'Pediatric and adult sedation dentistry',
    address: { line: ['12 Molar Avenue'], city: 'Springfield', state: 'IL', postalCode: '62704', country: 'US' },
    position: { latitude: 39.7817, longitude: -89.6501 },
  };
  out.push(office);
  DEMO_ROOM_IDS.forEach((id, i) => {
    const room: Location & { id: string } = {
      resourceType: 'Location',
      id,
      status: 'active',
      name: `Operatory ${i + 1}`,
      physicalType: { coding: [{ ...ROOM_PHYSICAL_TYPE }] },
      partOf: { reference: `Location/${DEMO_LOCATION_ID}` },
    };
    out.push(room);
  });
  const patientIds = PATIENTS.map((_, i) => `pat-demo${String(i + 1).padStart(10, '0')}`);
  PATIENTS.forEach((p, i) => {
    const patient: Patient & { id: string } = {
      resourceType: 'Patient',
      id: patientIds[i]!,
      name: [
        { use: 'official', given: [p.given], family: p.family },
        ...(p.nickname ? [{ use: 'nickname' as const, given: [p.nickname] }] : []),
      ],
      gender: p.sex,
      birthDate: birthDate(now, p.age, i),
      telecom: [{ system: 'email', value: `${p.given.toLowerCase()}.${i + 1}@example.com` }],
    };
    out.push(patient);
  });
  const providers = practitioners.length > 0 ? practitioners : [];
  const appointment = (
    n: number,
    start: Date,
    patient: number,
    room: 0 | 1,
    status: AppointmentStatus,
    level: SedationLevel,
  ): Appointment & { id: string } => {
    const provider = providers.length > 0 ? providers[n % providers.length] : undefined;
    return {
      resourceType: 'Appointment',
      id: `apt-demo${String(n).padStart(10, '0')}`,
      status,
      description: 'Dental treatment under sedation',
      start: start.toISOString(),
      end: new Date(start.getTime() + 60 * 60_000).toISOString(),
      participant: [
        { actor: { reference: `Patient/${patientIds[patient]!}` }, status: 'accepted' },
        ...(provider ? [{ actor: { reference: `Practitioner/${provider.id}` }, status: 'accepted' as const }] : []),
        { actor: { reference: `Location/${DEMO_ROOM_IDS[room]}` }, status: 'accepted' },
      ],
      extension: [{ url: APPOINTMENT_EXTENSIONS.sedationLevel, valueCode: level }],
      // Issue 40 (APC3): a cancellation carries the desk's reason.
      ...(status === 'cancelled' ? { cancelationReason: { text: 'The patient called: unwell, will rebook' } } : {}),
    };
  };
  const day = (offset: number, hour: number): Date =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset, hour));
  let n = 0;
  for (const [hour, patient, room, status, level] of TODAY)
    out.push(appointment((n += 1), day(0, hour), patient, room, status, level));
  for (const [offset, hour, patient, room, status, level] of MONTH) {
    out.push(appointment((n += 1), day(offset, hour), patient, room, status, level));
  }
  return out;
}

/**
 * Seeds the demo office's resources (issue 5): its practitioners, a location with two
 * operatories, 12 patients of all ages and appointments today and around it this month. Meant
 * to be called by the demo seed (sync-server/src/demo/seed.ts) for the demo office. Returns how
 * many resources it wrote (0 when seeded before).
 */
export function seedDemoResources(
  store: ResourceStore,
  orgId: string,
  now: Date,
  practitioners: readonly DemoPractitioner[],
): Promise<number> {
  const at = now.toISOString();
  const resources = demoResources(now, practitioners);
  return store.transaction(async () => {
    let written = 0;
    for (const resource of resources) {
      // Never overwrite: a member's Practitioner is kept by the organisation module, and a
      // second seed leaves what the first wrote (and anything edited since) alone.
      if (await store.read(orgId, resource.resourceType, resource.id)) continue;
      const tagged = { ...resource, meta: { ...resource.meta, tag: [{ system: ORG_TAG_SYSTEM, code: orgId }] } };
      await store.write({ orgId, resource: tagged }, at);
      written += 1;
    }
    return written;
  });
}
