import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { CASE_ROOT } from '@vigil/shared';
import { createLogger } from '../log.js';
import { MemorySyncStore } from '../store/sync/memory.js';
import { parseSyncPath } from './protocol.js';
import { SyncRooms, stampUser, type SyncRoomsOptions } from './rooms.js';

const address = parseSyncPath('/api/sync/main-street/cmp-A1b2C3d4E5f6G7')!;

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

let server: Server | undefined;
let rooms: SyncRooms | undefined;

/** Closes the rooms and their server (after each describe's own clients, whose hooks run first). */
async function stopServing(): Promise<void> {
  await rooms?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  rooms = undefined;
  server = undefined;
}
afterEach(stopServing);

/** Rooms with these options behind an HTTP server on a free port; the sync URL's base. */
async function serve(options: Omit<SyncRoomsOptions, 'log'>): Promise<string> {
  const r = new SyncRooms({ log: createLogger('fatal'), ...options });
  rooms = r;
  server = createServer();
  server.on('upgrade', (req, socket, head) => r.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/sync`;
}

describe('SyncRooms holding documents as bytes (cold load, hibernation)', () => {
  const providers: WebsocketProvider[] = [];

  afterEach(() => {
    for (const p of providers.splice(0)) p.destroy();
  });

  const start = (store: MemorySyncStore, hibernateAfterMs: number): Promise<string> =>
    serve({ store, hibernateAfterMs });

  function client(url: string): { doc: Y.Doc; provider: WebsocketProvider } {
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(url, address.name, doc, {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      disableBc: true,
    });
    providers.push(provider);
    return { doc, provider };
  }

  it('answers a stored case from its bytes and builds the document only for a write', async () => {
    const store = new MemorySyncStore();
    const writer = new Y.Doc();
    const updates: Uint8Array[] = [];
    writer.on('update', (u: Uint8Array) => updates.push(u));
    for (let i = 0; i < 50; i++) writer.getMap(CASE_ROOT).set(`k${i}`, i);
    await store.append(
      updates.map((update) => ({ room: address.name, orgId: 'main-street', docId: address.docId, update })),
    );
    const url = await start(store, 60_000);

    const reader = client(url);
    await until(() => expect(reader.doc.getMap(CASE_ROOT).toJSON()).toEqual(writer.getMap(CASE_ROOT).toJSON()));
    expect(rooms!.documentForm(address)).toBe('bytes');

    reader.doc.getMap(CASE_ROOT).set('procedure', 'Extraction #14');
    await until(() => expect(rooms!.documentForm(address)).toBe('built'));
    await until(async () => expect(await store.pendingUpdates(address.name)).toBe(51));
  });

  /** The state vector of the server's sync step 1, the first message a socket gets. */
  function serverStep1(url: string): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url}/${address.name}`);
      ws.on('message', (data: Buffer) => {
        const decoder = decoding.createDecoder(new Uint8Array(data));
        expect([decoding.readVarUint(decoder), decoding.readVarUint(decoder)]).toEqual([0, 0]);
        resolve(decoding.readVarUint8Array(decoder));
        ws.close();
      });
      ws.on('error', reject);
    });
  }

  it('answers a compacted case’s first sync with the state vector stored beside its snapshot, unless updates follow it', async () => {
    const store = new MemorySyncStore();
    const writer = new Y.Doc();
    const append = (update: Uint8Array): Promise<number[]> =>
      store.append([{ room: address.name, orgId: 'main-street', docId: address.docId, update }]);
    const edit = (key: string): Promise<number[]> => {
      let update: Uint8Array | null = null;
      writer.once('update', (u: Uint8Array) => (update = u));
      writer.getMap(CASE_ROOT).set(key, key);
      return append(update!);
    };
    await edit('a');
    // A vector claiming less than the snapshot holds (safe: a client sends a little more): the
    // server's step 1 carries it as stored, so the snapshot was not decoded to find one.
    const older = Y.encodeStateVector(writer);
    const [second] = await edit('b');
    expect(older).not.toEqual(Y.encodeStateVector(writer));
    await store.compact(address.name, Y.encodeStateAsUpdate(writer), second!, older);
    let url = await start(store, 60_000);
    expect(await serverStep1(url)).toEqual(older);
    await stopServing();

    // An update logged after the snapshot: the vector is the merged state's, not the stored one.
    await edit('c');
    url = await start(store, 60_000);
    expect(await serverStep1(url)).toEqual(Y.encodeStateVector(writer));
  });

  it('stores with each snapshot it compacts the state vector of that snapshot’s document', async () => {
    const store = new MemorySyncStore();
    const url = await serve({ store, hibernateAfterMs: 60_000 });
    const a = client(url);
    a.doc.getMap(CASE_ROOT).set('procedure', 'Extraction #14');
    a.doc.getMap(CASE_ROOT).set('asaClassification', '2');
    await until(async () =>
      expect((await rooms!.snapshot(address)).content).toEqual({ procedure: 'Extraction #14', asaClassification: '2' }),
    );
    expect(await store.pendingUpdates(address.name)).toBeGreaterThan(0);
    for (const p of providers.splice(0)) p.destroy();
    // Closing compacts every room's log into its snapshot.
    await stopServing();
    const stored = (await store.load(address.name))!;
    expect(stored.updates).toEqual([]);
    expect(stored.snapshotVector).toEqual(Y.encodeStateVector(a.doc));
    expect(Y.encodeStateVectorFromUpdate(stored.snapshot!)).toEqual(stored.snapshotVector);
  });

  it('keeps an update waiting for a missing one across hibernation, and applies both when it comes', async () => {
    const store = new MemorySyncStore();
    const url = await start(store, 50);
    const author = new Y.Doc();
    const updates: Uint8Array[] = [];
    author.on('update', (u: Uint8Array) => updates.push(u));
    author.getMap(CASE_ROOT).set('procedure', 'first');
    author.getMap(CASE_ROOT).set('asaClassification', '2');
    const [first, second] = updates as [Uint8Array, Uint8Array];
    const sender = await new Promise<WebSocket>((resolve) => {
      const ws = new WebSocket(`${url}/${address.name}`);
      ws.on('open', () => resolve(ws));
    });
    const frame = (u: Uint8Array): Buffer => {
      const e = encoding.createEncoder();
      encoding.writeVarUint(e, 0);
      syncProtocol.writeUpdate(e, u);
      return Buffer.from(encoding.toUint8Array(e));
    };
    // A reader gets the whole state (encoded once and kept until the next change)…
    const reader = client(url);
    await until(() => expect(reader.provider.synced).toBe(true));
    // …then the second edit arrives first: it waits inside the document for the first one.
    sender.send(frame(second));
    await until(async () => expect(await store.pendingUpdates(address.name)).toBe(1));
    await until(() => expect(rooms!.documentForm(address)).toBe('bytes'));
    sender.send(frame(first));
    await until(async () =>
      expect((await rooms!.snapshot(address)).content).toEqual({ procedure: 'first', asaClassification: '2' }),
    );
    sender.close();
  });

  it('drops an idle document to bytes and keeps every edit across it', async () => {
    const url = await start(new MemorySyncStore(), 50);
    const a = client(url);
    a.doc.getMap(CASE_ROOT).set('procedure', 'before');
    await until(() => expect(rooms!.documentForm(address)).toBe('built'));
    await until(() => expect(rooms!.documentForm(address)).toBe('bytes'));

    // A newcomer is served from the bytes; an edit builds the document again and reaches both.
    const b = client(url);
    await until(() => expect(b.doc.getMap(CASE_ROOT).get('procedure')).toBe('before'));
    b.doc.getMap(CASE_ROOT).set('asaClassification', '2');
    await until(() => expect(a.doc.getMap(CASE_ROOT).get('asaClassification')).toBe('2'));
    expect((await rooms!.snapshot(address)).content).toEqual({ procedure: 'before', asaClassification: '2' });
    await until(() => expect(rooms!.documentForm(address)).toBe('bytes'));
    expect(Y.encodeStateVector(a.doc)).toEqual(Y.encodeStateVector(b.doc));
  });
});

