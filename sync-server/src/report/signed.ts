import type { CaseSignedReport } from '@vigil/shared';
import { createHash } from 'node:crypto';
import type { ReportStore } from '../store/reports/types.js';

/** Who a shared link's download is audited as when no one is signed in. */
export const ANONYMOUS_LINK_READER = 'anonymous-link-holder';

/** The SHA-256 of bytes, hex (what a signed PDF's record holds). */
export function pdfSha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface PdfDownload {
  bytes: Uint8Array;
  title: string;
}

/** The answer of `POST /report-pdf/verify/{orgId}/{caseId}`. */
export type PdfVerification =
  | { signed: false; sha256: string }
  | {
      signed: true;
      sha256: string;
      pdfId: string;
      /** The case's current signed PDF (false: an earlier one, or one of an unfinalized signing). */
      current: boolean;
      signerName: string;
      signatureTime: number;
      addendaCount: number;
    };

/**
 * The current signed report of a case (the PDF no later one superseded) with its addenda in
 * order, or null when the case is not finalized (never signed, or unfinalized since). Only the
 * addenda of this signing count: a case unfinalized and signed again starts a new record, as
 * the PDF prints it. The caller checks organisation access first.
 */
export async function caseSignedReport(
  reports: ReportStore,
  orgId: string,
  compositionId: string,
): Promise<CaseSignedReport | null> {
  const pdf = await reports.currentPdf(orgId, compositionId);
  if (!pdf) return null;
  const addenda = await reports.addendaSince(orgId, compositionId, pdf.signatureTime);
  return {
    pdfId: pdf.pdfId,
    signerName: pdf.signerName,
    signatureTime: pdf.signatureTime,
    addenda: addenda.map((r) => ({
      seq: r.seq,
      title: r.title.trim() === '' ? null : r.title,
      text: r.text,
      signerName: r.signerName,
      signatureTime: r.signatureTime,
    })),
  };
}
