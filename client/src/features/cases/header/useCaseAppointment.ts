import { appointmentActorId, type Appointment, type Patient, type Practitioner } from '@vigil/shared';
import { useEffect, useState } from 'react';
import { cachedResource, cacheResources, useDexieQuery } from '../../../data/db.js';
import { fhirClient } from '../../../data/fhir.js';

export interface CaseAppointment {
  /** undefined while the cache answers; null when this device does not know it (an offline-created case). */
  appointment: Appointment | null | undefined;
  patient: Patient | null | undefined;
  primaryProvider: Practitioner | null | undefined;
  /** Reads the appointment and its people from the server again (e.g. after finalize links the PDF). */
  refresh: () => void;
}

/**
 * The case's Appointment (the same id as the case) and its patient and primary provider, from
 * the device cache (so an opened case works offline), refreshed from the server once.
 */
export function useCaseAppointment(orgId: string, appointmentId: string): CaseAppointment {
  const [round, setRound] = useState(0);
  const appointment = useDexieQuery(
    async () => (await cachedResource(orgId, 'Appointment', appointmentId)) ?? null,
    `case-appointment|${orgId}|${appointmentId}`,
  );
  const patientId = appointment ? appointmentActorId(appointment, 'Patient') : null;
  const practitionerId = appointment ? appointmentActorId(appointment, 'Practitioner') : null;
  const patient = useDexieQuery(
    async () => (patientId ? ((await cachedResource(orgId, 'Patient', patientId)) ?? null) : null),
    `case-patient|${orgId}|${patientId ?? ''}`,
  );
  const primaryProvider = useDexieQuery(
    async () => (practitionerId ? ((await cachedResource(orgId, 'Practitioner', practitionerId)) ?? null) : null),
    `case-practitioner|${orgId}|${practitionerId ?? ''}`,
  );

  useEffect(() => {
    let live = true;
    const client = fhirClient(orgId);
    // Offline or unknown: the cache (or the case document itself) stands.
    const refresh = async (): Promise<void> => {
      const apt = await client.read('Appointment', appointmentId);
      if (!live) return;
      await cacheResources(orgId, [apt]);
      const pid = appointmentActorId(apt, 'Patient');
      const prid = appointmentActorId(apt, 'Practitioner');
      const more = await Promise.allSettled([
        pid ? client.read('Patient', pid) : Promise.reject(new Error('none')),
        prid ? client.read('Practitioner', prid) : Promise.reject(new Error('none')),
      ]);
      const found = more.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      if (live && found.length > 0) await cacheResources(orgId, found);
    };
    refresh().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [orgId, appointmentId, round]);

  return {
    appointment,
    patient: appointment === null ? null : patientId === null && appointment ? null : patient,
    primaryProvider: appointment === null ? null : practitionerId === null && appointment ? null : primaryProvider,
    refresh: () => setRound((n) => n + 1),
  };
}
