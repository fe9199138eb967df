import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { freshPostgres, runnableImplementations } from '../postgres/test-database.test-util.js';
import { openDatabase } from '../sqlite/database.js';
import { MemoryLeaseStore } from './memory.js';
import { PostgresLeaseStore } from './postgres.js';
import { SqliteLeaseStore } from './sqlite.js';
import type { LeaseStore } from './types.js';

/** Two stores over one database (for SQLite, two connections to one file: two processes) and the clock they read. */
interface Fixture {
  a: LeaseStore;
  b: LeaseStore;
  clock: { now: number };
}

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Every LeaseStore implementation; a Redis one joins this list and must pass the same suite. */
const implementations = await runnableImplementations<[string, () => Fixture | Promise<Fixture>]>(
  'LeaseStore contract',
  [
    [
      'memory',
      () => {
        const clock = { now: 1_000_000 };
        // One process: both holders reach the one store of its memory database.
        const store = new MemoryLeaseStore(new MemoryDatabase(), () => clock.now);
        return { a: store, b: store, clock };
      },
    ],
    [
      'sqlite',
      () => {
        const clock = { now: 1_000_000 };
        const dir = mkdtempSync(path.join(tmpdir(), 'vigil-leases-'));
        const first = openDatabase(dir).db;
        const second = openDatabase(dir).db;
        cleanups.push(() => {
          first.close();
          second.close();
          rmSync(dir, { recursive: true, force: true });
        });
        return {
          a: new SqliteLeaseStore(first, () => clock.now),
          b: new SqliteLeaseStore(second, () => clock.now),
          clock,
        };
      },
    ],
    [
      'postgres',
      async () => {
        const clock = { now: 1_000_000 };
        // Two pools over one database: two instances of the server.
        const database = await freshPostgres();
        cleanups.push(database.drop);
        return {
          a: new PostgresLeaseStore(database.open(), () => clock.now),
          b: new PostgresLeaseStore(database.open(), () => clock.now),
          clock,
        };
      },
    ],
  ],
);

describe.each(implementations)('LeaseStore contract (%s)', (_, make) => {
  it('gives a free key to the first holder and refuses another until it is released', async () => {
    const { a, b } = await make();
    const lease = await a.acquire('case:o1/c1', 'process-a', 60_000);
    expect(lease).toMatchObject({ key: 'case:o1/c1', holder: 'process-a', expiresAt: 1_060_000 });
    expect(await b.acquire('case:o1/c1', 'process-b', 60_000)).toBeNull();
    // Another key is free.
    expect(await b.acquire('case:o1/c2', 'process-b', 60_000)).not.toBeNull();
    expect(await a.release(lease!)).toBe(true);
    expect(await b.acquire('case:o1/c1', 'process-b', 60_000)).toMatchObject({ holder: 'process-b' });
  });

  it('frees the key of a holder that never releases once its lease expired (a crashed process)', async () => {
    const { a, b, clock } = await make();
    const crashed = await a.acquire('k', 'process-a', 30_000);
    clock.now += 29_999;
    expect(await b.acquire('k', 'process-b', 30_000)).toBeNull();
    clock.now += 1;
    const taken = await b.acquire('k', 'process-b', 30_000);
    expect(taken).toMatchObject({ holder: 'process-b', expiresAt: clock.now + 30_000 });
    // The crashed holder's late release (or renewal) does not free the new holder's lease.
    expect(await a.release(crashed!)).toBe(false);
    expect(await a.renew(crashed!, 30_000)).toBeNull();
    expect(await a.acquire('k', 'process-a', 30_000)).toBeNull();
  });

  it('renews a lease still held, so its holder keeps the key past the first expiry', async () => {
    const { a, b, clock } = await make();
    const lease = await a.acquire('k', 'process-a', 10_000);
    clock.now += 9_000;
    const renewed = await a.renew(lease!, 10_000);
    expect(renewed?.expiresAt).toBe(clock.now + 10_000);
    clock.now += 9_000;
    expect(await b.acquire('k', 'process-b', 10_000)).toBeNull();
    expect(await a.release(renewed!)).toBe(true);
    expect(await b.acquire('k', 'process-b', 10_000)).not.toBeNull();
  });

  it('lets the same holder acquire again (a renewal under a new token)', async () => {
    const { a } = await make();
    const first = await a.acquire('k', 'process-a', 10_000);
    const again = await a.acquire('k', 'process-a', 10_000);
    expect(again?.token).not.toBe(first?.token);
    expect(await a.release(first!)).toBe(false);
    expect(await a.release(again!)).toBe(true);
  });

  it('gives a key to exactly one of fifty holders acquiring it at once over both stores', async () => {
    const { a, b } = await make();
    const leases = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? a : b).acquire('k', `holder-${i}`, 60_000)),
    );
    expect(leases.filter((l) => l !== null)).toHaveLength(1);
  });
});
