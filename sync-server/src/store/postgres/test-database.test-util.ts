import { randomBytes } from 'node:crypto';
import { afterAll, onTestFinished } from 'vitest';
import { openPostgres, type PgPool } from './database.js';
import {
  createTestDatabase,
  dropTestDatabase,
  TEST_POSTGRES_URL,
  testDatabaseUrl,
  unreachable,
} from './test-template.test-util.js';
import { PostgresDatabase } from './unit-of-work.js';

export { TEST_POSTGRES_URL } from './test-template.test-util.js';

/*
 * PostgreSQL for the contract suites (issue 43). Every machine of the project runs PostgreSQL 15
 * (127.0.0.1:5432, trust auth, database `test`); each suite gets a database of its own, created
 * from that one and dropped afterwards, so parallel test files stay apart. Where PostgreSQL is
 * not running, the PostgreSQL entries are skipped with the reason printed, unless
 * VIGIL_REQUIRE_SERVICES=1 (set by .ci/run): then the suite fails, so CI always runs them.
 */

/** Whether a missing service fails the suites that need it rather than skipping them. */
export const SERVICES_REQUIRED = process.env.VIGIL_REQUIRE_SERVICES === '1';

/**
 * The implementations of a contract suite that can run here: all of them when PostgreSQL
 * answers; without the 'postgres' entry (printing why) when it does not; throws when it does not
 * and services are required (VIGIL_REQUIRE_SERVICES=1).
 */
export async function runnableImplementations<T extends readonly [string, ...unknown[]]>(
  suite: string,
  implementations: readonly T[],
  { url = TEST_POSTGRES_URL, required = SERVICES_REQUIRED }: { url?: string; required?: boolean } = {},
): Promise<T[]> {
  const reason = await unreachable(url);
  if (reason === null) return [...implementations];
  const message = `${suite}: PostgreSQL at ${url} is not reachable (${reason})`;
  if (required) throw new Error(`${message}; VIGIL_REQUIRE_SERVICES=1 makes this a failure`);
  console.warn(`SKIPPED ${message}: its PostgreSQL entries are skipped (VIGIL_REQUIRE_SERVICES=1 fails instead)`);
  return implementations.filter(([name]) => name !== 'postgres');
}

/**
 * Databases being dropped. A drop (1 to 2 s: PostgreSQL waits for every backend to let go of the
 * files) runs beside the next tests instead of before them; the file's end waits for them all.
 */
const dropping = new Set<Promise<void>>();
afterAll(async () => {
  await Promise.all(dropping);
});

/** A fresh database of its own (migrated unless told not to), and how to drop it (every pool opened on it is ended first). */
export async function freshPostgres({ migrate = true }: { migrate?: boolean } = {}): Promise<{
  url: string;
  open: (max?: number) => PgPool;
  drop: () => Promise<void>;
}> {
  const name = `vigil_t_${randomBytes(6).toString('hex')}`;
  await createTestDatabase(name, { migrate });
  const url = testDatabaseUrl(name);
  const pools: PgPool[] = [];
  const open = (max?: number): PgPool => {
    const pool = openPostgres(url, max);
    pools.push(pool);
    return pool;
  };
  return {
    url,
    open,
    drop: async () => {
      await Promise.all(pools.map((p) => p.end()));
      const dropped = dropTestDatabase(name);
      dropping.add(dropped);
      void dropped.finally(() => dropping.delete(dropped)).catch(() => undefined);
    },
  };
}

/** A fresh migrated database for the running test, dropped when the test finishes (call it inside a test). */
export async function testPostgresDatabase(): Promise<PostgresDatabase> {
  const database = await freshPostgres();
  onTestFinished(() => database.drop());
  return new PostgresDatabase(database.open());
}

/**
 * Waits until every transaction of the whole PostgreSQL server that began before this call has
 * ended. The audit chain seals only records older than the oldest transaction still running
 * (store/audit/postgres.ts), and that horizon is the server's, not one database's: another test
 * file creating or dropping its database at the same moment holds it back for a second. A test
 * that expects a seal to take what it just wrote waits for this first, as the server's next seal
 * would.
 */
export async function settledPostgres(pool: PgPool, boundMs = 60_000): Promise<void> {
  const { rows } = await pool.query<{ mark: string }>('SELECT pg_current_xact_id()::text AS mark');
  const mark = rows[0]!.mark;
  for (const until = Date.now() + boundMs; ;) {
    const { rows: now } = await pool.query<{ settled: boolean }>(
      'SELECT pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 AS settled',
      [mark],
    );
    if (now[0]!.settled) return;
    if (Date.now() > until) throw new Error(`transactions older than ${mark} still running after ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
