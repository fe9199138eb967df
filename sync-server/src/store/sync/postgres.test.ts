import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { freshPostgres, runnableImplementations } from '../postgres/test-database.test-util.js';
import { PostgresDatabase } from '../postgres/unit-of-work.js';
import { PostgresSyncStore } from './postgres.js';
import type { StoredDocument } from './types.js';

/*
 * What the contract's one store cannot show (issue 43): two instances, each with its own pool,
 * appending to one room and compacting it at once. Every update appended is in what a load
 * gives afterwards: no compaction deleted an update its snapshot lacked.
 */

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

const suites = await runnableImplementations('PostgresSyncStore over two pools', [['postgres'] as const]);

function rebuild(stored: StoredDocument): Y.Doc {
  const doc = new Y.Doc();
  if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot);
  for (const u of stored.updates) Y.applyUpdate(doc, u);
  return doc;
}

/** One instance's writer: its own document (client id), appending one key at a time. */
function writer(name: string): (i: number) => Uint8Array {
  const doc = new Y.Doc();
  return (i) => {
    let update: Uint8Array | undefined;
    doc.once('update', (u: Uint8Array) => (update = u));
    doc.getMap('case').set(`${name}-${i}`, i);
    return update!;
  };
}

// Skipped (its reason printed) where PostgreSQL is not running: a file without a suite would fail.
describe.skipIf(suites.length === 0)('PostgresSyncStore over two pools (postgres)', () => {
  it('loses no update when two instances append to one room and compact it at the same time', async () => {
    const database = await freshPostgres();
    drops.push(database.drop);
    const stores = [0, 1].map(() => new PostgresSyncStore(new PostgresDatabase(database.open(4))));
    const room = { room: 'o/case', orgId: 'o', docId: 'case' };
    const writers = [writer('a'), writer('b')];
    const ROUNDS = 40;
    const compactions: Promise<void>[] = [];
    const compact = async (store: PostgresSyncStore): Promise<void> => {
      const stored = (await store.load(room.room))!;
      await store.compact(room.room, Y.encodeStateAsUpdate(rebuild(stored)), stored.lastUpdateId);
    };
    await Promise.all(
      [0, 1].map(async (n) => {
        for (let i = 0; i < ROUNDS; i += 1) {
          await stores[n]!.append([{ ...room, update: writers[n]!(i) }]);
          // Every fourth round, a compaction from this instance runs while both keep appending.
          if (i % 4 === 3) compactions.push(compact(stores[n]!));
        }
      }),
    );
    await Promise.all(compactions);
    const content = rebuild((await stores[0]!.load(room.room))!)
      .getMap('case')
      .toJSON();
    const expected = Object.fromEntries(
      ['a', 'b'].flatMap((name) => Array.from({ length: ROUNDS }, (_, i) => [`${name}-${i}`, i])),
    );
    expect(content).toEqual(expected);
  });

  it('stores a snapshot deflated, and still reads one stored as encoded (the SQLite copy, rows written before)', async () => {
    const database = await freshPostgres();
    drops.push(database.drop);
    const db = new PostgresDatabase(database.open(2));
    const store = new PostgresSyncStore(db);
    const write = writer('w');
    const room = { room: 'o/z', orgId: 'o', docId: 'z' };
    for (let i = 0; i < 200; i += 1) await store.append([{ ...room, update: write(i) }]);
    const loaded = (await store.load(room.room))!;
    const snapshot = Y.encodeStateAsUpdate(rebuild(loaded));
    await store.compact(room.room, snapshot, loaded.lastUpdateId);
    const { rows } = await db.query<{ compression: string | null; n: number }>(
      'SELECT compression, octet_length(data) AS n FROM sync_snapshots WHERE room = $1',
      [room.room],
    );
    expect(rows[0]!.compression).toBe('deflate-raw');
    expect(rows[0]!.n).toBeLessThan(snapshot.byteLength);
    expect((await store.load(room.room))!.snapshot).toEqual(snapshot);
    await db.query('UPDATE sync_snapshots SET data = $1, compression = NULL WHERE room = $2', [
      Buffer.from(snapshot),
      room.room,
    ]);
    expect((await store.load(room.room))!.snapshot).toEqual(snapshot);
  });

  it("hands out a room's update ids in commit order to appends racing from two instances", async () => {
    const database = await freshPostgres();
    drops.push(database.drop);
    const stores = [0, 1].map(() => new PostgresSyncStore(new PostgresDatabase(database.open(4))));
    const room = { room: 'o/order', orgId: 'o', docId: 'order' };
    const writers = [writer('a'), writer('b')];
    // Each load sees a prefix of the room's updates: the ids it reports only ever grow, with no gap filled later.
    const seen: number[][] = [];
    let writing = true;
    const load = async (): Promise<void> => {
      const stored = await stores[1]!.load(room.room);
      if (stored) seen.push([stored.updates.length, stored.lastUpdateId]);
    };
    await Promise.all([
      Promise.all(
        [0, 1].map(async (n) => {
          for (let i = 0; i < 30; i += 1) await stores[n]!.append([{ ...room, update: writers[n]!(i) }]);
        }),
      ).then(() => (writing = false)),
      (async () => {
        while (writing) await load();
      })(),
    ]);
    const final = (await stores[0]!.load(room.room))!;
    expect(final.updates).toHaveLength(60);
    expect(seen.length).toBeGreaterThan(0);
    const pool = database.open(1);
    for (const [count, last] of seen) {
      // What a load saw is every update up to the last id it reported: none with a lower id committed later.
      const { rows } = await pool.query<{ n: string }>(
        'SELECT count(*) AS n FROM sync_updates WHERE room = $1 AND id <= $2',
        [room.room, last],
      );
      expect(Number(rows[0]!.n)).toBe(count);
    }
  });

  it('appends batches over the same rooms from two instances in opposite orders without a deadlock, each id its own entry', async () => {
    const database = await freshPostgres();
    drops.push(database.drop);
    const stores = [0, 1].map(() => new PostgresSyncStore(new PostgresDatabase(database.open(4))));
    const rooms = Array.from({ length: 8 }, (_, i) => ({ room: `o/r${i}`, orgId: 'o', docId: `r${i}` }));
    // Each update stands alone (its own document), so the row under an id shows which entry it is.
    const lone = (key: string): Uint8Array => {
      const doc = new Y.Doc();
      doc.getMap('case').set(key, true);
      return Y.encodeStateAsUpdate(doc);
    };
    const ROUNDS = 30;
    // Three writers on each instance; each batch writes every room, in the rooms' order on one
    // instance and in reverse on the other.
    const appended = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (w) => {
        const n = w % 2;
        const order = n === 0 ? rooms : [...rooms].reverse();
        const written: { room: string; id: number; key: string }[] = [];
        const name = `w${w}`;
        for (let i = 0; i < ROUNDS; i += 1) {
          const entries = order.map((r, j) => ({ ...r, key: `${name}-${i}-${j}`, update: lone(`${name}-${i}-${j}`) }));
          const ids = await stores[n]!.append(entries);
          expect(ids).toHaveLength(entries.length);
          // Ids follow the entries' order within the batch.
          expect([...ids].sort((x, y) => x - y)).toEqual(ids);
          entries.forEach((e, j) => written.push({ room: e.room, id: ids[j]!, key: e.key }));
        }
        return written;
      }),
    );
    // The row under each id returned is the update of that entry: its room, and the key it set.
    const { rows } = await database
      .open(1)
      .query<{ id: string; room: string; data: Buffer }>('SELECT id, room, data FROM sync_updates');
    const stored = new Map(rows.map((r) => [Number(r.id), r]));
    const written = appended.flat();
    expect(stored.size).toBe(written.length);
    for (const { room, id, key } of written) {
      const row = stored.get(id)!;
      expect(row.room).toBe(room);
      const doc = new Y.Doc();
      Y.applyUpdate(doc, new Uint8Array(row.data));
      expect(Object.keys(doc.getMap('case').toJSON())).toEqual([key]);
    }
  });
});
