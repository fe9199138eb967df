import type { Db } from '../sqlite/database.js';
import { PER_ORGANIZATION_IDS, type IdOwnership } from './id-ownership.js';
import type { SignedRecords } from '../../fhir/signed-records.js';
import { serialized } from './transactions.js';

/**
 * Ownership over the SQLite tables (resource_history version 1, sync_documents; indexed by id in
 * migration 50). When two organisations hold the same id (data written before this check), the
 * earliest use owns it, so the owner keeps working and the later one is refused.
 */
export function sqliteIdOwnership(db: Db): IdOwnership {
  const owners = db.prepare<[string, string], { org_id: string }>(
    `SELECT org_id FROM (
       SELECT org_id, created_at AS at FROM sync_documents WHERE doc_id = ?
       UNION ALL
       SELECT org_id, last_updated AS at FROM resource_history WHERE id = ? AND version_id = 1
     ) GROUP BY org_id ORDER BY min(at), org_id LIMIT 1`,
  );
  // Serialized (transactions.ts): an id used only inside another request's open transaction is no one's yet.
  const ownerOf = (id: string): Promise<string | null> =>
    PER_ORGANIZATION_IDS.has(id) ? Promise.resolve(null) : serialized(db, () => owners.get(id, id)?.org_id ?? null);
  return {
    ownerOf,
    belongsElsewhere: async (orgId, id) => {
      const owner = await ownerOf(id);
      return owner !== null && owner !== orgId;
    },
  };
}

/**
 * Signed records over the report tables (migration 40): a case is signed while it has a current
 * PDF (report_pdfs with superseded_by NULL) or its document is marked final; a PDF stays signed
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
  // Serialized (transactions.ts): a signing still open in another request's transaction is not signed yet.
  return {
    signedPdfSha256: (orgId, binaryId) => serialized(db, () => pdf.get(orgId, binaryId)?.sha256 ?? null),
    isSigned: (orgId, type, id) => {
      switch (type) {
        case 'Binary':
          return serialized(db, () => pdf.get(orgId, id) !== undefined);
        case 'Composition':
        case 'Appointment':
          return serialized(db, () => signedCase.get(orgId, id, orgId, id) !== undefined);
        default:
          return Promise.resolve(false);
      }
    },
  };
}
