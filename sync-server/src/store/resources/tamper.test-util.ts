import type { TestDb } from '../test-db.test-util.js';

/*
 * Issue 36 item 4: an attack of someone with the database file on stored resources, played by the
 * report tests to prove the server notices. Kept in store/ so no SQL is written outside it; the
 * server never calls it.
 */

/**
 * Swaps a stored Binary's bytes (base64 `data`) in place behind the API's back, keeping its version;
 * returns the undo, which puts the stored JSON back exactly (on any open connection to the database).
 */
export async function swapBinaryData(
  db: TestDb,
  orgId: string,
  id: string,
  data: Buffer,
): Promise<(on: TestDb) => Promise<void>> {
  const [row] = await db.all<{ json: string }>(
    "SELECT json FROM resources WHERE org_id = ? AND resource_type = 'Binary' AND id = ?",
    orgId,
    id,
  );
  if (!row) throw new Error(`no Binary ${id} in ${orgId}`);
  const put = async (on: TestDb, json: string): Promise<void> => {
    await on.run(
      "UPDATE resources SET json = ? WHERE org_id = ? AND resource_type = 'Binary' AND id = ?",
      json,
      orgId,
      id,
    );
  };
  await put(db, JSON.stringify({ ...(JSON.parse(row.json) as object), data: data.toString('base64') }));
  return (on) => put(on, row.json);
}
