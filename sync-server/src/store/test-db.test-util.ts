import pg from 'pg';
import type { Db } from './sqlite/database.js';

/*
 * Issue 43: a test server's database as the store's test utilities (store/<area>/inspect.test-util.ts,
 * tamper.test-util.ts) read and change it, on either engine. Statements are written once with `?`
 * placeholders (numbered for PostgreSQL here) where both dialects agree; a utility that needs
 * either's own words asks `engine`. PostgreSQL's 64-bit integers (counts, ids, times) come back as
 * numbers, as SQLite's do. The server never uses it.
 */
export interface TestDb {
  readonly engine: 'sqlite' | 'postgres';
  /** Every row of a query. */
  all<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  /** Runs a statement; how many rows it changed. */
  run(sql: string, ...params: unknown[]): Promise<number>;
  /**
   * Runs `fn` with the database's own guards off (the append-only triggers): on SQLite by dropping
   * the triggers `sqliteTriggers` names (for good), on PostgreSQL for `fn`'s transaction only.
   */
  unguarded<T>(sqliteTriggers: readonly string[], fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The SQLite file a test opened (see sqlite/inspect.test-util.ts openDatabaseFile). */
export function sqliteTestDb(db: Db): TestDb {
  return {
    engine: 'sqlite',
    all: <T>(sql: string, ...params: unknown[]) => Promise.resolve(db.prepare(sql).all(...params) as T[]),
    run: (sql, ...params) => Promise.resolve(db.prepare(sql).run(...params).changes),
    unguarded: (triggers, fn) => {
      for (const name of triggers) db.exec(`DROP TRIGGER IF EXISTS ${name}`);
      return fn();
    },
    close: () => Promise.resolve(void db.close()),
  };
}

const INT8 = 20;
/** PostgreSQL's 64-bit integers (counts, ids, epoch times) as numbers, as SQLite gives them. */
const int8AsNumber = ((oid: number, format?: 'text' | 'binary'): unknown =>
  oid === INT8 ? Number : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser;
const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** A test's one connection to the PostgreSQL database at `url`. */
export function postgresTestDb(url: string): TestDb {
  const pool = new pg.Pool({
    connectionString: url,
    // One connection: a transaction's SET LOCAL and its statements share it.
    max: 1,
    types: { getTypeParser: int8AsNumber },
  });
  pool.on('error', () => undefined);
  const all = async <T>(sql: string, ...params: unknown[]): Promise<T[]> =>
    (await pool.query(numbered(sql), params)).rows as T[];
  return {
    engine: 'postgres',
    all,
    run: async (sql, ...params) => (await pool.query(numbered(sql), params)).rowCount ?? 0,
    unguarded: async (_triggers, fn) => {
      await pool.query('BEGIN');
      try {
        // Triggers (the append-only guards among them) do not fire for a replica's writes.
        await pool.query('SET LOCAL session_replication_role = replica');
        const result = await fn();
        await pool.query('COMMIT');
        return result;
      } catch (error) {
        await pool.query('ROLLBACK');
        throw error;
      }
    },
    close: () => pool.end(),
  };
}
