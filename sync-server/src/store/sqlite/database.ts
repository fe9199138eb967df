import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../log.js';
import { MIGRATIONS, type Migration } from './migrations.js';

export type Db = Database.Database;

export const DATABASE_FILE = 'vigil.db';

export interface OpenedDatabase {
  db: Db;
  /** True when this open created the database (no migration had run before). */
  created: boolean;
}

/** Applies every migration newer than the database's user_version, each in its own transaction. */
export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS, log?: Logger): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  let applied = 0;
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
    log?.info({ version: migration.version, name: migration.name }, 'migration applied');
    applied += 1;
  }
  return applied;
}

/**
 * Makes every `db.transaction(fn)` of this connection begin IMMEDIATE (issue 43; session 36): the
 * one place of the rule, for every store. Other processes write to the same file (the admin CLI,
 * the migration command, a second instance on one data directory), and a deferred transaction
 * that reads before it writes cannot become the writer once another connection committed
 * (`SQLITE_BUSY_SNAPSHOT`, which busy_timeout does not wait out); taking the write lock at BEGIN
 * waits on busy_timeout instead. Nested transactions stay savepoints; `.deferred` stays available
 * for a read that wants no lock. The asynchronous transactions (sqliteHooks) begin IMMEDIATE too.
 */
export function immediateTransactions(db: Db): Db {
  cachedStatements(db);
  const transaction = db.transaction.bind(db);
  // The variant itself, not a wrapper: better-sqlite3 gives it the others as properties (.deferred).
  // eslint-disable-next-line @typescript-eslint/unbound-method -- it passes its caller's `this` to fn, which uses none
  db.transaction = ((fn: (...args: never[]) => unknown) => transaction(fn).immediate) as Db['transaction'];
  return db;
}

/** How many prepared statements a connection keeps, the least recently used dropped first. */
export const STATEMENT_CACHE_SIZE = 1000;

/** What a cached statement may not do: its mode or bindings would follow it to the next caller. */
const MODE_CHANGES = ['pluck', 'raw', 'expand', 'safeIntegers', 'bind'] as const;

/**
 * Session 39: `db.prepare(sql)` returns the statement this connection prepared for that text
 * before, instead of compiling it again. The stores prepare at each call (about 140 places), and
 * compiling was the largest part of a session lookup (a socket's upgrade, every request's
 * caller). The cache is bounded (STATEMENT_CACHE_SIZE, least recently used first out), for the
 * statements built per call (an IN list of so many places). A cached statement is shared: a call
 * that would change its mode or bind its parameters for good throws instead (prepare such a
 * statement on a connection of its own, as the database console's read-only child does).
 * Applied by `immediateTransactions`, the one place every writable connection passes.
 */
function cachedStatements(db: Db): void {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    const cached = cache.get(sql);
    if (cached) {
      // Most recently used last: the Map's first key is the one to drop.
      cache.delete(sql);
      cache.set(sql, cached);
      return cached;
    }
    const stmt = prepare(sql);
    for (const method of MODE_CHANGES) {
      stmt[method] = () => {
        throw new Error(`a cached statement is shared: ${method}() would change it for every caller (database.ts)`);
      };
    }
    cache.set(sql, stmt);
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return stmt;
  }) as Db['prepare'];
}

/** A migrated in-memory database with foreign keys on: what the store contract suites and unit tests run on. */
export function openMemoryDatabase(): Db {
  const db = immediateTransactions(new Database(':memory:'));
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

/**
 * Opens (creating when missing) `{dataDir}/vigil.db` with WAL and foreign keys on and applies
 * the migrations. This module owns the connection: everything else receives the handle.
 */
export function openDatabase(dataDir: string, log?: Logger): OpenedDatabase {
  mkdirSync(dataDir, { recursive: true });
  const db = immediateTransactions(new Database(path.join(dataDir, DATABASE_FILE)));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  const created = (db.pragma('user_version', { simple: true }) as number) === 0;
  migrate(db, MIGRATIONS, log);
  return { db, created };
}
