/*
 * Signed-PDF links and the report review list (issue 26): the short-lived download links of
 * spec 000 §7 (pdfUrl) and the finalized reports of spec 000 §9. Async, one atomic method per
 * change, so a PostgreSQL implementation only implements this and passes contract.test.ts.
 */

/** A download link of a stored PDF. Times are epoch milliseconds. */
export interface PdfLinkRecord {
  token: string;
  orgId: string;
  pdfId: string;
  /** Who asked for it (their session must come with the download, unless single-use). */
  userId: string;
  expiresAt: number;
  /** A shared link works once, for whoever holds it. */
  singleUse: boolean;
  usedAt: number | null;
}

/** The current report of a finalized case, as the review page lists it. */
export interface FinalizedReport {
  pdfId: string;
  compositionId: string;
  patientId: string | null;
  title: string;
  signerName: string;
  signatureTime: number;
  addendaCount: number;
}

export interface FinalizedReportQuery {
  offset: number;
  limit: number;
  signerName: string | null;
  /** Signature time from (inclusive) and to (exclusive); null for no bound. */
  from: number | null;
  to: number | null;
}

export interface PdfLinkStore {
  /** The title of an organisation's stored PDF, or null when it has no such PDF. */
  pdfTitle(orgId: string, pdfId: string): Promise<string | null>;
  /** Stores a new link, dropping the links that expired before `now` in the same step. */
  create(link: Omit<PdfLinkRecord, 'usedAt'>, now: number): Promise<void>;
  byToken(token: string): Promise<PdfLinkRecord | null>;
  /** Uses a single-use link up: true for the one call that got it, false for every other. */
  consume(token: string, now: number): Promise<boolean>;
  /** Current (not superseded) reports, newest signature first, ties by PDF id. */
  finalizedReports(orgId: string, query: FinalizedReportQuery): Promise<FinalizedReport[]>;
}
