import type { TestDb } from '../test-db.test-util.js';

/*
 * Issue 36 item 4: a read no ReportStore method answers (it finds PDFs by id or by case), for tests
 * outside store/ that check an organisation was given no signed PDF at all. The server never calls it.
 */

/** How many signed PDFs an organisation holds, of any case. */
export async function signedPdfCount(db: TestDb, orgId: string): Promise<number> {
  return (await db.all<{ n: number }>('SELECT count(*) AS n FROM report_pdfs WHERE org_id = ?', orgId))[0]!.n;
}
