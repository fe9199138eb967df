import type { Appointment } from '@vigil/shared';
import { useMemo } from 'react';
import { cachedOfType, cacheResources, useDexieQuery } from '../../data/db.js';
import { fhirClient } from '../../data/fhir.js';
import { useCachedResources, useRefresh, type CachedList } from '../../data/useResources.js';
import { usePatients } from '../patients/hooks.js';
import { byId, type ViewLookups } from './appointmentView.js';

/**
 * The organisation's appointments starting in [from, to), from the device's cache (so the
 * calendar works offline; live events keep it fresh), refreshed from the server.
 */
export function useAppointmentsBetween(orgId: string, from: Date, to: Date): CachedList<Appointment & { id: string }> {
  const all = useDexieQuery(() => cachedOfType(orgId, 'Appointment'), `appointments|${orgId}`);
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  const refresh = useRefresh(`appointments|${orgId}|${fromIso}|${toIso}`, async () => {
    await cacheResources(
      orgId,
      await fhirClient(orgId).fetchAll('Appointment', { date: [`ge${fromIso}`, `lt${toIso}`], _count: 200 }),
    );
  });
  const data = useMemo(
    () =>
      all
        ?.filter((a): a is Appointment & { id: string } => Boolean(a.id && a.start))
        .filter((a) => {
          const t = Date.parse(a.start!);
          return t >= Date.parse(fromIso) && t < Date.parse(toIso);
        })
        .sort((a, b) => Date.parse(a.start!) - Date.parse(b.start!)),
    [all, fromIso, toIso],
  );
  return { data, ...refresh };
}

/** Patients, practitioners and locations by id, for showing appointments. */
export function useViewLookups(orgId: string): ViewLookups & { ready: boolean } {
  const patients = usePatients(orgId, '');
  const practitioners = useCachedResources(orgId, 'Practitioner', {}, { complete: true });
  const locations = useCachedResources(orgId, 'Location', {}, { complete: true });
  const patientsById = useMemo(() => byId(patients.data), [patients.data]);
  const practitionersById = useMemo(() => byId(practitioners.data), [practitioners.data]);
  return {
    patients: patientsById,
    practitioners: practitionersById,
    locations: locations.data ?? [],
    ready: patients.data !== undefined,
  };
}
