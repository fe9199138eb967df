import { patientSignedConsent, type PatientConsent } from '@vigil/shared';
import { useMemo } from 'react';
import { cachedOfType, cacheResources, useDexieQuery } from '../../../data/db.js';
import { fhirClient } from '../../../data/fhir.js';
import { useRefresh } from '../../../data/useResources.js';
import { hhmm, isoDate } from '../../../ui/format.js';

/**
 * [SO3] The consent the patient signed for this case's appointment on the patient link (issue 35
 * item 13): the organisation's Contracts in the device's cache, refreshed from the server for the
 * case's patient once and kept live by the organisation's resource events (the Contract the phone
 * writes arrives while the case is open). Read by the same shared rule the finalize gate runs
 * (patientSignedConsent): only an executed contract of this appointment with the patient's drawn
 * signature counts. Null while unknown or when there is none.
 */
export function usePatientConsent(
  orgId: string,
  appointmentId: string,
  patientId: string | null,
): PatientConsent | null {
  const contracts = useDexieQuery(() => cachedOfType(orgId, 'Contract'), `Contract|${orgId}`);
  useRefresh(`case-consent|${orgId}|${patientId ?? ''}`, async () => {
    if (!patientId) return;
    await cacheResources(orgId, await fhirClient(orgId).fetchAll('Contract', { subject: `Patient/${patientId}` }));
  });
  const consent = contracts ? patientSignedConsent(contracts, appointmentId) : null;
  const contractId = consent?.contractId;
  const title = consent?.title;
  const signedAt = consent?.signedAt;
  // The same object while the consent is the same, so the memoised sections do not render again.
  return useMemo(
    () => (contractId == null ? null : { contractId, title: title ?? '', signedAt: signedAt ?? '' }),
    [contractId, title, signedAt],
  );
}

/** The case's line for a consent the patient signed (docs/decisions.md): "Signed by the patient on 2026-11-28 06:12". */
export function patientConsentText(consent: PatientConsent): string {
  const ms = Date.parse(consent.signedAt);
  return Number.isNaN(ms) ? 'Signed by the patient' : `Signed by the patient on ${isoDate(ms)} ${hhmm(ms)}`;
}
