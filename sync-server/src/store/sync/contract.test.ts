import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { freshPostgres, runnableImplementations } from '../postgres/test-database.test-util.js';
import { PostgresDatabase } from '../postgres/unit-of-work.js';
import { openDatabase } from '../sqlite/database.js';
import { MemorySyncStore } from './memory.js';
import { PostgresSyncStore } from './postgres.js';
import { SqliteSyncStore } from './sqlite.js';
import type { StoredDocument, SyncStore } from './types.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

/** Every SyncStore implementation; each must pass the same suite. */
const implementations: [string, () => SyncStore | Promise<SyncStore>][] = [
  ['memory', () => new MemorySyncStore()],
  [
    'sqlite',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'vigil-store-'));
      dirs.push(dir);
      return new SqliteSyncStore(openDatabase(dir).db);
    },
  ],
  [
    'postgres',
    async () => {
      const database = await freshPostgres();
      drops.push(database.drop);
      return new PostgresSyncStore(new PostgresDatabase(database.open()));
    },
  ],
];

function edit(doc: Y.Doc, fn: (map: Y.Map<unknown>) => void): Uint8Array {
  let captured: Uint8Array | undefined;
  const onUpdate = (u: Uint8Array): void => {
    captured = u;
  };
  doc.on('update', onUpdate);
  fn(doc.getMap('case'));
  doc.off('update', onUpdate);
  return captured!;
}

function rebuild(stored: StoredDocument): Y.Doc {
  const doc = new Y.Doc();
  if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot);
  for (const u of stored.updates) Y.applyUpdate(doc, u);
  return doc;
}

