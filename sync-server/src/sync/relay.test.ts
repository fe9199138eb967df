import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { CASE_ROOT } from '@vigil/shared';
import { createLogger } from '../log.js';
import { MemoryPubSubHub, type MemoryPubSub } from '../pubsub.js';
import { MemoryLeaseStore } from '../store/leases/memory.js';
import { MemorySyncStore } from '../store/sync/memory.js';
import { parseSyncPath } from './protocol.js';
import { decodeRelayMessage, encodeRelayMessage, type RelayMessage } from './relay.js';
import { SyncRooms } from './rooms.js';

/*
 * Issue 43: two instances (each a SyncRooms behind its own HTTP server) over one sync store and
 * one lease store, relayed through an in-memory pub/sub that can drop one instance's messages.
 * The two-process test over Redis is tests/integration/instances-sync.test.ts.
 */

const address = parseSyncPath('/api/sync/org1/cmp-relay')!;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(check: () => unknown, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

interface Instance {
  rooms: SyncRooms;
  pubsub: MemoryPubSub;
  url: string;
}

async function instance(
  shared: { store: MemorySyncStore; leases: MemoryLeaseStore; hub: MemoryPubSubHub },
  compactAfterUpdates = 500,
): Promise<Instance> {
  const pubsub = shared.hub.connect();
  const rooms = new SyncRooms({
    log: createLogger('fatal'),
    store: shared.store,
    leases: shared.leases,
    relay: { pubsub, prefix: 'test:' },
    compactAfterUpdates,
    leaseWaitMs: 200,
  });
  const server: Server = createServer();
  server.on('upgrade', (req, socket, head) => rooms.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    await rooms.close();
    pubsub.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { rooms, pubsub, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/sync` };
}

function client(at: Instance): Y.Doc {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(at.url, address.name, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
  });
  cleanups.push(() => {
    provider.destroy();
    doc.destroy();
  });
  return doc;
}

function shared(): { store: MemorySyncStore; leases: MemoryLeaseStore; hub: MemoryPubSubHub } {
  return { store: new MemorySyncStore(), leases: new MemoryLeaseStore(), hub: new MemoryPubSubHub() };
}

const caseOf = (doc: Y.Doc): Record<string, unknown> => doc.getMap(CASE_ROOT).toJSON();

async function stored(store: MemorySyncStore): Promise<Record<string, unknown>> {
  const s = await store.load(address.name);
  const doc = new Y.Doc();
  if (s?.snapshot) Y.applyUpdate(doc, s.snapshot);
  for (const u of s?.updates ?? []) Y.applyUpdate(doc, u);
  return caseOf(doc);
}

describe('sync rooms relayed between instances (issue 43)', () => {
  it('encodes and decodes every relay message', () => {
    const messages: RelayMessage[] = [
      { type: 'update', id: 7, prev: 3, update: new Uint8Array([1, 2, 3]) },
      { type: 'awareness', update: new Uint8Array([4]) },
      { type: 'state' },
      { type: 'seal', token: 't1' },
      { type: 'held', token: 't1' },
      { type: 'unseal', token: 't1' },
    ];
    for (const m of messages)
      expect(decodeRelayMessage(encodeRelayMessage('i1', m))).toEqual({ from: 'i1', message: m });
  });

  it('converges clients of both instances, and reads from storage what a lost message carried (a gap in ids)', async () => {
    const s = shared();
    const a = await instance(s);
    const b = await instance(s);
    const onA = client(a);
    const onB = client(b);
    onA.getMap(CASE_ROOT).set('procedure', 'Extraction');
    onB.getMap(CASE_ROOT).set('recorderName', 'Bea');
    await until(() => expect(caseOf(onB)).toEqual({ procedure: 'Extraction', recorderName: 'Bea' }));
    await until(() => expect(caseOf(onA)).toEqual(caseOf(onB)));

    // B misses one message of A's and is not told (no reconnect): A's next update shows the gap.
    b.pubsub.drop();
    onA.getMap(CASE_ROOT).set('asaClassification', 'II');
    await until(async () => expect(await stored(s.store)).toMatchObject({ asaClassification: 'II' }));
    await new Promise((r) => setTimeout(r, 50));
    b.pubsub.resume(true);
    expect(caseOf(onB).asaClassification).toBeUndefined();
    onA.getMap(CASE_ROOT).set('lastFood', 'toast');
    await until(() => expect(caseOf(onB)).toMatchObject({ asaClassification: 'II', lastFood: 'toast' }));
  });

  it('catches up from storage when the subscription comes back', async () => {
    const s = shared();
    const a = await instance(s);
    const b = await instance(s);
    const onA = client(a);
    const onB = client(b);
    onA.getMap(CASE_ROOT).set('procedure', 'before');
    await until(() => expect(caseOf(onB).procedure).toBe('before'));
    b.pubsub.drop();
    onA.getMap(CASE_ROOT).set('procedure', 'while away');
    await until(async () => expect(await stored(s.store)).toMatchObject({ procedure: 'while away' }));
    b.pubsub.resume();
    await until(() => expect(caseOf(onB).procedure).toBe('while away'));
  });

  it('compacts from storage: an instance that missed an update never drops it from the log', async () => {
    const s = shared();
    const a = await instance(s);
    const b = await instance(s, 2);
    const onA = client(a);
    const onB = client(b);
    await until(() => expect(b.rooms.documentForm(address)).not.toBeNull());
    b.pubsub.drop();
    onA.getMap(CASE_ROOT).set('procedure', 'only in storage');
    await until(async () => expect(await stored(s.store)).toMatchObject({ procedure: 'only in storage' }));
    b.pubsub.resume(true);
    // B's own writes reach its compaction threshold; its document still lacks A's update.
    onB.getMap(CASE_ROOT).set('recorderName', 'one');
    onB.getMap(CASE_ROOT).set('lastFood', 'two');
    await until(async () => expect((await s.store.load(address.name))?.snapshot).not.toBeNull());
    expect(await stored(s.store)).toMatchObject({ procedure: 'only in storage', lastFood: 'two' });
  });

  it('holds the other instance’s client writes while a seal here runs; once finalized they are refused, not stored', async () => {
    const s = shared();
    const a = await instance(s);
    const b = await instance(s);
    const onA = client(a);
    const onB = client(b);
    onA.getMap(CASE_ROOT).set('procedure', 'signed content');
    await until(() => expect(caseOf(onB).procedure).toBe('signed content'));

    const sealed = await a.rooms.seal(address);
    onB.getMap(CASE_ROOT).set('procedure', 'written on B during the seal');
    await until(() => expect(b.rooms.heldWrites(address)).toBe(1));
    // B's own seal waits for A's lease, then refuses (409).
    await expect(b.rooms.seal(address)).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(sealed.content).toMatchObject({ procedure: 'signed content' });
    await sealed.finalize();
    sealed.release();

    await until(() => expect(b.rooms.heldWrites(address)).toBe(0));
    expect(await stored(s.store)).toMatchObject({ procedure: 'signed content' });
    expect((await s.store.load(address.name))?.finalized).toBe(true);
  });
});
