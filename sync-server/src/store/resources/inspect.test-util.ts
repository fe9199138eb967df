import type { TestDb } from '../test-db.test-util.js';

/*
 * Issue 36 item 4: storage facts about FHIR resources that no ResourceStore method answers (what
 * the file holds, not what the API serves), for tests outside store/. The server never calls them.
 */

/** The stored versions of one resource and the bytes of their JSON: what its history costs the database. */
export async function historyFootprint(
  db: TestDb,
  orgId: string,
  type: string,
  id: string,
): Promise<{ versions: number; bytes: number }> {
  const [row] = await db.all<{ versions: number; bytes: number | string }>(
    `SELECT COUNT(*) AS versions, COALESCE(SUM(LENGTH(json)), 0) AS bytes FROM resource_history
     WHERE org_id = ? AND resource_type = ? AND id = ?`,
    orgId,
    type,
    id,
  );
  // PostgreSQL's SUM of integers is a NUMERIC, which its driver reads as text.
  return { versions: row!.versions, bytes: Number(row!.bytes) };
}

/** How many stored versions an organisation holds under an id, of any resource type. */
export async function versionsUnderId(db: TestDb, orgId: string, id: string): Promise<number> {
  return (
    await db.all<{ n: number }>('SELECT count(*) AS n FROM resource_history WHERE org_id = ? AND id = ?', orgId, id)
  )[0]!.n;
}
