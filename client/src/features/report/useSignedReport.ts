import { useEffect, useState } from 'react';
import { referenceId, type Appointment, type Composition } from '@vigil/shared';
import { cachedResource, cacheResources, useDexieQuery } from '../../data/db.js';
import { fhirClient } from '../../data/fhir.js';
import { fetchCaseSignedReport, type CaseAddendum, type CaseSignedReport } from './api.js';
import { appointmentPdfId } from '../../data/appointments.js';

/** What the case screen knows of a case's signed report. */
export interface SignedReport {
  pdfId: string;
  /** Epoch ms of the final signature, when known. */
  signatureTime: number | null;
  /** The name the signed PDF prints, when known (report review's record). */
  signerName: string | null;
  /** Signed addenda in the current PDF, when known. */
  addendaCount: number | null;
  /** The addenda themselves (title, text, signer, time), in order, when the server told this screen. */
  addenda: CaseAddendum[] | null;
}

/**
 * The last answer of each case this tab read: offline, or while the server's answer is on its
 * way, the Report section shows what it had rather than nothing.
 */
const lastKnown = new Map<string, CaseSignedReport>();

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
  const [review, setReview] = useState<(CaseSignedReport & { key: string }) | null>(null);

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
  const caseKey = `${orgId}|${caseId}`;
  const key = `${caseKey}|${signatureTime ?? ''}|${round}|${justSigned ?? ''}`;
  useEffect(() => {
    let live = true;
    fetchCaseSignedReport(orgId, caseId).then(
      (report) => {
        if (report) lastKnown.set(caseKey, report);
        else lastKnown.delete(caseKey);
        if (live) setReview(report ? { key, ...report } : null);
      },
      // Offline or refused: what the tab had stays.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orgId, caseId, caseKey, key]);

  const known = lastKnown.get(`${orgId}|${caseId}`) ?? null;
  const current = review?.key === key ? review : known;
  const pdfId = justSigned ?? current?.pdfId ?? appointmentPdfId(appointment) ?? fromComposition?.pdfId ?? null;
  if (pdfId === null) return null;
  return {
    pdfId,
    signatureTime: current?.signatureTime ?? signatureTime,
    signerName: current?.signerName ?? null,
    addendaCount: current?.addenda.length ?? null,
    addenda: current?.addenda ?? null,
  };
}
