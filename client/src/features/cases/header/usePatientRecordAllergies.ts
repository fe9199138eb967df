import { allergySummary } from '@vigil/shared';
import { useMemo } from 'react';
import { useCachedResources } from '../../../data/useResources.js';

/**
 * The patient record's allergy line (PR2, issue 40): the allergies and the NKDA answer the desk,
 * the patient or a signed history recorded, for the case header when the case has no summary of
 * its own. Read from the device's cache, refreshed from the server; live events keep it current.
 */
export function usePatientRecordAllergies(orgId: string, patientId: string | null): string {
  const ref = `Patient/${patientId ?? ''}`;
  const cached = useCachedResources(orgId, 'AllergyIntolerance', { patient: ref });
  return useMemo(
    () => (patientId === null ? '' : allergySummary((cached.data ?? []).filter((a) => a.patient.reference === ref))),
    [cached.data, patientId, ref],
  );
}
