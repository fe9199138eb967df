import type { Db } from '../sqlite/database.js';

/*
 * Issue 36 item 4: a read no SyncStore method answers (the store loads a room by its name), for
 * tests outside store/ that check which organisations hold a document id. The server never calls it.
 */

/** The organisations that hold a case document under this document id, sorted. */
export function documentOrgs(db: Db, docId: string): string[] {
  return (
    db.prepare('SELECT org_id FROM sync_documents WHERE doc_id = ? ORDER BY org_id').all(docId) as { org_id: string }[]
  ).map((r) => r.org_id);
}

/** The document ids an organisation holds in the sync store, sorted (tour mode: none is written, issue 40). */
export function orgDocuments(db: Db, orgId: string): string[] {
  return (
    db.prepare('SELECT doc_id FROM sync_documents WHERE org_id = ? ORDER BY doc_id').all(orgId) as { doc_id: string }[]
  ).map((r) => r.doc_id);
}
