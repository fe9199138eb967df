import {
  appointmentActorId,
  patientDisplayName,
  practitionerDisplayName,
  type Appointment,
  type Location,
  type Patient,
  type Practitioner,
} from '@vigil/shared';
import type { ResourceStore } from '../store/resources/types.js';

/** An appointment's people and place as the office's screens name them. */
export interface AppointmentNames {
  patient: string;
  patientId: string | null;
  provider: string | null;
  /** The room with its location ('Main office · Operatory 2'), or the location alone. */
  place: string | null;
}

/**
 * Reads the names an appointment points at in its organisation (the live lists, the parent's
 * calendar): the patient ('Unknown patient' when unnamed or gone), the provider and the place.
 */
export async function appointmentNames(
  resources: Pick<ResourceStore, 'read'>,
  orgId: string,
  appointment: Appointment | null,
): Promise<AppointmentNames> {
  const read = async <T>(type: 'Patient' | 'Practitioner' | 'Location', id: string | null) =>
    id === null ? null : ((await resources.read(orgId, type, id))?.resource as T | undefined);
  const actor = (type: 'Patient' | 'Practitioner' | 'Location'): string | null =>
    appointment ? appointmentActorId(appointment, type) : null;
  const patientId = actor('Patient');
  const patient = await read<Patient>('Patient', patientId);
  const practitioner = await read<Practitioner>('Practitioner', actor('Practitioner'));
  const location = await read<Location>('Location', actor('Location'));
  const parentId = location?.partOf?.reference?.replace(/^Location\//, '') ?? null;
  const parent = parentId ? await read<Location>('Location', parentId) : null;
  return {
    patient: (patient && patientDisplayName(patient)) || 'Unknown patient',
    patientId,
    provider: (practitioner && practitionerDisplayName(practitioner)) || null,
    place: location?.name ? (parent?.name ? `${parent.name} · ${location.name}` : location.name) : null,
  };
}
