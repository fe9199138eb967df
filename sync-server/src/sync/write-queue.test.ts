import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createLogger } from '../log.js';
import { MemorySyncStore } from '../store/sync/memory.js';
import type { AppendEntry } from '../store/sync/types.js';
import { caseKind } from './kinds/case.js';
import { parseSyncPath } from './protocol.js';
import { Room } from './room.js';
import { MAX_BATCHES_IN_FLIGHT, WriteQueue, type WriteOutcome } from './write-queue.js';

/*
 * Batches in flight at once (session 37): a store whose commit takes network round trips
 * (PostgreSQL) gets the next batch while one commits, but a room is in one batch in flight at
 * most, so its updates are stored, applied and acknowledged in arrival order; compactions and
 * flushes run alone. The store here holds every append until the test lets it commit.
 */

const log = createLogger('fatal');

/** A memory store whose appends wait until the test commits (or fails) them, in any order. */
class GatedStore extends MemorySyncStore {
  readonly waiting: { entries: readonly AppendEntry[]; commit: () => void; fail: () => void }[] = [];
  compactions = 0;

  override append(entries: readonly AppendEntry[]): Promise<number[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({
        entries,
        commit: () => void super.append(entries).then(resolve, reject),
        fail: () => reject(new Error('connection lost')),
      });
    });
  }

  override compact(room: string, snapshot: Uint8Array, lastUpdateId: number): Promise<void> {
    this.compactions += 1;
    return super.compact(room, snapshot, lastUpdateId);
  }

  /** The rooms of each append waiting, in the order they reached the store. */
  roomsWaiting(): string[][] {
    return this.waiting.map((w) => [...new Set(w.entries.map((e) => e.room.split('/').at(-1)!))]);
  }
}

function room(docId: string): Room {
  return new Room(parseSyncPath(`/api/sync/main-street/${docId}`)!, caseKind(), log);
}

/** An update setting `key` in a document of its own (each applies on its own). */
function update(key: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getMap('case').set(key, true);
  return Y.encodeStateAsUpdate(doc);
}

