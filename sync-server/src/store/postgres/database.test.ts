import { afterEach, describe, expect, it } from 'vitest';
import { migratePostgres, openPostgres, warmPool } from './database.js';
import { PG_MIGRATIONS } from './migrations.js';
import { freshPostgres, runnableImplementations } from './test-database.test-util.js';

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

const suites = await runnableImplementations('PostgreSQL migrations', [['postgres'] as const]);

// Skipped (its reason printed) where PostgreSQL is not running: a file without a suite would fail.
describe.skipIf(suites.length === 0)('PostgreSQL migrations (postgres, issue 43)', () => {
  it('apply once when three instances start at the same time, and not again at the next start', async () => {
    const database = await freshPostgres({ migrate: false });
    drops.push(database.drop);
    const applied = await Promise.all([1, 2, 3].map(() => migratePostgres(database.open(1), PG_MIGRATIONS)));
    // Every migration applied by exactly one of the three.
    expect(applied.flat().sort((a, b) => a - b)).toEqual(PG_MIGRATIONS.map((m) => m.version).sort((a, b) => a - b));
    expect(await migratePostgres(database.open(1), PG_MIGRATIONS)).toEqual([]);
    const { rows } = await database.open(1).query<{ version: number }>('SELECT version FROM schema_migrations');
    expect(rows.map((r) => r.version)).toEqual(PG_MIGRATIONS.map((m) => m.version));
  });

  it('roll a failing migration back whole, recording nothing', async () => {
    const database = await freshPostgres({ migrate: false });
    drops.push(database.drop);
    const pool = database.open(1);
    const broken = { version: 1, name: 'broken', sql: 'CREATE TABLE t (a INTEGER); SELECT no_such_function();' };
    await expect(migratePostgres(pool, [broken])).rejects.toThrow(/no_such_function/);
    const tables = await pool.query("SELECT 1 FROM pg_tables WHERE tablename = 't'");
    expect(tables.rowCount).toBe(0);
    expect((await pool.query('SELECT 1 FROM schema_migrations')).rowCount).toBe(0);
  });

  it('opens the connections a start asks for, and keeps its minimum open past the idle timeout', async () => {
    const database = await freshPostgres({ migrate: false });
    drops.push(database.drop);
    const pool = openPostgres(database.url, 5, 2);
    try {
      await warmPool(pool, 2);
      expect([pool.totalCount, pool.idleCount]).toEqual([2, 2]);
      // A third, opened for a burst, closes after the pool's 10 s idle timeout; the two kept stay.
      const extra = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      for (const client of extra) client.release();
      expect(pool.totalCount).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 10_500));
      expect([pool.totalCount, pool.idleCount]).toEqual([2, 2]);
    } finally {
      await pool.end();
    }
  }, 20_000);
});
