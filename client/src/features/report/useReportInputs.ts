import {
  APPOINTMENT_EXTENSIONS,
  extensionsOf,
  isTestResource,
  patientFields,
  practitionerDisplayName,
  referenceId,
  reportInput,
  type Appointment,
  type Reference,
  type ReportInput,
} from '@vigil/shared';
import type { CaseAppointment } from '../cases/header/useCaseAppointment.js';

/** The signed report's PDF id from the Appointment (spec 001 §3 pdfId), or null. */
export function appointmentPdfId(appointment: Appointment | null | undefined): string | null {
  if (!appointment) return null;
  const ref = extensionsOf(appointment, APPOINTMENT_EXTENSIONS.pdf)[0]?.valueReference as Reference | undefined;
  return referenceId(ref, 'Binary');
}

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
