import { rmSync } from 'node:fs';
import { forgetLeases, migratedTemplate } from '../../sync-server/src/store/postgres/test-template.test-util.js';
import { startServer } from './start-server.js';
import { databaseUrlOf, dropRunDatabases, ON_POSTGRES, runId, STALE_MS } from './test-database.js';

/*
 * The integration project's global setup (vitest.config.ts). On PostgreSQL
 * (VIGIL_TEST_DATABASE=postgres; tests/utils/test-database.ts): fixes the run's id for every
 * worker, drops what dead runs left, and makes the run's template: a database one server started
 * on and seeded (the demo data, the plan catalogue) and stopped, its leases forgotten. Every test
 * server's database is a copy of it, so none spends a minute seeding the demo on a loaded machine
 * (SQLite seeds a file in seconds; PostgreSQL's hundreds of demo writes are round trips). At the
 * end it drops every database of the run, the template with them. On SQLite: nothing.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (!ON_POSTGRES) return undefined;
  const run = runId();
  const stale = await dropRunDatabases({ olderThan: Date.now() - STALE_MS });
  if (stale > 0) console.warn(`dropped ${stale} test databases left by runs older than ${STALE_MS / 3_600_000} h`);
  await migratedTemplate();
  const seeder = await startServer({ timeoutMs: 300_000 });
  await seeder.stop();
  const template = new URL(databaseUrlOf(seeder.dataDir)!).pathname.slice(1);
  rmSync(seeder.dataDir, { recursive: true, force: true });
  await forgetLeases(template);
  process.env.VIGIL_TEST_TEMPLATE = template;
  return async () => {
    await dropRunDatabases({ run });
  };
}
