import type { Db } from '../sqlite/database.js';

/*
 * Issue 36 item 4: an attack of someone with the database file on stored resources, played by the
 * report tests to prove the server notices. Kept in store/ so no SQL is written outside it; the
 * server never calls it.
 */

/**
 * Swaps a stored Binary's bytes (base64 `data`) in place behind the API's back, keeping its version;
 * returns the undo, which puts the stored JSON back exactly (on any open connection to the file).
 */
export function swapBinaryData(db: Db, orgId: string, id: string, data: Buffer): (on: Db) => void {
  const row = db
    .prepare("SELECT json FROM resources WHERE org_id = ? AND resource_type = 'Binary' AND id = ?")
    .get(orgId, id) as { json: string } | undefined;
  if (!row) throw new Error(`no Binary ${id} in ${orgId}`);
  const put = (on: Db, json: string): void => {
    on.prepare("UPDATE resources SET json = ? WHERE org_id = ? AND resource_type = 'Binary' AND id = ?").run(
      json,
      orgId,
      id,
    );
  };
  put(db, JSON.stringify({ ...(JSON.parse(row.json) as object), data: data.toString('base64') }));
  return (on) => put(on, row.json);
}
