import { appointmentActorId } from '@vigil/shared';
import { useEffect, useMemo } from 'react';
import { changeCase, type CaseDoc } from '../../../case/index.js';
import { cachedOfType, cachedResource, cacheResources, useDexieQuery } from '../../../data/db.js';
import { fhirClient } from '../../../data/fhir.js';
import { useRefresh } from '../../../data/useResources.js';
import { carriedMeasurements, type CarriedMeasurement } from '../newCase.js';

export interface Carried {
  weight: CarriedMeasurement | null;
  height: CarriedMeasurement | null;
}

/**
 * The patient's latest weight and height (issue 25) from the device's cache of Observations, so
 * a case opened offline still gets them, refreshed from the server once per patient. Undefined
 * until the cache answers or without a patient.
 */
export function usePatientCarriedMeasurements(orgId: string, patientId: string | null): Carried | undefined {
  const all = useDexieQuery(() => cachedOfType(orgId, 'Observation'), `observations|${orgId}`);
  useRefresh(`carried-observations|${orgId}|${patientId ?? ''}`, async () => {
    if (!patientId) return;
    await cacheResources(orgId, await fhirClient(orgId).fetchAll('Observation', { patient: `Patient/${patientId}` }));
  });
  return useMemo(() => (all && patientId ? carriedMeasurements(all, patientId) : undefined), [all, patientId]);
}

/** The case's patient id, from the case's Appointment (same id) in the device cache. */
export function useCasePatientId(orgId: string, caseId: string): string | null {
  const appointment = useDexieQuery(
    async () => (await cachedResource(orgId, 'Appointment', caseId)) ?? null,
    `carried-appointment|${orgId}|${caseId}`,
  );
  return appointment ? appointmentActorId(appointment, 'Patient') : null;
}

/**
 * Carries the patient's latest weight and height into a case that has none (issue 25), once: each
 * is written with its source (`weightSource`, `heightSource`: the Observation and when it was
 * measured). A case whose weight was typed, or cleared by hand (its source then null), is left as
 * it is; so is a read-only case.
 */
export function carryMeasurementsInto(doc: CaseDoc, carried: Carried): void {
  changeCase(doc, (c) => {
    for (const kind of ['weight', 'height'] as const) {
      const m = carried[kind];
      const sourceKey = `${kind}Source`;
      if (!m || c.get(kind) != null || c.has(sourceKey)) continue;
      c.set(kind, m.raw === undefined ? { value: m.value } : { value: m.value, raw: m.raw });
      c.set(sourceKey, { observationId: m.observationId, time: m.time });
    }
  });
}

/** Runs `carryMeasurementsInto` on the case once its document and the patient's measurements are read. */
export function useCarryMeasurements(doc: CaseDoc | undefined, readOnly: boolean, carried: Carried | undefined): void {
  useEffect(() => {
    if (doc && !readOnly && carried) carryMeasurementsInto(doc, carried);
  }, [doc, readOnly, carried]);
}
