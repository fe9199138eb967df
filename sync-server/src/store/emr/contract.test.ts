import { describe, expect, it } from 'vitest';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryEmrLaunchStore } from './memory.js';
import { PostgresEmrLaunchStore } from './postgres.js';
import { SqliteEmrLaunchStore } from './sqlite.js';
import type { EmrLaunchStore, EmrNonce } from './types.js';

function sqlite(): EmrLaunchStore {
  const db = openMemoryDatabase();
  return new SqliteEmrLaunchStore(db);
}

const nonce = (value: string, usedAt: number, expiresAt: number): EmrNonce => ({
  nonce: value,
  orgId: 'acme',
  userId: 'usr-a',
  usedAt,
  expiresAt,
});

/** Every EmrLaunchStore implementation. */
const implementations = await runnableImplementations<[string, () => EmrLaunchStore | Promise<EmrLaunchStore>]>(
  'EmrLaunchStore contract',
  [
    ['memory', () => new MemoryEmrLaunchStore()],
    ['sqlite', sqlite],
    ['postgres', async () => new PostgresEmrLaunchStore(await testPostgresDatabase())],
  ],
);

describe.each(implementations)('EmrLaunchStore contract (%s)', (_, make) => {
  it('claims a nonce once; a replay is refused while it is remembered', async () => {
    const store = await make();
    expect(await store.claimNonce(nonce('n-0123456789abcdef', 1000, 5000))).toBe(true);
    expect(await store.claimNonce(nonce('n-0123456789abcdef', 2000, 5000))).toBe(false);
    expect(await store.claimNonce(nonce('n-other-0123456789', 2000, 5000))).toBe(true);
  });

  it('forgets nonces past their expiry (a token that old is refused by its own expiry first)', async () => {
    const store = await make();
    expect(await store.claimNonce(nonce('n-0123456789abcdef', 1000, 5000))).toBe(true);
    expect(await store.claimNonce(nonce('n-0123456789abcdef', 5000, 9000))).toBe(true);
  });

  it('lets only one of two concurrent claims of a nonce succeed', async () => {
    const store = await make();
    const results = await Promise.all([
      store.claimNonce(nonce('n-0123456789abcdef', 1000, 5000)),
      store.claimNonce(nonce('n-0123456789abcdef', 1001, 5000)),
    ]);
    expect(results.sort()).toEqual([false, true]);
  });
});
