import type { Db } from '../sqlite/database.js';

/*
 * Issue 36 item 4: storage facts about FHIR resources that no ResourceStore method answers (what
 * the file holds, not what the API serves), for tests outside store/. The server never calls them.
 */

/** The stored versions of one resource and the bytes of their JSON: what its history costs the database. */
export function historyFootprint(db: Db, orgId: string, type: string, id: string): { versions: number; bytes: number } {
  return db
    .prepare(
      `SELECT COUNT(*) AS versions, COALESCE(SUM(LENGTH(json)), 0) AS bytes FROM resource_history
       WHERE org_id = ? AND resource_type = ? AND id = ?`,
    )
    .get(orgId, type, id) as { versions: number; bytes: number };
}

/** How many stored versions an organisation holds under an id, of any resource type. */
export function versionsUnderId(db: Db, orgId: string, id: string): number {
  return (
    db.prepare('SELECT count(*) AS n FROM resource_history WHERE org_id = ? AND id = ?').get(orgId, id) as {
      n: number;
    }
  ).n;
}