describe('stampUser (issue 24 item 8: presence names the socket user)', () => {
  it.each([
    // [claimed state, stamped state]
    [
      { user: { name: 'Dr. Other', id: 'usr-other', role: 'provider', device: 'tablet' } },
      { user: { id: 'usr-me', name: 'Me', role: 'provider', device: 'tablet' } },
    ],
    [{ cursor: 3 }, { cursor: 3, user: { id: 'usr-me', name: 'Me' } }],
    [{ user: 'Dr. Other' }, { user: { id: 'usr-me', name: 'Me' } }],
    [{ user: { role: 'r'.repeat(300) } }, { user: { id: 'usr-me', name: 'Me', role: 'r'.repeat(100) } }],
  ])('stamps %j as %j', (claimed, stamped) => {
    expect(JSON.parse(stampUser(JSON.stringify(claimed), 'usr-me', 'Me')!)).toEqual(stamped);
  });

  it('lets a leaving client (null) through, drops what is not an object, and names the id when no name is known', () => {
    expect(stampUser('null', 'usr-me', 'Me')).toBe('null');
    expect(stampUser('[1]', 'usr-me', 'Me')).toBeNull();
    expect(stampUser('not json', 'usr-me', 'Me')).toBeNull();
    expect(JSON.parse(stampUser('{}', 'usr-me', null)!)).toEqual({ user: { id: 'usr-me', name: 'usr-me' } });
  });
});

