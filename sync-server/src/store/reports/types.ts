import type { UnitOfWork } from '../unit-of-work.js';
/*
 * Signed reports (issue 26): the PDFs a case was signed to and the addenda signed after it
 * (spec 001 §3, §4, §5). Async, one atomic method per change, so a PostgreSQL implementation only
 * implements this interface and passes contract.test.ts.
 */

/** A PDF a case was signed (or amended) to. Times are epoch milliseconds. */
export interface SignedPdfRecord {
  orgId: string;
  /** The id of the Binary holding the bytes. */
  pdfId: string;
  compositionId: string;
  patientId: string | null;
  /** The SHA-256 of the bytes, hex. */
  sha256: string;
  title: string;
  signerName: string;
  /** The signature path. */
  signature: string;
  signatureTime: number;
  /** The user who signed. */
  signedBy: string;
  timeZone: string;
  addendaCount: number;
  /**
   * The PDF (or `unfinalized:{time}`, or `duplicate:{pdfId}` for a duplicate the one-current
   * migration set aside) that replaced this one; null for the case's current PDF.
   */
  supersededBy: string | null;
  createdAt: number;
}

/** A signed addendum of a case. */
export interface AddendumRecord {
  /** 1, 2, 3… per case, in the order they were signed. */
  seq: number;
  /** As signed (may be blank: spec 001 §5 makes the title optional). */
  title: string;
  text: string;
  signerName: string;
  signature: string;
  signatureTime: number;
}

export interface NewAddendum {
  orgId: string;
  compositionId: string;
  title: string;
  text: string;
  signerName: string;
  signature: string;
  signatureTime: number;
  userId: string;
}

/**
 * A case already has a current signed PDF (issue 35 item 4): the store holds one per case
 * whatever its callers checked, so a second finalize of the case fails here.
 */
export class CurrentPdfExistsError extends Error {
  constructor(
    readonly orgId: string,
    readonly compositionId: string,
  ) {
    super(`case ${orgId}/${compositionId} already has a current signed PDF`);
    this.name = 'CurrentPdfExistsError';
  }
}

export interface ReportStore extends UnitOfWork {
  /** One of an organisation's signed PDFs, or null. */
  pdf(orgId: string, pdfId: string): Promise<SignedPdfRecord | null>;
  /** The case's current signed PDF (none superseded it), or null when the case is not finalized. */
  currentPdf(orgId: string, compositionId: string): Promise<SignedPdfRecord | null>;
  /** Every PDF the case was ever signed or amended to, oldest first. */
  pdfsOfCase(orgId: string, compositionId: string): Promise<SignedPdfRecord[]>;
  /**
   * Stores a newly signed PDF as the case's current one; `supersedes` (the PDF it replaces, an
   * addendum's reprint) is marked superseded by it in the same step. A case holds one current
   * PDF: when another is still current (a second finalize), nothing is stored and it rejects
   * with CurrentPdfExistsError.
   */
  addPdf(pdf: Omit<SignedPdfRecord, 'supersededBy'>, supersedes: string | null): Promise<void>;
  /** Marks a PDF superseded (`by`: the PDF or the unfinalize that replaced it). */
  supersede(orgId: string, pdfId: string, by: string): Promise<void>;
  /** The case's addenda signed at or after `since`, in order. */
  addendaSince(orgId: string, compositionId: string, since: number): Promise<AddendumRecord[]>;
  /** Appends an addendum with the case's next sequence number; resolves to that number. */
  addAddendum(addendum: NewAddendum): Promise<number>;
  /**
   * Runs `fn` atomically: every write inside it, by this store or by another store on the same
   * database (the resources of finalize, the document's final flag), commits or none does.
   * Serialised with the other stores' transactions on that database; nested ones join (a savepoint).
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
}
