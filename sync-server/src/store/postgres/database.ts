import pg from 'pg';
import type { Migration } from '../sqlite/migrations.js';

/*
 * PostgreSQL (issue 43): the storage for offices that outgrow one machine. SQLite stays the
 * default; a store gets a PostgreSQL implementation beside its SQLite and memory ones, behind the
 * same interface, and its contract suite runs all three (postgres/test-database.test-util.ts).
 * PostgreSQL's migrations are their own numbered list (PG_MIGRATIONS, postgres/migrations.ts):
 * the same versions as SQLite's where a store has both, written in PostgreSQL's dialect.
 */

export type PgPool = pg.Pool;

/**
 * A pool over `url` (DATABASE_URL) of up to `max` connections, `min` of them kept open however
 * long they stay idle (the others close after 10 s idle), its clients' errors logged rather than
 * crashing the process.
 */
export function openPostgres(url: string, max = 10, min = 0): PgPool {
  const pool = new pg.Pool({ connectionString: url, max, min });
  // An idle client whose connection dies (PostgreSQL restarted) emits 'error' on the pool; the
  // pool drops it and the next query opens another.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Opens `count` of the pool's connections now (kept while idle when `count` is at most its `min`),
 * so the first requests after a start do not each wait for a connection to be made: a tablet's
 * first sync reads through three at once (the session's reads, the room's, the read audit).
 */
export async function warmPool(pool: PgPool, count: number): Promise<void> {
  const clients = await Promise.all(Array.from({ length: count }, () => pool.connect()));
  for (const client of clients) client.release();
}

/**
 * Applies the migrations `pool`'s database has not had, in order, each in its own transaction.
 * Several instances starting at once migrate once: each takes the same transaction-scoped
 * advisory lock first, and reads what is applied under it.
 */
export async function migratePostgres(pool: PgPool, migrations: readonly Migration[]): Promise<number[]> {
  const applied: number[] = [];
  const client = await pool.connect();
  let failed = false;
  try {
    // Under the lock too: two concurrent CREATE TABLE IF NOT EXISTS can both try to create it.
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    await client.query('COMMIT');
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        const done = await client.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
        if (done.rowCount === 0) {
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
          applied.push(m.version);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A client that failed mid-transaction is closed, not handed back to the pool.
    client.release(failed);
  }
  return applied;
}

/** The advisory lock key of migrations (any fixed 64-bit number; 'VIGILMIG' in ASCII). */
const MIGRATION_LOCK = '6289101576812431687';
