import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { createLogger } from '../log.js';
import { SqliteLeaseStore } from '../store/leases/sqlite.js';
import { openDatabase, type Db } from '../store/sqlite/database.js';
import { SqliteSyncStore } from '../store/sync/sqlite.js';
import { parseSyncPath } from './protocol.js';
import { SyncRooms } from './rooms.js';

/*
 * Issue 36 item 4: finalize's and history signing's hold on a document is a store lease, so two
 * server processes over one database cannot seal the same document at once. Each "process" here
 * is a SyncRooms over its own connection to one SQLite file, as two servers would be.
 */

const address = parseSyncPath('/api/sync/org1/cmp-lease')!;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A directory holding one database file, and a clock its leases read. */
function database(): { dir: string; clock: { now: number } } {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-seal-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { dir, clock: { now: Date.now() } };
}

/** One server process over the database: its own connection, rooms and leases. */
function processOver(
  { dir, clock }: { dir: string; clock: { now: number } },
  name: string,
  leaseWaitMs = 10_000,
): { rooms: SyncRooms; db: Db; leases: SqliteLeaseStore } {
  const { db } = openDatabase(dir);
  const leases = new SqliteLeaseStore(db, () => clock.now);
  const rooms = new SyncRooms({
    log: createLogger('fatal'),
    store: new SqliteSyncStore(db),
    leases,
    leaseHolder: name,
    leaseWaitMs,
    leasePollMs: 10,
  });
  cleanups.push(async () => {
    await rooms.close();
    db.close();
  });
  return { rooms, db, leases };
}

const refusal = (err: unknown): string | null => (err instanceof AppError ? `${err.status} ${err.code}` : String(err));

describe('a sealed document across processes (issue 36 item 4)', () => {
  it('refuses a second process’s seal while the first holds the document (409 CONFLICT once it waited)', async () => {
    const shared = database();
    const a = processOver(shared, 'process-a');
    const b = processOver(shared, 'process-b', 200);
    const sealed = await a.rooms.seal(address);
    const second = await b.rooms.seal(address).then(
      () => 'sealed',
      (err: unknown) => refusal(err),
    );
    expect(second).toBe('409 CONFLICT');
    sealed.release();
  });

  it('lets the second process seal once the first released, reading what the first stored (final)', async () => {
    const shared = database();
    const a = processOver(shared, 'process-a');
    const b = processOver(shared, 'process-b');
    const order: string[] = [];
    const sealedA = await a.rooms.seal(address);
    const sealingB = b.rooms.seal(address).then((sealed) => {
      order.push('b sealed');
      return sealed;
    });
    await sealedA.finalize();
    order.push('a released');
    sealedA.release();
    const sealedB = await sealingB;
    expect(order).toEqual(['a released', 'b sealed']);
    // Process b opened the room only once it held the lease: it sees the case final.
    expect(sealedB.finalized).toBe(true);
    sealedB.release();
  });

  it('frees the document of a process that crashed while holding it once its lease expired', async () => {
    const shared = database();
    const a = processOver(shared, 'process-a');
    const b = processOver(shared, 'process-b', 200);
    // A process that died while sealed leaves its lease behind, never released nor renewed.
    expect(await a.leases.acquire(address.name, 'process-a#1', 60_000)).not.toBeNull();
    await expect(b.rooms.seal(address)).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
    shared.clock.now += 60_000;
    const sealed = await b.rooms.seal(address);
    expect(sealed.finalized).toBe(false);
    sealed.release();
  });

  it('seals one document at a time within a process too, and frees it on release', async () => {
    const shared = database();
    const a = processOver(shared, 'process-a', 200);
    const first = await a.rooms.seal(address);
    await expect(a.rooms.seal(address)).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
    // Another document is not held.
    (await a.rooms.seal(parseSyncPath('/api/sync/org1/cmp-other')!)).release();
    first.release();
    (await a.rooms.seal(address)).release();
  });
});
