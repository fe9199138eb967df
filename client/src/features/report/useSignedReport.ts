import { useEffect, useState } from 'react';
import { referenceId, type Appointment, type Composition } from '@vigil/shared';
import { cachedResource, cacheResources, useDexieQuery } from '../../data/db.js';
import { fhirClient } from '../../data/fhir.js';
import { fetchFinalizedReports } from './api.js';
import { appointmentPdfId } from './useReportInputs.js';

/** What the case screen knows of a case's signed report. */
export interface SignedReport {
  pdfId: string;
  /** Epoch ms of the final signature, when known. */
  signatureTime: number | null;
  /** The name the signed PDF prints, when known (report review's record). */
  signerName: string | null;
  /** Signed addenda in the current PDF, when known. */
  addendaCount: number | null;
}

/**
 * The signed PDF of a finalized Composition (spec 001 §3): the 'Signed report' section's Binary
 * and the signature time (the Composition's date), or null for a case not signed.
 */
export function compositionSignedReport(
  composition: Composition | null | undefined,
): { pdfId: string; signatureTime: number | null } | null {
  if (!composition || (composition.status !== 'final' && composition.status !== 'amended')) return null;
  const section = composition.section?.find((s) => s.title === 'Signed report');
  const pdfId = referenceId(section?.entry?.[0], 'Binary');
  if (pdfId === null) return null;
  const time = Date.parse(composition.date);
  return { pdfId, signatureTime: Number.isNaN(time) ? null : time };
}

/**
 * Issue 25: a finalized case opens on its signed PDF after a reload, on any device. The PDF is
 * found from either record that links it: the Appointment's pdf extension, or the Composition's
 * 'Signed report' section (so an Appointment a calendar saved from an older copy, or one not in
 * this device's cache, no longer hides it). Both come from the device cache first (offline), then
 * from the server; report review's record adds the signer and the number of addenda.
 * `justSigned` is the PDF a finalize or an addendum on this screen answered; `round` reads again.
 */
export function useSignedReport(
  orgId: string,
  caseId: string,
  appointment: Appointment | null | undefined,
  justSigned: string | null,
  round: number,
): SignedReport | null {
  const composition = useDexieQuery(
    async () => (await cachedResource(orgId, 'Composition', caseId)) ?? null,
    `case-composition|${orgId}|${caseId}`,
  );
  const [review, setReview] = useState<{
    key: string;
    pdfId: string;
    signerName: string;
    addendaCount: number;
    signatureTime: number;
  } | null>(null);

  useEffect(() => {
    let live = true;
    fhirClient(orgId)
      .read('Composition', caseId)
      .then((c) => (live ? cacheResources(orgId, [c]) : undefined))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [orgId, caseId, round, justSigned]);

  const fromComposition = compositionSignedReport(composition);
  const signatureTime = fromComposition?.signatureTime ?? null;
  const key = `${orgId}|${caseId}|${signatureTime ?? ''}|${round}|${justSigned ?? ''}`;
  useEffect(() => {
    if (signatureTime === null) return;
    let live = true;
    fetchFinalizedReports(orgId, { offset: 0, from: signatureTime, to: signatureTime + 1 }).then(
      (rows) => {
        const row = rows.find((r) => r.compositionId === caseId);
        if (live && row) setReview({ key, ...row });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orgId, caseId, signatureTime, key]);

  const current = review?.key === key ? review : null;
  const pdfId = justSigned ?? current?.pdfId ?? appointmentPdfId(appointment) ?? fromComposition?.pdfId ?? null;
  if (pdfId === null) return null;
  return {
    pdfId,
    signatureTime: current?.signatureTime ?? signatureTime,
    signerName: current?.signerName ?? null,
    addendaCount: current?.addendaCount ?? null,
  };
}