describe.each(await runnableImplementations('SyncStore contract', implementations))(
  'SyncStore contract: %s',
  (_name, make) => {
    it('knows nothing of a room never written', async () => {
      const store = await make();
      expect(await store.load('o/none')).toBeNull();
      expect(await store.pendingUpdates('o/none')).toBe(0);
      expect(await store.isFinalized('o/none')).toBe(false);
    });

    it('returns appended updates in order with increasing ids', async () => {
      const store = await make();
      const src = new Y.Doc();
      const u1 = edit(src, (m) => m.set('a', 1));
      const u2 = edit(src, (m) => m.set('b', 2));
      const ids = await store.append([
        { room: 'o/d', orgId: 'o', docId: 'd', update: u1 },
        { room: 'o/d', orgId: 'o', docId: 'd', update: u2 },
      ]);
      expect(ids[1]!).toBeGreaterThan(ids[0]!);
      const stored = (await store.load('o/d'))!;
      expect(stored).toMatchObject({ orgId: 'o', docId: 'd', snapshot: null, finalized: false, lastUpdateId: ids[1] });
      expect(stored.updates.map((u) => Array.from(u))).toEqual([Array.from(u1), Array.from(u2)]);
      expect(rebuild(stored).getMap('case').toJSON()).toEqual({ a: 1, b: 2 });
    });

    it('keeps rooms apart, also when one append writes to several', async () => {
      const store = await make();
      const src = new Y.Doc();
      const other = new Y.Doc();
      const ids = await store.append([
        { room: 'o/one', orgId: 'o', docId: 'one', update: edit(src, (m) => m.set('x', 1)) },
        { room: 'o/three', orgId: 'o', docId: 'three', update: edit(other, (m) => m.set('y', 2)) },
      ]);
      expect(ids[1]!).toBeGreaterThan(ids[0]!);
      expect(await store.load('o/two')).toBeNull();
      expect(await store.pendingUpdates('o/one')).toBe(1);
      expect(await store.pendingUpdates('o/two')).toBe(0);
      expect(
        rebuild((await store.load('o/three'))!)
          .getMap('case')
          .toJSON(),
      ).toEqual({ y: 2 });
    });

    it('compacts into a snapshot and keeps updates appended after the compaction point', async () => {
      const store = await make();
      const src = new Y.Doc();
      const [first] = await store.append([
        { room: 'o/c', orgId: 'o', docId: 'c', update: edit(src, (m) => m.set('a', 1)) },
      ]);
      const snapshot = Y.encodeStateAsUpdate(src);
      // An update arrives between taking the snapshot and writing it.
      const [second] = await store.append([
        { room: 'o/c', orgId: 'o', docId: 'c', update: edit(src, (m) => m.set('b', 2)) },
      ]);
      await store.compact('o/c', snapshot, first!);
      const stored = (await store.load('o/c'))!;
      expect(stored.snapshot).not.toBeNull();
      expect(stored.updates).toHaveLength(1);
      expect(stored.lastUpdateId).toBe(second);
      expect(await store.pendingUpdates('o/c')).toBe(1);
      expect(rebuild(stored).getMap('case').toJSON()).toEqual({ a: 1, b: 2 });
    });

    it('keeps the newer snapshot when an older compaction is written after it', async () => {
      const store = await make();
      const src = new Y.Doc();
      const [first] = await store.append([
        { room: 'o/r', orgId: 'o', docId: 'r', update: edit(src, (m) => m.set('a', 1)) },
      ]);
      const older = Y.encodeStateAsUpdate(src);
      const [second] = await store.append([
        { room: 'o/r', orgId: 'o', docId: 'r', update: edit(src, (m) => m.set('b', 2)) },
      ]);
      await store.compact('o/r', Y.encodeStateAsUpdate(src), second!);
      await store.compact('o/r', older, first!);
      const stored = (await store.load('o/r'))!;
      expect(stored.lastUpdateId).toBe(second);
      expect(rebuild(stored).getMap('case').toJSON()).toEqual({ a: 1, b: 2 });
    });

    it('loads a fully compacted room from its snapshot alone, at the compaction point', async () => {
      const store = await make();
      const src = new Y.Doc();
      const [id] = await store.append([
        { room: 'o/s', orgId: 'o', docId: 's', update: edit(src, (m) => m.set('a', 1)) },
      ]);
      await store.compact('o/s', Y.encodeStateAsUpdate(src), id!);
      const stored = (await store.load('o/s'))!;
      expect(stored.updates).toEqual([]);
      expect(stored.lastUpdateId).toBe(id);
      expect(rebuild(stored).getMap('case').toJSON()).toEqual({ a: 1 });
    });

    it('stores a snapshot’s state vector with it and gives it back; a compaction without one stores none', async () => {
      const store = await make();
      const src = new Y.Doc();
      const [first] = await store.append([
        { room: 'o/v', orgId: 'o', docId: 'v', update: edit(src, (m) => m.set('a', 1)) },
      ]);
      expect((await store.load('o/v'))!.snapshotVector).toBeNull();
      const vector = Y.encodeStateVector(src);
      await store.compact('o/v', Y.encodeStateAsUpdate(src), first!, vector);
      expect(Array.from((await store.load('o/v'))!.snapshotVector!)).toEqual(Array.from(vector));
      // The next compaction replaces the vector with its own, or with none when it gives none.
      const [second] = await store.append([
        { room: 'o/v', orgId: 'o', docId: 'v', update: edit(src, (m) => m.set('b', 2)) },
      ]);
      await store.compact('o/v', Y.encodeStateAsUpdate(src), second!);
      expect((await store.load('o/v'))!.snapshotVector).toBeNull();
      // An older compaction written after a newer one leaves the newer one's vector.
      const newer = Y.encodeStateVector(src);
      const [third] = await store.append([
        { room: 'o/v', orgId: 'o', docId: 'v', update: edit(src, (m) => m.set('c', 3)) },
      ]);
      await store.compact('o/v', Y.encodeStateAsUpdate(src), third!, Y.encodeStateVector(src));
      await store.compact('o/v', Y.encodeStateAsUpdate(src), second!, newer);
      expect(Array.from((await store.load('o/v'))!.snapshotVector!)).toEqual(Array.from(Y.encodeStateVector(src)));
    });

    it('records the content hash and the finalized flag, and clears the flag again', async () => {
      const store = await make();
      const src = new Y.Doc();
      await store.append([{ room: 'o/f', orgId: 'o', docId: 'f', update: edit(src, (m) => m.set('a', 1)) }]);
      await store.setContentHash('o/f', 'abc');
      expect(await store.isFinalized('o/f')).toBe(false);
      await store.markFinalized('o/f', 'o', 'f');
      expect(await store.isFinalized('o/f')).toBe(true);
      expect(await store.load('o/f')).toMatchObject({ finalized: true, contentHash: 'abc' });
      await store.clearFinalized('o/f');
      expect(await store.isFinalized('o/f')).toBe(false);
    });

    it('finalizes a room never written (an empty case signed)', async () => {
      const store = await make();
      await store.markFinalized('o/empty', 'o', 'empty');
      expect(await store.isFinalized('o/empty')).toBe(true);
      expect(await store.load('o/empty')).toMatchObject({ orgId: 'o', docId: 'empty', updates: [], finalized: true });
    });

    it('hands out copies and keeps none of the caller’s bytes', async () => {
      const store = await make();
      const update = edit(new Y.Doc(), (m) => m.set('a', 1));
      const kept = Array.from(update);
      await store.append([{ room: 'o/k', orgId: 'o', docId: 'k', update }]);
      update.fill(0);
      (await store.load('o/k'))!.updates[0]!.fill(0);
      expect((await store.load('o/k'))!.updates.map((u) => Array.from(u))).toEqual([kept]);
    });
  },
);
