import { createHash } from 'node:crypto';
import pg from 'pg';
import { migratePostgres, openPostgres } from './database.js';
import { PG_MIGRATIONS } from './migrations.js';

/*
 * The migrated template test databases are copied from (issue 43), and making, listing and
 * dropping those databases. Free of vitest: the contract suites use it through
 * test-database.test-util.ts, and tests/utils/start-server.ts (which Playwright and the benchmark
 * import too) to give every test server a database of its own (VIGIL_TEST_DATABASE=postgres).
 */

/** Where the test server is: VIGIL_TEST_DATABASE_URL, else the project machines' PostgreSQL. */
export const TEST_POSTGRES_URL = process.env.VIGIL_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** null when PostgreSQL at `url` answers; else why not. */
export async function unreachable(url: string): Promise<string | null> {
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

/** The migrations' fingerprint: a template database is made once per set of migrations. */
const TEMPLATE = `vigil_tpl_${createHash('sha256')
  .update(JSON.stringify(PG_MIGRATIONS.map((m) => [m.version, m.name, m.sql])))
  .digest('hex')
  .slice(0, 16)}`;
/** Serializes the template's making across test processes (pg_advisory_lock's key). */
const TEMPLATE_LOCK = 4_301_007;
let template: Promise<string> | null = null;

/** A database name as the tests make them: lower-case letters, digits and underscores only. */
const SAFE_NAME = /^[a-z0-9_]+$/;

function checkedName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`not a test database name: ${name}`);
  return name;
}

/** `query` on a short-lived connection to the test server's maintenance database. */
async function onServer<T>(query: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    return await query(admin);
  } finally {
    await admin.end();
  }
}

/**
 * The migrated template the test databases are copied from (CREATE DATABASE … TEMPLATE): copying
 * it takes a fraction of running every migration for each test (about 0.5 s against 2 s on a
 * loaded 2-core machine). Made once per set of migrations, under a session lock, under another
 * name and renamed when complete, so a run that dies half-way leaves no half-migrated template.
 * Templates of other migration sets are left alone: another checkout may be using one.
 */
export function migratedTemplate(): Promise<string> {
  template ??= onServer(async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const made = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]);
    if (made.rowCount === 0) {
      const building = `${TEMPLATE}_making`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const pool = openPostgres(testDatabaseUrl(building), 1);
      try {
        await migratePostgres(pool, PG_MIGRATIONS);
      } finally {
        await pool.end();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${TEMPLATE}`);
    }
    return TEMPLATE;
  });
  template.catch(() => {
    template = null;
  });
  return template;
}

/** The URL of database `name` on the test server. */
export function testDatabaseUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates database `name`: a copy of `template` when given, else of the migrated template, or
 * empty when `migrate` is false.
 */
export async function createTestDatabase(
  name: string,
  { migrate = true, template }: { migrate?: boolean; template?: string } = {},
): Promise<void> {
  const source = template ? checkedName(template) : migrate ? await migratedTemplate() : null;
  const database = checkedName(name);
  await onServer((admin) =>
    admin.query(source ? `CREATE DATABASE ${database} TEMPLATE ${source}` : `CREATE DATABASE ${database}`),
  );
}

/**
 * Forgets every lease database `name` holds (a stopped server's change-feed consumers', etc.):
 * a copy of it starts with none held by an instance that no longer runs.
 */
export async function forgetLeases(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl(checkedName(name)) });
  await client.connect();
  try {
    await client.query('DELETE FROM leases');
  } finally {
    await client.end();
  }
}

/** Drops database `name` if it exists, disconnecting whoever is still on it. */
export async function dropTestDatabase(name: string): Promise<void> {
  const database = checkedName(name);
  await onServer((admin) => admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
}

/** The names of the databases on the test server that start with `prefix` (letters, digits, underscores). */
export async function testDatabasesNamed(prefix: string): Promise<string[]> {
  const { rows } = await onServer((admin) =>
    admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      checkedName(prefix),
    ]),
  );
  return rows.map((r) => r.datname);
}
