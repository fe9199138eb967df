import { describe, expect, it } from 'vitest';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { PostgresOrgStore } from '../orgs/postgres.js';
import { postgresOrgWorld, seedOrgs } from '../orgs/seed.test-util.js';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import { DB_CONSOLE_MAX_CELL_CHARS } from './console-run.js';
import { PostgresConsole } from './console-postgres.js';
import { CONSOLE_SQL, PG_CONSOLE_SQL } from './console-sql.test-util.js';
import { ConsoleRefusal } from './types.js';

/*
 * The database console on PostgreSQL (issue 43; issue 41's DB1): one reading statement in a READ
 * ONLY transaction with a statement_timeout, on a connection of its own, rows capped as on SQLite.
 */

const engines = await runnableImplementations<[string]>('PostgreSQL database console', [['postgres']]);

async function seeded(): Promise<{ db: PostgresDatabase; console: (timeLimitMs?: number) => PostgresConsole }> {
  const db = await testPostgresDatabase();
  await seedOrgs(postgresOrgWorld(db), [{ id: 'annex', fhirId: 'fhir-annex', name: 'Annex', type: 'regular' }]);
  return { db, console: (timeLimitMs = 5_000) => new PostgresConsole(db.pool.options, { timeLimitMs }) };
}

const refusalOf = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => null,
    (err: unknown) => err,
  );

describe.each(engines)('the database console on PostgreSQL (%s)', () => {
  it('[DB1] answers a read as text, bytea by its size, NULL as null', async () => {
    const { console } = await seeded();
    const c = console();
    expect(await c.run(CONSOLE_SQL.orgIdAndName('annex'), 10)).toEqual({
      columns: ['id', 'name'],
      rows: [['annex', 'Annex']],
      truncated: false,
    });
    expect(await c.run(PG_CONSOLE_SQL.bytes, 10)).toEqual({
      columns: ['b', 'n', 'big', 'yes'],
      rows: [['<3 bytes>', null, '2', 't']],
      truncated: false,
    });
    expect((await c.run(PG_CONSOLE_SQL.explain, 10)).rows[0]![0]).toMatch(/Scan on orgs/);
  });

  it('[DB1] refuses writes before they run, and PostgreSQL’s read-only transaction refuses the rest; nothing changes', async () => {
    const { db, console } = await seeded();
    const c = console();
    const before = (await db.query(PG_CONSOLE_SQL.orgCount)).rows[0]!.n as string;
    for (const sql of [...CONSOLE_SQL.refused, ...PG_CONSOLE_SQL.refusedByTransaction, PG_CONSOLE_SQL.twoStatements]) {
      const err = await refusalOf(c.run(sql, 10));
      expect(err, sql).toBeInstanceOf(ConsoleRefusal);
    }
    expect(((await refusalOf(c.run('PRAGMA user_version', 10))) as Error).message).toBe('PRAGMA is not PostgreSQL');
    expect(((await refusalOf(c.run(PG_CONSOLE_SQL.twoStatements, 10))) as Error).message).toMatch(/multiple commands/);
    expect(((await refusalOf(c.run(PG_CONSOLE_SQL.refusedByTransaction[0], 10))) as Error).message).toMatch(
      /DECLARE CURSOR|read-only transaction/,
    );
    expect((await db.query(PG_CONSOLE_SQL.orgCount)).rows[0]!.n).toBe(before);
    expect(await new PostgresOrgStore(db).org('annex')).not.toBeNull();
  });

  it('stops an endless statement at the row cap, and one that answers nothing at the time limit', async () => {
    const { console } = await seeded();
    const c = console(1_000);
    const endless = await c.run(CONSOLE_SQL.endless, 200);
    expect(endless.rows).toHaveLength(200);
    expect(endless.rows.at(-1)).toEqual(['200']);
    expect(endless.truncated).toBe(true);
    const stopped = await refusalOf(c.run(CONSOLE_SQL.endlessCount, 10));
    expect(stopped).toBeInstanceOf(ConsoleRefusal);
    expect((stopped as Error).message).toBe('The statement ran longer than 1 s and was stopped');
    expect((await c.run(CONSOLE_SQL.one, 10)).rows).toEqual([['1']]);
  }, 60_000);

  it('cuts a long value and leaves out the rows past the answer’s size', async () => {
    const { console } = await seeded();
    const answer = await console().run(PG_CONSOLE_SQL.wideRows(150, 20_000), 200);
    expect(answer.rows[0]![0]).toBe(`${'x'.repeat(DB_CONSOLE_MAX_CELL_CHARS)}… (20000 characters)`);
    expect(answer.rows).toHaveLength(99);
    expect(answer.truncated).toBe(true);
  });

  it('leaves nothing of a statement on the database: a session lock ends with its connection', async () => {
    const { db, console } = await seeded();
    expect((await console().run(PG_CONSOLE_SQL.sessionLock(4343), 10)).rows).toEqual([['']]);
    expect((await db.query(PG_CONSOLE_SQL.tryLock, [4343])).rows[0]!.free).toBe(true);
    await db.query(PG_CONSOLE_SQL.unlock, [4343]);
  });
});
