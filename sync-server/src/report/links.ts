import { randomBytes } from 'node:crypto';
import type { FinalizedReport, PdfLinkStore } from '../store/links/types.js';

export type { FinalizedReport } from '../store/links/types.js';

/** How long a pdfUrl link works (spec 000 §7 "short-lived"; the spec gives no figure). */
export const PDF_LINK_TTL_MS = 5 * 60_000;
/**
 * How long a link asked for sharing works (issue 24 item 7): once, within an hour, so a
 * colleague can open it from the message it was sent in, and no one can open it again.
 */
export const SHARED_PDF_LINK_TTL_MS = 60 * 60_000;
/** Report review page size (spec 000 §9: fetch size 20). */
export const REPORT_REVIEW_FETCH_SIZE = 20;

export interface PdfLink {
  token: string;
  title: string;
  expiresAt: number;
  singleUse: boolean;
}

/*
 * Who may ask for a link or read a report is decided by OrgAccess.authorize (report/review.ts,
 * pdf-download.ts); here the links themselves, over the PDF link repository (store/links/).
 */

/**
 * A new short-lived link to a stored PDF of the organisation, or null when it has no such PDF.
 * Bound to `userId` (their session must come with the download), or, `singleUse`, for whoever
 * holds it, once (sharing).
 */
export async function createPdfLink(
  links: PdfLinkStore,
  now: number,
  userId: string,
  orgId: string,
  pdfId: string,
  singleUse = false,
): Promise<PdfLink | null> {
  const title = await links.pdfTitle(orgId, pdfId);
  if (title === null) return null;
  const token = randomBytes(24).toString('base64url');
  const expiresAt = now + (singleUse ? SHARED_PDF_LINK_TTL_MS : PDF_LINK_TTL_MS);
  await links.create({ token, orgId, pdfId, userId, expiresAt, singleUse }, now);
  return { token, title, expiresAt, singleUse };
}

/**
 * The live link of a token: organisation, PDF, who asked for it and whether it is a single-use
 * shared link; null when unknown, expired or already used.
 */
export async function pdfLinkTarget(
  links: PdfLinkStore,
  now: number,
  token: string,
): Promise<{ orgId: string; pdfId: string; userId: string; singleUse: boolean } | null> {
  const link = await links.byToken(token);
  if (!link || link.expiresAt < now || link.usedAt !== null) return null;
  return { orgId: link.orgId, pdfId: link.pdfId, userId: link.userId, singleUse: link.singleUse };
}

/** Uses a single-use link up: true for the one download that got it, false for every other. */
export function consumePdfLink(links: PdfLinkStore, now: number, token: string): Promise<boolean> {
  return links.consume(token, now);
}

/** The current report of every finalized case, newest signature first, optionally by signer. */
export function finalizedReports(
  links: PdfLinkStore,
  orgId: string,
  q: { offset: number; signerName?: string | null; from?: number | null; to?: number | null },
): Promise<FinalizedReport[]> {
  return links.finalizedReports(orgId, {
    offset: q.offset,
    limit: REPORT_REVIEW_FETCH_SIZE,
    signerName: q.signerName ?? null,
    from: q.from ?? null,
    to: q.to ?? null,
  });
}
