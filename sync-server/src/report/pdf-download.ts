/**
 * The signed PDFs as they leave the server, split from report/service.ts (issue 36 item 7): a
 * download behind a live link (bound to its user, or a shared single-use link), its bytes
 * checked against the SHA-256 signed, audited as a read; and a PDF's verification against every
 * PDF its case was signed to.
 */
import type { Binary } from '@vigil/shared';
import { recorded, type Recorded } from '../access/audited.js';
import { fullySignedIn, type Caller } from '../access/caller.js';
import { AppError } from '../errors.js';
import type { SignedPdfRecord } from '../store/reports/types.js';
import { consumePdfLink, pdfLinkTarget } from './links.js';
import type { ReportServiceDeps } from './service.js';
import { ANONYMOUS_LINK_READER, pdfSha256, type PdfDownload, type PdfVerification } from './signed.js';

/** What a download and a verification read. */
export type PdfDownloadDeps = Pick<ReportServiceDeps, 'access' | 'links' | 'reports' | 'store' | 'log' | 'now'>;

/**
 * The PDF behind a live link (issue 24 item 7), or null (unknown, expired or used). A link is
 * bound to the user who asked for it: their fully signed-in session must come with the download
 * (401 without one, 403 for anyone else). A shared link works once, for whoever holds it. The
 * stored bytes must still have the SHA-256 that was signed; the download is a read of patient
 * data, recorded as a FHIR AuditEvent (the audit wrapper writes it) by the one who downloads: the
 * signed-in user, else an anonymous holder of a shared link.
 */
export async function pdfByLink(
  deps: PdfDownloadDeps,
  caller: Caller,
  token: string,
): Promise<Recorded<PdfDownload | null>> {
  const now = deps.now();
  const link = await pdfLinkTarget(deps.links, now, token);
  if (!link) return recorded(null);
  // A session without valid multi-factor counts as none: 401 for a bound link, anonymous for a shared one.
  const reader = caller.user && caller.subject.multiFactorValid ? caller.user.id : null;
  if (!link.singleUse) {
    if (reader === null) throw new AppError(401, 'NO_AUTHENTICATION');
    if (reader !== link.userId) throw new AppError(403, 'NOT_AUTHORIZED');
    await deps.access.authorize(caller, link.orgId, 'member');
  }
  const row = await deps.reports.pdf(link.orgId, link.pdfId);
  if (!row) return recorded(null);
  const bytes = await storedPdf(deps, link.orgId, row);
  if (link.singleUse && !(await consumePdfLink(deps.links, now, token))) return recorded(null);
  return recorded(
    { bytes, title: row.title },
    {
      trail: 'fhir',
      orgId: link.orgId,
      interaction: 'read',
      entities: [`Binary/${link.pdfId}`, `Composition/${row.compositionId}`],
      description: link.singleUse ? `report-pdf shared link from user ${link.userId}` : 'report-pdf link',
      userId: reader ?? ANONYMOUS_LINK_READER,
    },
  );
}

/** A stored PDF's bytes, checked against the SHA-256 stored when it was signed. */
async function storedPdf(deps: PdfDownloadDeps, orgId: string, row: SignedPdfRecord): Promise<Uint8Array> {
  const version = await deps.store.read(orgId, 'Binary', row.pdfId);
  if (!version?.resource || version.deleted) {
    deps.log.error({ orgId, pdfId: row.pdfId }, 'a signed PDF is missing from the store');
    throw new AppError(410, 'PDF_UNAVAILABLE');
  }
  const bytes = new Uint8Array(Buffer.from((version.resource as Binary).data ?? '', 'base64'));
  if (pdfSha256(bytes) !== row.sha256) {
    deps.log.error({ orgId, pdfId: row.pdfId }, 'a signed PDF no longer matches its SHA-256');
    throw new AppError(500, 'PDF_INTEGRITY_FAILED');
  }
  return bytes;
}

/**
 * Whether a PDF is one this case was signed to (issue 24 item 1): by its SHA-256 against every
 * PDF the case was ever signed or amended to. `current` is false for an earlier PDF (before an
 * addendum) or one of a signing an administrator unfinalized.
 */
export async function verifyPdf(
  deps: PdfDownloadDeps,
  caller: Caller,
  orgId: string,
  compositionId: string,
  sha: string,
): Promise<PdfVerification> {
  await deps.access.authorize(fullySignedIn(caller), orgId, 'member');
  const match = (await deps.reports.pdfsOfCase(orgId, compositionId)).find((r) => r.sha256 === sha);
  if (!match) return { signed: false, sha256: sha };
  return {
    signed: true,
    sha256: sha,
    pdfId: match.pdfId,
    current: match.supersededBy === null,
    signerName: match.signerName,
    signatureTime: match.signatureTime,
    addendaCount: match.addendaCount,
  };
}
