import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CASE_ROOT } from '@vigil/shared';
import { openDatabase } from '../../sync-server/src/store/sqlite/database.js';
import { freshPostgres } from '../../sync-server/src/store/postgres/test-database.test-util.js';
import { PostgresDatabase } from '../../sync-server/src/store/postgres/unit-of-work.js';
import { PostgresSyncStore } from '../../sync-server/src/store/sync/postgres.js';
import type { SyncStore } from '../../sync-server/src/store/sync/types.js';
import { createLogger } from '../../sync-server/src/log.js';
import { SyncRooms } from '../../sync-server/src/sync/rooms.js';
import { SqliteSyncStore } from '../../sync-server/src/store/sync/sqlite.js';
import { ON_POSTGRES } from '../utils/test-database.js';
import { connectClient, connectVigilClient, eventually, synced } from '../utils/yjs-clients.js';

const quiet = createLogger(
  'fatal',
  new Writable({
    write(_c, _e, done) {
      done();
    },
  }),
);
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/**
 * A sync store of its own: over a new SQLite file, or a new PostgreSQL database when the suite runs
 * on PostgreSQL (VIGIL_TEST_DATABASE=postgres, tests/utils/test-database.ts).
 */
async function syncStore(): Promise<SyncStore> {
  if (ON_POSTGRES) {
    const database = await freshPostgres();
    cleanups.push(() => database.drop());
    return new PostgresSyncStore(new PostgresDatabase(database.open()));
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-compact-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const { db } = openDatabase(dir);
  cleanups.push(() => db.close());
  return new SqliteSyncStore(db);
}

async function serve(store: SyncStore, compactAfterUpdates: number): Promise<{ url: string; rooms: SyncRooms }> {
  const rooms = new SyncRooms({ log: quiet, store, compactAfterUpdates, evictAfterMs: 50 });
  const server: Server = createServer();
  server.on('upgrade', (req, socket, head) => rooms.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(
    () => new Promise<void>((r) => server.close(() => r())),
    () => rooms.close(),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, rooms };
}

describe('compaction', () => {
  it('folds the update log into a snapshot without losing an update, also while edits keep coming', async () => {
    const store = await syncStore();
    const { url, rooms } = await serve(store, 5);
    const writer = connectVigilClient(url, 'org1/cmp-compact');
    cleanups.push(writer.destroy);
    const vitals = new Y.Array<number>();
    writer.doc.getMap(CASE_ROOT).set('vitals', vitals);
    for (let i = 0; i < 200; i++) {
      vitals.push([i]);
      if (i % 7 === 0) await new Promise((r) => setTimeout(r, 2));
    }
    await eventually(() => expect(writer.provider.status.status).toBe('synced'));

    // The room's one snapshot (a room has at most one) and fewer logged updates than the threshold.
    expect((await store.load('org1/cmp-compact'))?.snapshot).toBeInstanceOf(Uint8Array);
    expect(await store.pendingUpdates('org1/cmp-compact')).toBeLessThan(5);

    // Drop the room from memory, then load it from the snapshot and the log.
    writer.destroy();
    await eventually(() => expect(rooms.roomCount).toBe(0));
    const reader = connectClient(url, 'org1/cmp-compact');
    cleanups.push(reader.destroy);
    await synced(reader.provider);
    expect((reader.doc.getMap(CASE_ROOT).get('vitals') as Y.Array<number>).toArray()).toEqual(
      Array.from({ length: 200 }, (_, i) => i),
    );
  });
});
