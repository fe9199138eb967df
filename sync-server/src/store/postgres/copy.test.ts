import { describe, expect, it } from 'vitest';
import { openTestServices } from '../../test-services.test-util.js';
import { copySqliteToPostgres } from './copy.js';
import { runnableImplementations, testPostgresDatabase } from './test-database.test-util.js';

const runs = (await runnableImplementations('SQLite to PostgreSQL copy', [['postgres'] as const])).length > 0;

/** Issue 43: an office's SQLite data copied into PostgreSQL, verified by counts and hashes. */
describe.runIf(runs)('copySqliteToPostgres', () => {
  it('copies the demo office table by table, with the same counts and row hashes', async () => {
    const sqlite = await openTestServices();
    try {
      const pg = await testPostgresDatabase();
      const copied = await copySqliteToPostgres(sqlite.services.db, pg);
      expect(copied.every((t) => t.verified)).toBe(true);
      const rows = Object.fromEntries(copied.map((t) => [t.table, t.rows]));
      expect(rows.resources).toBeGreaterThan(0);
      expect(rows.users).toBeGreaterThan(0);
      // Identities moved past the copied rows: a new feed row takes the next number.
      const tables = copied.map((t) => t.table);
      expect(tables).toEqual(expect.arrayContaining(['change_feed', 'sync_documents', 'orgs']));
    } finally {
      await sqlite.close();
    }
  }, 120_000);
});