/** Lets queued writes form their batch (one turn of the event loop) and settled ones run on. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function setup(): { store: GatedStore; queue: WriteQueue; outcomes: string[]; write: (r: Room, key: string) => void } {
  const store = new GatedStore();
  const queue = new WriteQueue({
    store,
    log,
    maxUpdateBytes: 1_000_000,
    maxDocumentBytes: 10_000_000,
    afterCommit: () => undefined,
  });
  const outcomes: string[] = [];
  const write = (r: Room, key: string): void =>
    queue.enqueue({
      room: r,
      update: update(key),
      origin: null,
      writer: 'u1',
      done: (outcome: WriteOutcome) => outcomes.push(`${key}:${outcome}`),
    });
  return { store, queue, outcomes, write };
}

const keys = (r: Room): string[] => Object.keys(r.doc.getMap('case').toJSON()).sort();

describe('the write queue: batches in flight at once, each room in order (session 37)', () => {
  it('commits the next batch of other rooms while one is in flight', async () => {
    const { store, outcomes, write } = setup();
    const [a, b] = [room('cmp-A'), room('cmp-B')];
    write(a, 'a1');
    await turn();
    write(b, 'b1');
    await turn();
    expect(store.roomsWaiting()).toEqual([['cmp-A'], ['cmp-B']]);
    // The later batch commits first: its room is applied and acknowledged without waiting.
    store.waiting[1]!.commit();
    await turn();
    expect(outcomes).toEqual(['b1:stored']);
    expect(keys(b)).toEqual(['b1']);
    expect(keys(a)).toEqual([]);
    store.waiting[0]!.commit();
    await turn();
    expect(outcomes).toEqual(['b1:stored', 'a1:stored']);
  });

  it("holds a room's next writes until its batch in flight is applied, then stores them in arrival order", async () => {
    const { store, outcomes, write } = setup();
    const [a, b] = [room('cmp-A'), room('cmp-B')];
    write(a, 'a1');
    await turn();
    write(a, 'a2');
    write(b, 'b1');
    write(a, 'a3');
    await turn();
    // b1 goes on; a2 and a3 wait for a1's batch.
    expect(store.roomsWaiting()).toEqual([['cmp-A'], ['cmp-B']]);
    store.waiting[0]!.commit();
    await turn();
    expect(store.roomsWaiting()).toEqual([['cmp-A'], ['cmp-B'], ['cmp-A']]);
    expect(store.waiting[2]!.entries.map((e) => Object.keys(docOf(e.update)))).toEqual([['a2'], ['a3']]);
    store.waiting[2]!.commit();
    store.waiting[1]!.commit();
    await turn();
    expect(outcomes).toEqual(['a1:stored', 'a2:stored', 'a3:stored', 'b1:stored']);
    const stored = await store.load(a.address.name);
    expect(stored!.updates.map((u) => Object.keys(docOf(u)))).toEqual([['a1'], ['a2'], ['a3']]);
    expect(a.lastUpdateId).toBeGreaterThan(0);
  });

  it(`keeps at most ${MAX_BATCHES_IN_FLIGHT} batches in flight`, async () => {
    const { store, outcomes, write } = setup();
    const rooms = Array.from({ length: MAX_BATCHES_IN_FLIGHT + 2 }, (_, i) => room(`cmp-R${i}`));
    for (const [i, r] of rooms.entries()) {
      write(r, `k${i}`);
      await turn();
    }
    expect(store.waiting).toHaveLength(MAX_BATCHES_IN_FLIGHT);
    store.waiting[0]!.commit();
    await turn();
    // One out, and everything queued meanwhile goes as one batch.
    expect(store.waiting).toHaveLength(MAX_BATCHES_IN_FLIGHT + 1);
    expect(store.roomsWaiting().at(-1)).toEqual(rooms.slice(MAX_BATCHES_IN_FLIGHT).map((r) => r.address.docId));
    for (const w of store.waiting.slice(1)) w.commit();
    await turn();
    expect(outcomes).toHaveLength(rooms.length);
  });

  it('fails a batch alone: the other rooms are stored and the failed room takes writes again', async () => {
    const { store, outcomes, write } = setup();
    const [a, b] = [room('cmp-A'), room('cmp-B')];
    write(a, 'a1');
    await turn();
    write(b, 'b1');
    write(a, 'a2');
    await turn();
    store.waiting[0]!.fail();
    await turn();
    expect(outcomes).toEqual(['a1:failed']);
    // a2 was held for a1's batch and goes now, in a batch of its own.
    expect(store.roomsWaiting()).toEqual([['cmp-A'], ['cmp-B'], ['cmp-A']]);
    store.waiting[1]!.commit();
    store.waiting[2]!.commit();
    await turn();
    expect(outcomes).toEqual(['a1:failed', 'b1:stored', 'a2:stored']);
    expect(keys(a)).toEqual(['a2']);
  });

  it('runs a compaction alone: after the batches in flight, and no batch starts until it ends', async () => {
    const { store, queue, write } = setup();
    const [a, b] = [room('cmp-A'), room('cmp-B')];
    write(a, 'a1');
    await turn();
    const compacted = queue.compact(a);
    write(b, 'b1');
    await turn();
    // b1 waits behind the compaction, which waits for a1's batch.
    expect(store.roomsWaiting()).toEqual([['cmp-A']]);
    expect(store.compactions).toBe(0);
    store.waiting[0]!.commit();
    await compacted;
    expect(store.compactions).toBe(1);
    await turn();
    expect(store.roomsWaiting()).toEqual([['cmp-A'], ['cmp-B']]);
    const stored = await store.load(a.address.name);
    expect(stored!.snapshot).not.toBeNull();
    expect(stored!.updates).toEqual([]);
  });

  it('resolves a flush once every write queued before it is stored, those in flight included', async () => {
    const { store, queue, outcomes, write } = setup();
    const [a, b] = [room('cmp-A'), room('cmp-B')];
    write(a, 'a1');
    await turn();
    write(a, 'a2');
    write(b, 'b1');
    let flushed = false;
    const flush = queue.flush().then(() => (flushed = true));
    await turn();
    expect(flushed).toBe(false);
    store.waiting[0]!.commit();
    await turn();
    // The flush commits what was queued (a2 and b1) as one batch, alone.
    expect(store.roomsWaiting()).toEqual([['cmp-A'], ['cmp-A', 'cmp-B']]);
    expect(flushed).toBe(false);
    store.waiting[1]!.commit();
    await flush;
    expect(outcomes).toEqual(['a1:stored', 'a2:stored', 'b1:stored']);
  });
});

function docOf(u: Uint8Array): Record<string, unknown> {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, u);
  return doc.getMap('case').toJSON();
}
