import { isTestResource, patientFields, practitionerDisplayName, reportInput, type ReportInput } from '@vigil/shared';
import type { CaseAppointment } from '../cases/index.js';

/** The report inputs (spec 002 §3) from the case document and the cached resources. */
export function previewInput(
  caseId: string,
  caseData: Record<string, unknown>,
  r: Pick<CaseAppointment, 'appointment' | 'patient' | 'primaryProvider'>,
  tempsInCelsius: boolean,
  now: number,
): ReportInput {
  const fields = r.patient ? patientFields(r.patient) : null;
  return reportInput({
    caseId,
    patient: {
      id: r.patient?.id ?? '',
      givenName: fields?.givenName ?? null,
      familyName: fields?.familyName ?? null,
      nickname: fields?.nickname ?? null,
      birthDate: fields?.birthDate ?? null,
      // As the signed PDF reads it (records.ts): the ideal body weight's formula needs it (IBW2).
      sex: r.patient?.gender ?? null,
    },
    primaryProviderName: r.primaryProvider ? practitionerDisplayName(r.primaryProvider) || null : null,
    procedureDescription: r.appointment?.description ?? null,
    temperatureUnit: tempsInCelsius ? 'C' : 'F',
    caseData,
    generatedAt: now,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    demo: r.patient ? isTestResource(r.patient) : false,
  });
}
