import { describe, expect, it } from 'vitest';
import { openTestServices } from '../../test-services.test-util.js';
import { SqliteEmrConnectionStore } from '../smart/sqlite.js';
import { copySqliteToPostgres } from './copy.js';
import { runnableImplementations, testPostgresDatabase } from './test-database.test-util.js';

const runs = (await runnableImplementations('SQLite to PostgreSQL copy', [['postgres'] as const])).length > 0;

/** Issue 43: an office's SQLite data copied into PostgreSQL, verified by counts and hashes. */
describe.runIf(runs)('copySqliteToPostgres', () => {
  it('copies the demo office table by table, with the same counts and row hashes', async () => {
    const sqlite = await openTestServices();
    try {
      // An office connected to its EMR, with a write-back: rows of the tables issue 42 added.
      const emr = new SqliteEmrConnectionStore(sqlite.services.db);
      await emr.setConnection({
        orgId: 'demo',
        iss: 'https://emr.example/fhir',
        clientId: 'vigil',
        clientSecret: null,
        updatedAt: 1,
      });
      await emr.addWriteBack({
        ...{ id: 'wb-1', orgId: 'demo', compositionId: 'c1', event: 'case.finalized', seq: 7, status: 'done' },
        ...{ attempts: 1, firstAttemptAt: 2, nextAttemptAt: null, lastError: null, written: ['DocumentReference/d'] },
        ...{ createdAt: 2, updatedAt: 3 },
      });
      const pg = await testPostgresDatabase();
      const copied = await copySqliteToPostgres(sqlite.services.db, pg);
      expect(copied.every((t) => t.verified)).toBe(true);
      const rows = Object.fromEntries(copied.map((t) => [t.table, t.rows]));
      expect(rows.resources).toBeGreaterThan(0);
      expect(rows.users).toBeGreaterThan(0);
      // Identities moved past the copied rows: a new feed row takes the next number.
      const tables = copied.map((t) => t.table);
      expect(tables).toEqual(expect.arrayContaining(['change_feed', 'sync_documents', 'orgs']));
      // The analytics read model (its roll-ups too) and the EMR connections (session 31).
      expect(tables).toEqual(
        expect.arrayContaining([
          'analytics_case_facts',
          'analytics_case_drugs',
          'analytics_month',
          'analytics_month_drugs',
          'analytics_month_discharge',
          'emr_connections',
          'smart_launches',
          'emr_write_backs',
        ]),
      );
      expect(rows.emr_connections).toBe(1);
      expect(rows.emr_write_backs).toBe(1);
    } finally {
      await sqlite.close();
    }
  }, 120_000);
});