describe('SyncRooms re-authorising open sockets (sign-out, removal)', () => {
  const SOCKETS = 40;
  const sockets: WebSocket[] = [];

  afterEach(() => {
    for (const ws of sockets.splice(0)) ws.terminate();
  });

  /** Rooms whose authorizer refuses the users in `signedOut` (4401) and counts its calls. */
  async function start(signedOut: Set<string>): Promise<{ calls: () => number; url: string }> {
    let calls = 0;
    const url = await serve({
      store: new MemorySyncStore(),
      recheckAuthMs: 3_600_000,
      authorize: (req) => {
        calls += 1;
        const user = new URL(req.url ?? '', 'http://x').searchParams.get('user') ?? '';
        return Promise.resolve(
          signedOut.has(user) ? { ok: false, code: 4401, reason: 'sign in again' } : { ok: true, userId: user },
        );
      },
    });
    return { calls: () => calls, url };
  }

  function open(url: string, user: string): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url}/${address.name}?user=${user}`);
      sockets.push(ws);
      // Open once the server's step 1 (sent after the upgrade was authorised) arrived.
      ws.once('message', () => resolve(ws));
      ws.once('error', reject);
    });
  }

  const step1 = (): Buffer => {
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, 0);
    syncProtocol.writeSyncStep1(e, new Y.Doc());
    return Buffer.from(encoding.toUint8Array(e));
  };

  it('answers the sockets’ messages while a pass runs, not after it', async () => {
    const { calls, url } = await start(new Set());
    const all = await Promise.all(Array.from({ length: SOCKETS }, (_, i) => open(url, `u${i}`)));
    const before = calls();
    const pass = rooms!.recheckAuth();
    const reply = new Promise<number>((resolve) => all[0]!.once('message', () => resolve(calls() - before)));
    all[0]!.send(step1());
    // The reply came while the pass had authorised only a few of the sockets.
    expect(await reply).toBeLessThan(SOCKETS / 2);
    await pass;
    expect(calls() - before).toBe(SOCKETS);
  });

  it('runs a pass asked for during one again after it, so a sign-out heard meanwhile is not missed', async () => {
    const signedOut = new Set<string>();
    const { calls, url } = await start(signedOut);
    const all = await Promise.all(Array.from({ length: SOCKETS }, (_, i) => open(url, `u${i}`)));
    const closed = new Promise<number>((resolve) => all[0]!.once('close', (code) => resolve(code)));
    const before = calls();
    const first = rooms!.recheckAuth();
    // u0's socket is checked first; its user signs out once the pass has gone past it.
    await new Promise((resolve) => setImmediate(resolve));
    signedOut.add('u0');
    const second = rooms!.recheckAuth();
    expect(second).toBe(first);
    await second;
    expect(await closed).toBe(4401);
    expect(calls() - before).toBe(2 * SOCKETS);
  });
});
