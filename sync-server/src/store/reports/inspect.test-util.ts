import type { Db } from '../sqlite/database.js';

/*
 * Issue 36 item 4: a read no ReportStore method answers (it finds PDFs by id or by case), for tests
 * outside store/ that check an organisation was given no signed PDF at all. The server never calls it.
 */

/** How many signed PDFs an organisation holds, of any case. */
export function signedPdfCount(db: Db, orgId: string): number {
  return (db.prepare('SELECT count(*) AS n FROM report_pdfs WHERE org_id = ?').get(orgId) as { n: number }).n;
}
