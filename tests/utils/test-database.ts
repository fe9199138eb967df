import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createTestDatabase,
  dropTestDatabase,
  testDatabasesNamed,
  testDatabaseUrl,
} from '../../sync-server/src/store/postgres/test-template.test-util.js';

/*
 * The integration suite on PostgreSQL (issue 43: "the whole existing integration suite passes with
 * DATABASE_URL set"). With VIGIL_TEST_DATABASE=postgres (`npm run test:integration:postgres`),
 * every server startServer starts gets a fresh database of its own, copied from the migrated
 * template (store/postgres/test-template.test-util.ts), unless its test gives it a DATABASE_URL.
 * The database belongs to the server's data directory: its URL is written there (MARKER), so a
 * restart on the same directory, the commands run on the server's data (adminCli) and the tests'
 * stores (tests/utils/stores.ts) all reach it. It is dropped with the directory (dispose); what a
 * test leaves is dropped at the run's end (tests/utils/postgres-run.ts), and a run that died
 * leaves databases the next run's start drops once they are older than STALE_MS.
 */

/** Whether the test servers run on PostgreSQL. */
export const ON_POSTGRES = process.env.VIGIL_TEST_DATABASE === 'postgres';

/** The file in a data directory that holds its PostgreSQL database's URL. */
const MARKER = 'test-database-url';

/** Every test server database's name starts with this. */
export const RUN_PREFIX = 'vigil_it_';

/** A run's databases older than this are a dead run's: no integration run lasts this long. */
export const STALE_MS = 6 * 60 * 60 * 1000;

/** This run's id (set once for the run by postgres-run.ts; this process's own otherwise), a time in base 36. */
export function runId(): string {
  process.env.VIGIL_TEST_RUN ??= Date.now().toString(36);
  return process.env.VIGIL_TEST_RUN;
}

/** The PostgreSQL database `dataDir` belongs to, or null (SQLite, or none made yet). */
export function databaseUrlOf(dataDir: string): string | null {
  const file = path.join(dataDir, MARKER);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** The database of `dataDir`: the one made for it before, else a fresh copy of the template, recorded in it. */
export async function databaseFor(dataDir: string): Promise<{ url: string; name: string }> {
  const known = databaseUrlOf(dataDir);
  if (known) return { url: known, name: new URL(known).pathname.slice(1) };
  const name = `${RUN_PREFIX}${runId()}_${randomBytes(5).toString('hex')}`;
  // The run's seeded template (postgres-run.ts) when there is one: the demo data is in it already.
  await createTestDatabase(name, { template: process.env.VIGIL_TEST_TEMPLATE });
  const url = testDatabaseUrl(name);
  writeFileSync(path.join(dataDir, MARKER), url);
  return { url, name };
}

/** Drops the database of `dataDir`, if it has one this suite made. */
export async function dropDatabaseOf(dataDir: string): Promise<void> {
  const url = databaseUrlOf(dataDir);
  const name = url && new URL(url).pathname.slice(1);
  if (name?.startsWith(RUN_PREFIX)) await dropTestDatabase(name);
}

/** Drops the databases of run `run` (all of them), or of every run older than STALE_MS. */
export async function dropRunDatabases(which: { run: string } | { olderThan: number }): Promise<number> {
  const names = await testDatabasesNamed(RUN_PREFIX);
  const doomed = names.filter((name) => {
    const run = name.slice(RUN_PREFIX.length).split('_')[0] ?? '';
    if ('run' in which) return run === which.run;
    const started = parseInt(run, 36);
    return Number.isFinite(started) && started < which.olderThan;
  });
  for (const name of doomed) await dropTestDatabase(name);
  return doomed.length;
}
