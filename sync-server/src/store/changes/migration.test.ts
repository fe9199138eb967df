import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../sqlite/database.js';
import { MIGRATIONS } from '../sqlite/migrations.js';
import { CHANGE_FEED_WITHOUT_AUTOINCREMENT_MIGRATION } from './migration.js';
import { SqliteChangeStore } from './sqlite.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0);

/** A database migrated up to migration 100, not including it: the feed with AUTOINCREMENT. */
function databaseBefore(): Database.Database {
  const db = new Database(':memory:');
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version < CHANGE_FEED_WITHOUT_AUTOINCREMENT_MIGRATION.version),
  );
  return db;
}

/** Appends as the feed of migration 96 did (AUTOINCREMENT hands out the seq). */
function appendBefore(db: Database.Database, n: number): number {
  const { lastInsertRowid } = db
    .prepare(`INSERT INTO change_feed (at, org_id, kind, payload) VALUES (?, 'a', 'policy.set', ?)`)
    .run(T0 + n * 1000, JSON.stringify({ policyId: `pol-${n}` }));
  return Number(lastInsertRowid);
}

async function appendAfter(changes: SqliteChangeStore, n: number): Promise<number> {
  const recorded = await changes.transaction(() =>
    changes.append({ kind: 'policy.set', at: T0 + n * 1000, orgId: 'a', payload: { policyId: `pol-${n}` } }),
  );
  return recorded.seq;
}

describe('migration 100: the change feed without AUTOINCREMENT', () => {
  it('keeps every change with its seq, and appends after the last one', async () => {
    const db = databaseBefore();
    const seqs = [1, 2, 3].map((n) => appendBefore(db, n));
    db.prepare('DELETE FROM change_feed WHERE seq = ?').run(seqs[0]);
    migrate(db);
    const changes = new SqliteChangeStore(db);
    expect((await changes.read(0, 10)).map((c) => [c.seq, c.payload])).toEqual([
      [seqs[1], { policyId: 'pol-2' }],
      [seqs[2], { policyId: 'pol-3' }],
    ]);
    expect(await changes.lastSeq()).toBe(seqs[2]);
    expect(await appendAfter(changes, 4)).toBe(seqs[2]! + 1);
    expect(db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'change_feed'`).pluck().get()).not.toMatch(
      /AUTOINCREMENT/i,
    );
  });

  it('never hands out again a seq of a feed pruned empty before it ran', async () => {
    const db = databaseBefore();
    const seqs = [1, 2, 3].map((n) => appendBefore(db, n));
    db.prepare('DELETE FROM change_feed').run();
    migrate(db);
    const changes = new SqliteChangeStore(db);
    expect(await changes.read(0, 10)).toEqual([]);
    expect(await changes.lastSeq()).toBe(seqs[2]);
    expect(await appendAfter(changes, 4)).toBe(seqs[2]! + 1);
  });
});
