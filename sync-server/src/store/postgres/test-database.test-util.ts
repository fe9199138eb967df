import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onTestFinished } from 'vitest';
import { migratePostgres, openPostgres, type PgPool } from './database.js';
import { PG_MIGRATIONS } from './migrations.js';
import { PostgresDatabase } from './unit-of-work.js';

/*
 * PostgreSQL for the contract suites (issue 43). Every machine of the project runs PostgreSQL 15
 * (127.0.0.1:5432, trust auth, database `test`); each suite gets a database of its own, created
 * from that one and dropped afterwards, so parallel test files stay apart. Where PostgreSQL is
 * not running, the PostgreSQL entries are skipped with the reason printed, unless
 * VIGIL_REQUIRE_SERVICES=1 (set by .ci/run): then the suite fails, so CI always runs them.
 */

/** Where the test server is: VIGIL_TEST_DATABASE_URL, else the project machines' PostgreSQL. */
export const TEST_POSTGRES_URL = process.env.VIGIL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether a missing service fails the suites that need it rather than skipping them. */
export const SERVICES_REQUIRED = process.env.VIGIL_REQUIRE_SERVICES === '1';

/** null when PostgreSQL at `url` answers; else why not. */
async function unreachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

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

/** A fresh database of its own (migrated unless told not to), and how to drop it (every pool opened on it is ended first). */
export async function freshPostgres({ migrate = true }: { migrate?: boolean } = {}): Promise<{
  url: string;
  open: (max?: number) => PgPool;
  drop: () => Promise<void>;
}> {
  const name = `vigil_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const pools: PgPool[] = [];
  const open = (max?: number): PgPool => {
    const pool = openPostgres(url.toString(), max);
    pools.push(pool);
    return pool;
  };
  if (migrate) await migratePostgres(open(1), PG_MIGRATIONS);
  return {
    url: url.toString(),
    open,
    drop: async () => {
      await Promise.all(pools.map((p) => p.end()));
      const dropper = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** A fresh migrated database for the running test, dropped when the test finishes (call it inside a test). */
export async function testPostgresDatabase(): Promise<PostgresDatabase> {
  const database = await freshPostgres();
  onTestFinished(() => database.drop());
  return new PostgresDatabase(database.open());
}
