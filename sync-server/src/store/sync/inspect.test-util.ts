import type { TestDb } from '../test-db.test-util.js';

/*
 * Issue 36 item 4: a read no SyncStore method answers (the store loads a room by its name), for
 * tests outside store/ that check which organisations hold a document id. The server never calls it.
 */

/** The organisations that hold a case document under this document id, sorted. */
export async function documentOrgs(db: TestDb, docId: string): Promise<string[]> {
  const rows = await db.all<{ org_id: string }>(
    'SELECT org_id FROM sync_documents WHERE doc_id = ? ORDER BY org_id',
    docId,
  );
  return rows.map((r) => r.org_id);
}

/** The document ids an organisation holds in the sync store, sorted (tour mode: none is written, issue 40). */
export async function orgDocuments(db: TestDb, orgId: string): Promise<string[]> {
  const rows = await db.all<{ doc_id: string }>(
    'SELECT doc_id FROM sync_documents WHERE org_id = ? ORDER BY doc_id',
    orgId,
  );
  return rows.map((r) => r.doc_id);
}
