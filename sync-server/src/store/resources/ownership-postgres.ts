import type { SignedRecords } from '../../fhir/signed-records.js';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import { PER_ORGANIZATION_IDS, type IdOwnership } from './id-ownership.js';

/*
 * Id ownership and signed records over PostgreSQL (issue 43): the same questions as
 * ownership.ts asks SQLite, over the same tables (PG migrations 1, 40 and 50's). Read on the
 * caller's unit when it runs in one, so an id its own transaction just used is already its own.
 */

/** Which organisation first used an id: the earliest of its case document and its first resource version. */
export function postgresIdOwnership(db: PostgresDatabase): IdOwnership {
  const ownerOf = async (id: string): Promise<string | null> => {
    if (PER_ORGANIZATION_IDS.has(id)) return null;
    const { rows } = await db.query<{ org_id: string }>(
      `SELECT org_id FROM (
         SELECT org_id, created_at AS at FROM sync_documents WHERE doc_id = $1
         UNION ALL
         SELECT org_id, last_updated AS at FROM resource_history WHERE id = $1 AND version_id = 1
       ) uses GROUP BY org_id ORDER BY min(at COLLATE "C"), org_id COLLATE "C" LIMIT 1`,
      [id],
    );
    return rows[0]?.org_id ?? null;
  };
  return {
    ownerOf,
    belongsElsewhere: async (orgId, id) => {
      const owner = await ownerOf(id);
      return owner !== null && owner !== orgId;
    },
  };
}

/** A case is signed while it has a current PDF or its document is final; a PDF stays signed forever. */
export function postgresSignedRecords(db: PostgresDatabase): SignedRecords {
  const pdf = async (orgId: string, id: string): Promise<string | null> => {
    const { rows } = await db.query<{ sha256: string }>(
      'SELECT sha256 FROM report_pdfs WHERE org_id = $1 AND pdf_id = $2',
      [orgId, id],
    );
    return rows[0]?.sha256 ?? null;
  };
  const signedCase = async (orgId: string, id: string): Promise<boolean> => {
    const { rowCount } = await db.query(
      `SELECT 1 FROM report_pdfs WHERE org_id = $1 AND composition_id = $2 AND superseded_by IS NULL
       UNION ALL
       SELECT 1 FROM sync_documents WHERE org_id = $1 AND doc_id = $2 AND finalized_at IS NOT NULL
       LIMIT 1`,
      [orgId, id],
    );
    return (rowCount ?? 0) > 0;
  };
  return {
    signedPdfSha256: pdf,
    isSigned: async (orgId, type, id) => {
      switch (type) {
        case 'Binary':
          return (await pdf(orgId, id)) !== null;
        case 'Composition':
        case 'Appointment':
          return signedCase(orgId, id);
        default:
          return false;
      }
    },
  };
}
