import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { createLogger } from '../log.js';
import { MemorySyncStore } from '../store/sync/memory.js';
import type { DocumentKind } from './hooks.js';
import type { ProjectionInput } from './projection.js';
import { parseSyncPath } from './protocol.js';
import { SyncRooms, type SyncRoomsOptions } from './rooms.js';

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
const providers: WebsocketProvider[] = [];

afterEach(async () => {
  for (const p of providers.splice(0)) p.destroy();
  await rooms?.close();
  rooms = undefined;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

async function start(options: Omit<SyncRoomsOptions, 'log'>): Promise<string> {
  rooms = new SyncRooms({ log: createLogger('fatal'), validateAfterMs: 10, projectAfterMs: 10, ...options });
  server = createServer();
  const r = rooms;
  server.on('upgrade', (req, socket, head) => r.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/sync`;
}

function client(url: string, room: string): Y.Doc {
  const doc = new Y.Doc();
  providers.push(
    new WebsocketProvider(url, room, doc, {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      disableBc: true,
    }),
  );
  return doc;
}

/** A kind that records what its hooks were given. */
function recordingKind(
  name: string,
  root: string,
  matches?: DocumentKind['matches'],
): DocumentKind & { checked: unknown[]; projected: ProjectionInput[] } {
  const checked: unknown[] = [];
  const projected: ProjectionInput[] = [];
  return {
    name,
    root,
    ...(matches ? { matches } : {}),
    checked,
    projected,
    validate: (content) => {
      checked.push(content);
      return Promise.resolve({ issues: [] });
    },
    project: (input) => {
      projected.push(input);
    },
  };
}

describe('document kinds (hooks registered at start)', () => {
  it('runs a registered kind’s validation and projection for the rooms it claims, and the default kind’s for the rest', async () => {
    const cases = recordingKind('case', 'case');
    // A second kind, told apart by an asynchronous look-up (as a health history's Composition type would be).
    const history = recordingKind('history', 'history', (address) => Promise.resolve(address.docId.startsWith('hh-')));
    const url = await start({ store: new MemorySyncStore(), kinds: [cases] });
    rooms!.registerKind(history);

    client(url, 'org1/cmp-1').getMap('case').set('procedure', 'Extraction');
    client(url, 'org1/hh-1').getMap('history').set('allergies', 'none');

    await until(() => expect(history.projected.map((p) => p.content)).toEqual([{ allergies: 'none' }]));
    await until(() => expect(cases.projected.map((p) => p.content)).toEqual([{ procedure: 'Extraction' }]));
    expect(history.checked).toEqual([{ allergies: 'none' }]);
    expect(cases.checked).toEqual([{ procedure: 'Extraction' }]);
    expect(history.projected[0]!.address.name).toBe('org1/hh-1');
    // Content and hash are the kind's own root: the other root of the same document is not its content.
    expect((await rooms!.snapshot(parseSyncPath('/api/sync/org1/hh-1')!)).content).toEqual({ allergies: 'none' });
  });

  it('stores a kind’s repair as the server’s own update before any client sees it', async () => {
    const store = new MemorySyncStore();
    const kind: DocumentKind = {
      name: 'case',
      root: 'case',
      validate: (content) =>
        Promise.resolve({
          issues: [],
          repair:
            (content as { note?: string }).note === 'unsafe'
              ? (root: Y.Map<unknown>) => root.set('note', 'safe')
              : undefined,
        }),
    };
    const url = await start({ store, kinds: [kind] });
    const doc = client(url, 'org1/cmp-repair');
    doc.getMap('case').set('note', 'unsafe');
    await until(() => expect(doc.getMap('case').get('note')).toBe('safe'));
    const stored = (await store.load('org1/cmp-repair'))!;
    const replica = new Y.Doc();
    for (const u of stored.updates) Y.applyUpdate(replica, u);
    expect(replica.getMap('case').get('note')).toBe('safe');
  });
});

describe('a kind’s live summary (issue 38)', () => {
  it('reads the merged root after saves, at most once a second: a burst of writes is read once more at its end', async () => {
    const seen: { room: string; count: unknown; finalized: boolean }[] = [];
    const kind: DocumentKind = {
      name: 'case',
      root: 'case',
      live: ({ address, root, finalized }) => {
        seen.push({ room: address.name, count: root.get('count'), finalized });
      },
    };
    const url = await start({ store: new MemorySyncStore(), kinds: [kind] });
    const doc = client(url, 'org1/cmp-live');
    doc.getMap('case').set('count', 0);
    await until(() => expect(seen).toEqual([{ room: 'org1/cmp-live', count: 0, finalized: false }]));
    // Twenty writes on the open socket, each its own update and save.
    for (let i = 1; i <= 20; i++) doc.getMap('case').set('count', i);
    await until(() => expect(seen.at(-1)).toEqual({ room: 'org1/cmp-live', count: 20, finalized: false }));
    // Read a second after the first (or at once, then once more): never once per write.
    expect(seen.length).toBeLessThanOrEqual(3);
  });
});

describe('a sealed document (finalize)', () => {
  const address = parseSyncPath('/api/sync/org1/cmp-seal')!;

  it('holds writes while sealed and stores them on release when it was not finalized', async () => {
    const store = new MemorySyncStore();
    const url = await start({ store });
    const doc = client(url, address.name);
    doc.getMap('case').set('a', 1);
    await until(async () => expect(await store.pendingUpdates(address.name)).toBe(1));

    const sealed = await rooms!.seal(address);
    expect(sealed.content).toEqual({ a: 1 });
    doc.getMap('case').set('b', 2);
    // The write reached the room, which holds it: nothing of it is stored while sealed.
    await until(() => expect(rooms!.heldWrites(address)).toBe(1));
    expect(await store.pendingUpdates(address.name)).toBe(1);
    sealed.release();
    await until(async () => expect(await store.pendingUpdates(address.name)).toBe(2));
    expect((await rooms!.snapshot(address)).content).toEqual({ a: 1, b: 2 });
  });

  it('refuses the writes it held once finalized: storage and the document keep what was signed', async () => {
    const store = new MemorySyncStore();
    const url = await start({ store });
    const doc = client(url, address.name);
    doc.getMap('case').set('a', 1);
    await until(async () => expect(await store.pendingUpdates(address.name)).toBe(1));

    const sealed = await rooms!.seal(address);
    doc.getMap('case').set('b', 2);
    await until(() => expect(rooms!.heldWrites(address)).toBe(1));
    await sealed.finalize();
    // Release settles the held writes at once: refused, as the document is final.
    sealed.release();
    expect(rooms!.heldWrites(address)).toBe(0);
    // A snapshot applies whatever was queued first: a held write let through would be stored by now.
    expect((await rooms!.snapshot(address)).content).toEqual({ a: 1 });
    expect(await store.isFinalized(address.name)).toBe(true);
    expect(await store.pendingUpdates(address.name)).toBe(1);
  });
});
