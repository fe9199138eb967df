import type { FhirResourceType } from '@vigil/shared';
import type { Db } from '../db/database.js';

/**
 * Signed means immutable (issue 24 item 1): a finalized case's Composition and Appointment, and
 * every PDF a case was ever signed or amended to (its Binary), cannot be changed or deleted
 * through the API by anyone. Only the report service's own writes (finalize, an addendum, the
 * audited admin unfinalize) change them.
 */
export interface SignedRecords {
  /** True when this resource is part of a signed record and so refuses writes and deletes. */
  isSigned(orgId: string, type: FhirResourceType, id: string): boolean;
  /** The SHA-256 (hex) a signed PDF's Binary was stored with, or null when the Binary is no signed PDF. */
  signedPdfSha256(orgId: string, binaryId: string): string | null;
}

/** The refusal of a write to a signed record (HTTP 423 Locked: the client does not retry it). */
export const SIGNED_RECORD = 'SIGNED_RECORD';
export const SIGNED_RECORD_MESSAGE =
  'This record is signed and cannot be changed; add an addendum, or ask an administrator to unfinalize the case';

/**
 * Over the report tables (migration 40): a case is signed while it has a current PDF
 * (report_pdfs with superseded_by NULL) or its document is marked final; a PDF stays signed
 * forever, earlier ones included (the record of what was signed then).
 */
export function sqliteSignedRecords(db: Db): SignedRecords {
  const pdf = db.prepare<[string, string], { sha256: string }>(
    'SELECT sha256 FROM report_pdfs WHERE org_id = ? AND pdf_id = ?',
  );
  const signedCase = db.prepare<[string, string, string, string], { one: number }>(
    `SELECT 1 AS one FROM report_pdfs WHERE org_id = ? AND composition_id = ? AND superseded_by IS NULL
     UNION ALL
     SELECT 1 FROM sync_documents WHERE org_id = ? AND doc_id = ? AND finalized_at IS NOT NULL
     LIMIT 1`,
  );
  return {
    signedPdfSha256: (orgId, binaryId) => pdf.get(orgId, binaryId)?.sha256 ?? null,
    isSigned: (orgId, type, id) => {
      switch (type) {
        case 'Binary':
          return pdf.get(orgId, id) !== undefined;
        case 'Composition':
        case 'Appointment':
          return signedCase.get(orgId, id, orgId, id) !== undefined;
        default:
          return false;
      }
    },
  };
}
