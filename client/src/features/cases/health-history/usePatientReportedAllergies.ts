import { PATIENT_HEALTH_HISTORY_TYPE, type ReportedAllergies } from '@vigil/shared';
import { useMemo } from 'react';
import { useCachedResources } from '../../../data/useResources.js';
import { patientAnswersItems } from '../../../data/patientAnswers.js';

/**
 * What the patient said about allergies on their forms (their patient-answers Compositions, HM1),
 * and whether staff merged each, for the case to show what is not yet reviewed (HM6, issue 35).
 * Read from the resource cache, refreshed from the server; empty without a patient.
 */
export function usePatientReportedAllergies(orgId: string, patientId: string | null): ReportedAllergies[] {
  const cached = useCachedResources(orgId, 'Composition', {
    subject: `Patient/${patientId ?? ''}`,
    type: `${PATIENT_HEALTH_HISTORY_TYPE.system}|${PATIENT_HEALTH_HISTORY_TYPE.code}`,
  });
  return useMemo(
    () =>
      patientId === null
        ? []
        : patientAnswersItems(cached.data ?? [], patientId).map((item) => ({
            allergies: item.answers.allergies,
            merged: item.mergedInto.length > 0,
          })),
    [cached.data, patientId],
  );
}
