import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase, openMemoryDatabase, STATEMENT_CACHE_SIZE, type Db } from './database.js';

/**
 * Every SQLite transaction begins IMMEDIATE (issue 43, session 36): other processes write to the
 * same file (the admin CLI, the migration command, a second instance), so a store's transaction
 * that reads before it writes must hold the write lock from its BEGIN.
 */
describe('SQLite transactions of the server connection', () => {
  let dir: string;
  let db: Db;
  /** Another process's connection to the same file, failing at once instead of waiting. */
  let other: Db;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vigil-tx-'));
    db = openDatabase(dir).db;
    db.exec('CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
    db.prepare('INSERT INTO counter (id, n) VALUES (1, 0)').run();
    other = new Database(path.join(dir, DATABASE_FILE));
    other.pragma('busy_timeout = 0');
  });

  afterEach(() => {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const read = (): number => (db.prepare('SELECT n FROM counter WHERE id = 1').get() as { n: number }).n;
  const bump = (conn: Db, to: number): void => void conn.prepare('UPDATE counter SET n = ? WHERE id = 1').run(to);

  it('hold the write lock from BEGIN: another connection cannot write while one that only read is open', () => {
    const seen = db.transaction(() => {
      const n = read();
      expect(() => bump(other, 99)).toThrow(/database is locked/);
      bump(db, n + 1);
      return n;
    })();
    expect(seen).toBe(0);
    expect(read()).toBe(1);
    bump(other, 2);
    expect(read()).toBe(2);
  });

  it('a deferred one that read first cannot write after another connection committed (what IMMEDIATE prevents)', () => {
    const deferred = db.transaction(() => {
      read();
      bump(other, 5);
      bump(db, 6);
    }).deferred;
    expect(deferred).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY_SNAPSHOT' }));
    expect(read()).toBe(5);
  });

  it('stay savepoints when nested, and roll back with the outer transaction', () => {
    const inner = db.transaction(() => bump(db, 7));
    expect(() =>
      db.transaction(() => {
        inner();
        expect(read()).toBe(7);
        throw new Error('finalize failed');
      })(),
    ).toThrow('finalize failed');
    expect(read()).toBe(0);
    expect(db.inTransaction).toBe(false);
  });

  it('begin IMMEDIATE on the in-memory database of the contract suites too', () => {
    // One connection cannot show a lock; the transaction it returns is better-sqlite3's IMMEDIATE
    // variant (its own \`.immediate\`), where a plain connection returns the deferred default.
    const memory = openMemoryDatabase();
    const tx = memory.transaction(() => 1);
    expect(tx).toBe(tx.immediate);
    const plain = new Database(':memory:');
    const deferred = plain.transaction(() => 1);
    expect(deferred).not.toBe(deferred.immediate);
    plain.close();
    memory.close();
  });
});

/** Session 39: a connection compiles each statement text once (the stores prepare at every call). */
describe('prepared statements of the server connection', () => {
  it('are compiled once per text and shared by every call', () => {
    const db = openMemoryDatabase();
    const first = db.prepare('SELECT ? AS v');
    expect(db.prepare('SELECT ? AS v')).toBe(first);
    // Shared, with bindings per call: two uses give each its own value.
    expect([first.get(1), db.prepare('SELECT ? AS v').get(2)]).toEqual([{ v: 1 }, { v: 2 }]);
    expect(db.prepare('SELECT ? AS w')).not.toBe(first);
    db.close();
  });

  it('refuse a change of mode or bindings, which would follow the statement to every caller', () => {
    const db = openMemoryDatabase();
    const stmt = db.prepare('SELECT 1 AS v');
    for (const change of [() => stmt.pluck(), () => stmt.raw(), () => stmt.expand(), () => stmt.bind()]) {
      expect(change).toThrow(/shared/);
    }
    expect(db.prepare('SELECT 1 AS v').get()).toEqual({ v: 1 });
    db.close();
  });

  it(`keep at most ${STATEMENT_CACHE_SIZE}, dropping the least recently used`, () => {
    const db = openMemoryDatabase();
    const oldest = db.prepare('SELECT 0');
    const kept = db.prepare('SELECT -1');
    for (let i = 1; i < STATEMENT_CACHE_SIZE; i++) {
      db.prepare(`SELECT ${i}`);
      if (i === STATEMENT_CACHE_SIZE / 2) db.prepare('SELECT -1');
    }
    expect(db.prepare('SELECT -1')).toBe(kept);
    expect(db.prepare('SELECT 0')).not.toBe(oldest);
    expect(db.prepare('SELECT 0').get()).toEqual({ 0: 0 });
    db.close();
  });
});
