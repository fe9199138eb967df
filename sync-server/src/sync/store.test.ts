import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { openDatabase } from '../db/database.js';
import { MemorySyncStore } from './memory-store.js';
import { SqliteSyncStore } from './sqlite-store.js';
import type { SyncStore } from './store.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const implementations: [string, () => SyncStore][] = [
  ['memory', () => new MemorySyncStore()],
  [
    'sqlite',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'vigil-store-'));
      dirs.push(dir);
      return new SqliteSyncStore(openDatabase(dir).db);
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

function rebuild(stored: NonNullable<ReturnType<SyncStore['load']>>): Y.Doc {
  const doc = new Y.Doc();
  if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot);
  for (const u of stored.updates) Y.applyUpdate(doc, u);
  return doc;
}

describe.each(implementations)('SyncStore contract: %s', (_name, make) => {
  it('knows nothing of a room never written', () => {
    expect(make().load('o/none')).toBeNull();
  });

  it('returns appended updates in order with increasing ids', () => {
    const store = make();
    const src = new Y.Doc();
    const u1 = edit(src, (m) => m.set('a', 1));
    const u2 = edit(src, (m) => m.set('b', 2));
    const ids = store.append([
      { room: 'o/d', orgId: 'o', docId: 'd', update: u1 },
      { room: 'o/d', orgId: 'o', docId: 'd', update: u2 },
    ]);
    expect(ids[1]!).toBeGreaterThan(ids[0]!);
    const stored = store.load('o/d')!;
    expect(stored).toMatchObject({ orgId: 'o', docId: 'd', snapshot: null, finalized: false, lastUpdateId: ids[1] });
    expect(stored.updates.map((u) => Array.from(u))).toEqual([Array.from(u1), Array.from(u2)]);
    expect(rebuild(stored).getMap('case').toJSON()).toEqual({ a: 1, b: 2 });
  });

  it('keeps rooms apart', () => {
    const store = make();
    const src = new Y.Doc();
    store.append([{ room: 'o/one', orgId: 'o', docId: 'one', update: edit(src, (m) => m.set('x', 1)) }]);
    expect(store.load('o/two')).toBeNull();
    expect(store.pendingUpdates('o/one')).toBe(1);
    expect(store.pendingUpdates('o/two')).toBe(0);
  });

  it('compacts into a snapshot and keeps updates appended after the compaction point', () => {
    const store = make();
    const src = new Y.Doc();
    const [first] = store.append([{ room: 'o/c', orgId: 'o', docId: 'c', update: edit(src, (m) => m.set('a', 1)) }]);
    const snapshot = Y.encodeStateAsUpdate(src);
    // An update arrives between taking the snapshot and writing it.
    store.append([{ room: 'o/c', orgId: 'o', docId: 'c', update: edit(src, (m) => m.set('b', 2)) }]);
    store.compact('o/c', snapshot, first!);
    const stored = store.load('o/c')!;
    expect(stored.snapshot).not.toBeNull();
    expect(stored.updates).toHaveLength(1);
    expect(store.pendingUpdates('o/c')).toBe(1);
    expect(rebuild(stored).getMap('case').toJSON()).toEqual({ a: 1, b: 2 });
  });

  it('records the content hash and the finalized flag', () => {
    const store = make();
    const src = new Y.Doc();
    store.append([{ room: 'o/f', orgId: 'o', docId: 'f', update: edit(src, (m) => m.set('a', 1)) }]);
    store.setContentHash('o/f', 'abc');
    expect(store.isFinalized('o/f')).toBe(false);
    store.markFinalized('o/f', 'o', 'f');
    expect(store.isFinalized('o/f')).toBe(true);
    expect(store.load('o/f')).toMatchObject({ finalized: true, contentHash: 'abc' });
  });
});
