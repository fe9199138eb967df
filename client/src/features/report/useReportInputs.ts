import { useEffect, useState } from 'react';
import type * as Y from 'yjs';
import {
  APPOINTMENT_EXTENSIONS,
  appointmentActorId,
  CASE_ROOT,
  extensionsOf,
  isTestResource,
  patientFields,
  practitionerDisplayName,
  referenceId,
  reportInput,
  type Appointment,
  type Patient,
  type Practitioner,
  type Reference,
  type ReportInput,
} from '@vigil/shared';
import { cachedResource, cacheResources, useDexieQuery } from '../../data/db.js';
import { fhirClient } from '../../data/fhir.js';

/** The case document's content, kept current (the report preview follows every edit). */
export function useCaseJson(doc: Y.Doc | undefined): Record<string, unknown> {
  const [json, setJson] = useState<Record<string, unknown>>({});
  useEffect(() => {
    if (!doc) return;
    const root = doc.getMap(CASE_ROOT);
    const read = (): void => setJson(root.toJSON());
    read();
    root.observeDeep(read);
    return () => root.unobserveDeep(read);
  }, [doc]);
  return json;
}

export interface CaseResources {
  appointment: Appointment | null | undefined;
  patient: Patient | null | undefined;
  provider: Practitioner | null | undefined;
  /** Re-reads the appointment from the server (after finalize links the PDF). */
  refresh: () => void;
}

/** The case's Appointment, patient and primary provider from the device cache, refreshed from the server. */
export function useCaseResources(orgId: string, caseId: string): CaseResources {
  const [round, setRound] = useState(0);
  // Live queries: a refreshed resource in the cache reaches the screen by itself.
  const appointment = useDexieQuery(
    async () => (await cachedResource(orgId, 'Appointment', caseId)) ?? null,
    `report-apt|${orgId}|${caseId}`,
  );
  const patientId = appointment ? appointmentActorId(appointment, 'Patient') : null;
  const providerId = appointment ? appointmentActorId(appointment, 'Practitioner') : null;
  const patient = useDexieQuery(
    async () => (patientId ? ((await cachedResource(orgId, 'Patient', patientId)) ?? null) : null),
    `report-patient|${orgId}|${patientId ?? ''}`,
  );
  const provider = useDexieQuery(
    async () => (providerId ? ((await cachedResource(orgId, 'Practitioner', providerId)) ?? null) : null),
    `report-provider|${orgId}|${providerId ?? ''}`,
  );
  useEffect(() => {
    let live = true;
    const client = fhirClient(orgId);
    const load = async (): Promise<void> => {
      const apt = await client.read('Appointment', caseId);
      if (!live) return;
      const ids = [
        ['Patient', appointmentActorId(apt, 'Patient')],
        ['Practitioner', appointmentActorId(apt, 'Practitioner')],
      ] as const;
      const more = await Promise.allSettled(ids.flatMap(([type, id]) => (id ? [client.read(type, id)] : [])));
      if (!live) return;
      await cacheResources(orgId, [apt, ...more.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))]);
    };
    // Offline: the cache stands.
    load().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [orgId, caseId, round]);
  return { appointment, patient, provider, refresh: () => setRound((n) => n + 1) };
}

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
  r: Pick<CaseResources, 'appointment' | 'patient' | 'provider'>,
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
    },
    primaryProviderName: r.provider ? practitionerDisplayName(r.provider) || null : null,
    procedureDescription: r.appointment?.description ?? null,
    temperatureUnit: tempsInCelsius ? 'C' : 'F',
    caseData,
    generatedAt: now,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    demo: r.patient ? isTestResource(r.patient) : false,
  });
}
