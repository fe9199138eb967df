import { appointmentActorId, type Appointment, type Observation, type Patient } from '@vigil/shared';
import {
  cachedOfType,
  cachedResource,
  cacheResources,
  replaceCachedType,
  useDexieQuery,
  useOutbox,
  type OutboxEntry,
} from './db.js';
import { fhirClient } from './fhir.js';
import { useRefresh, type CachedList } from './useResources.js';
import { latestPhysicalAttributes } from './measurements.js';
import { matchesPatientSearch, sortPatients } from './patientRules.js';

export type { CachedList };

/** Wait after the last keystroke before asking the server (the cached list filters at once). */
export const PATIENT_SEARCH_DEBOUNCE_MS = 300;

/**
 * The organisation's patients matching a name search, from the cache (so the list works
 * offline), refreshed from the server: the whole list when the search is empty, else the
 * server's matches (after 300 ms of no typing).
 */
export function usePatients(orgId: string, search: string): CachedList<Patient> {
  const term = search.trim();
  const all = useDexieQuery(() => cachedOfType(orgId, 'Patient'), `patients|${orgId}`);
  const refresh = useRefresh(
    `patients|${orgId}|${term}`,
    async () => {
      const client = fhirClient(orgId);
      if (term === '') await replaceCachedType(orgId, 'Patient', await client.fetchAll('Patient', { _count: 200 }));
      else await cacheResources(orgId, await client.fetchAll('Patient', { name: term }));
    },
    term === '' ? 0 : PATIENT_SEARCH_DEBOUNCE_MS,
  );
  const data = all && sortPatients(all.filter((p) => matchesPatientSearch(p, term)));
  return { data, ...refresh };
}

/** One patient from the cache, read again from the server. */
export function usePatient(
  orgId: string,
  patientId: string,
): { data: Patient | null | undefined; refreshing: boolean; error: string | null } {
  const cached = useDexieQuery(
    async () => (await cachedResource(orgId, 'Patient', patientId)) ?? null,
    `patient|${orgId}|${patientId}`,
  );
  const refresh = useRefresh(`patient|${orgId}|${patientId}`, async () => {
    await cacheResources(orgId, [await fhirClient(orgId).read('Patient', patientId)]);
  });
  return { data: cached, ...refresh };
}

/** A patient's appointments (newest first), from the cache, refreshed from the server. */
export function usePatientAppointments(orgId: string, patientId: string): CachedList<Appointment> {
  const all = useDexieQuery(() => cachedOfType(orgId, 'Appointment'), `appointments|${orgId}`);
  const refresh = useRefresh(`appointments|${orgId}|${patientId}`, async () => {
    await cacheResources(
      orgId,
      await fhirClient(orgId).fetchAll('Appointment', { patient: `Patient/${patientId}`, _sort: '-date' }),
    );
  });
  const data = all
    ?.filter((a) => appointmentActorId(a, 'Patient') === patientId)
    .sort((a, b) => (b.start ?? '').localeCompare(a.start ?? ''));
  return { data, ...refresh };
}

/** The outbox entries of patients in an organisation (waiting, or refused and shown to the user). */
export function usePatientOutbox(orgId: string): OutboxEntry[] {
  return (useOutbox(orgId) ?? []).filter((e) => e.resourceType === 'Patient');
}

/** A patient's newest physical-attributes Observation (weight, height, BMI), from the cache, refreshed. */
export function usePatientMeasurements(
  orgId: string,
  patientId: string | undefined,
): { data: Observation | null | undefined; refreshing: boolean } {
  const all = useDexieQuery(() => cachedOfType(orgId, 'Observation'), `observations|${orgId}`);
  const refresh = useRefresh(`observations|${orgId}|${patientId ?? ''}`, async () => {
    if (!patientId) return;
    await cacheResources(orgId, await fhirClient(orgId).fetchAll('Observation', { patient: `Patient/${patientId}` }));
  });
  return { data: all && patientId ? latestPhysicalAttributes(all, patientId) : all && null, ...refresh };
}
