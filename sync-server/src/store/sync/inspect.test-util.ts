import type { Db } from '../sqlite/database.js';

/*
 * Issue 36 item 4: a read no SyncStore method answers (the store loads a room by its name), for
 * tests outside store/ that check nothing was stored under an organisation. The server never calls it.
 */

/** How many case documents an organisation holds under a document id. */
export function documentsUnderId(db: Db, orgId: string, docId: string): number {
  return (
    db.prepare('SELECT count(*) AS n FROM sync_documents WHERE org_id = ? AND doc_id = ?').get(orgId, docId) as {
      n: number;
    }
  ).n;
}
