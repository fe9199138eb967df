import type { PgPool } from './database.js';

/*
 * What the integration tests read straight from a PostgreSQL database the real servers use
 * (issue 43), kept in store/ with every other SQL text (sql-boundary.test.ts).
 */

/** Whether the organisation `orgId` is stored. */
export async function orgStored(pool: PgPool, orgId: string): Promise<boolean> {
  return ((await pool.query('SELECT id FROM orgs WHERE id = $1', [orgId])).rowCount ?? 0) === 1;
}

/** The stored version ids of one resource (its current row). */
export async function resourceVersions(pool: PgPool, orgId: string, id: string): Promise<number[]> {
  const { rows } = await pool.query<{ version_id: string }>(
    'SELECT version_id FROM resources WHERE org_id = $1 AND id = $2',
    [orgId, id],
  );
  return rows.map((r) => Number(r.version_id));
}

/** How many stored pieces (updates and the snapshot) a case document has. */
export async function storedCasePieces(pool: PgPool, orgId: string, docId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM sync_updates WHERE room = d.room)::int
          + (SELECT count(*) FROM sync_snapshots WHERE room = d.room)::int AS n
     FROM sync_documents d WHERE d.org_id = $1 AND d.doc_id = $2`,
    [orgId, docId],
  );
  return rows[0]?.n ?? 0;
}
