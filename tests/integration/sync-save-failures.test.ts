import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CASE_ROOT, type SyncStatus } from '@vigil/shared';
import { saveMessage } from '../../client/src/sync/saveMessage.js';
import { createLogger } from '../../sync-server/src/log.js';
import { MemorySyncStore } from '../../sync-server/src/store/sync/memory.js';
import { SyncRooms } from '../../sync-server/src/sync/rooms.js';
import { connectVigilClient, eventually } from '../utils/yjs-clients.js';

/** A store whose next `failures` writes fail, as a full disk would. */
class FlakyStore extends MemorySyncStore {
  private failures = 0;
  failNext(n: number): void {
    this.failures = n;
  }
  override append(entries: Parameters<MemorySyncStore['append']>[0]): Promise<number[]> {
    if (this.failures > 0) {
      this.failures -= 1;
      return Promise.reject(new Error('SQLITE_FULL: database or disk is full'));
    }
    return super.append(entries);
  }
}

const quiet = createLogger(
  'fatal',
  new Writable({
    write(_c, _e, done) {
      done();
    },
  }),
);
let server: Server | undefined;
let rooms: SyncRooms | undefined;
const destroyers: (() => void)[] = [];
afterEach(async () => {
  for (const d of destroyers.splice(0)) d();
  await rooms?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
});

async function serve(store: MemorySyncStore): Promise<string> {
  rooms = new SyncRooms({ log: quiet, store });
  server = createServer();
  server.on('upgrade', (req, socket, head) => rooms!.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('a save that fails', () => {
  it('waits, retries, counts its failures in the message, and is saved once storage works again', async () => {
    const store = new FlakyStore();
    const url = await serve(store);
    const client = connectVigilClient(url, 'org1/cmp-flaky', { saveRetryWaitMs: 300 });
    destroyers.push(client.destroy);
    await eventually(() => expect(client.provider.status.status).toBe('synced'));
    store.failNext(2);
    const seen: { status: SyncStatus; message: string }[] = [];
    client.provider.subscribe((s) => seen.push({ status: s.status, message: saveMessage(s, Date.now()) }));

    client.doc.getMap(CASE_ROOT).set('procedure', 'Extraction');
    await eventually(() => expect(client.provider.status.status).toBe('synced'));

    const retries = seen.filter((s) => s.status === 'waitingToRetry').map((s) => s.message);
    expect(retries[0]).toMatch(/^failed to save, retrying in \ds$/);
    expect(retries.some((m) => /^failed 2x, retrying in \ds$/.test(m))).toBe(true);
    // The edit was never dropped: storage has it now.
    const stored = (await store.load('org1/cmp-flaky'))!;
    const doc = new Y.Doc();
    for (const u of stored.updates) Y.applyUpdate(doc, u);
    expect(doc.getMap(CASE_ROOT).get('procedure')).toBe('Extraction');
  });

  it('waits 10 s before retrying by default (spec 001 §9)', async () => {
    const store = new FlakyStore();
    const url = await serve(store);
    const client = connectVigilClient(url, 'org1/cmp-wait');
    destroyers.push(client.destroy);
    await eventually(() => expect(client.provider.status.status).toBe('synced'));
    store.failNext(1);
    client.doc.getMap(CASE_ROOT).set('procedure', 'x');
    await eventually(() => expect(client.provider.status.status).toBe('waitingToRetry'));
    const { retryAt } = client.provider.status;
    expect(retryAt! - Date.now()).toBeGreaterThan(9_000);
    expect(retryAt! - Date.now()).toBeLessThanOrEqual(10_000);
    expect(saveMessage(client.provider.status, Date.now())).toBe('failed to save, retrying in 10s');
  });
});

describe('finalizing a document', () => {
  it('tells every connected Vigil client at once and refuses their later saves', async () => {
    const store = new FlakyStore();
    const url = await serve(store);
    const client = connectVigilClient(url, 'org1/cmp-tofinal');
    destroyers.push(client.destroy);
    client.doc.getMap(CASE_ROOT).set('procedure', 'Extraction');
    await eventually(() => expect(client.provider.status.status).toBe('synced'));

    await rooms!.finalize({ orgId: 'org1', docId: 'cmp-tofinal', name: 'org1/cmp-tofinal' });
    await eventually(() => expect(client.provider.status.refused).toBe('FINALIZED'));
    expect(await store.isFinalized('org1/cmp-tofinal')).toBe(true);

    client.doc.getMap(CASE_ROOT).set('procedure', 'changed after signing');
    await eventually(() => expect(client.provider.status.status).toBe('outOfSync'));
    const stored = (await store.load('org1/cmp-tofinal'))!;
    const doc = new Y.Doc();
    for (const u of stored.updates) Y.applyUpdate(doc, u);
    expect(doc.getMap(CASE_ROOT).get('procedure')).toBe('Extraction');
  });
});
