import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryLegalAcceptanceStore } from './memory.js';
import { PostgresLegalAcceptanceStore } from './postgres.js';
import { SqliteLegalAcceptanceStore } from './sqlite.js';
import type { LegalAcceptanceStore } from './types.js';

/** Every LegalAcceptanceStore implementation. */
const implementations = await runnableImplementations<
  [string, () => LegalAcceptanceStore | Promise<LegalAcceptanceStore>]
>('legal acceptances contract', [
  ['memory', () => new MemoryLegalAcceptanceStore(new MemoryDatabase())],
  ['sqlite', () => new SqliteLegalAcceptanceStore(openMemoryDatabase())],
  ['postgres', async () => new PostgresLegalAcceptanceStore(await testPostgresDatabase())],
]);

describe.each(implementations)('legal acceptances contract (%s)', (_name, make) => {
  it("lists a user's acceptances oldest first, each version once with its first time", async () => {
    const store = await make();
    await store.add({ userId: 'usr-1', document: 'terms', version: 'v2', acceptedAt: 3000 });
    await store.add({ userId: 'usr-1', document: 'terms', version: 'v1', acceptedAt: 1000 });
    await store.add({ userId: 'usr-1', document: 'privacy', version: 'v1', acceptedAt: 1000 });
    await store.add({ userId: 'usr-2', document: 'terms', version: 'v1', acceptedAt: 2000 });
    // Accepted again later: the first acceptance's time stays.
    await store.add({ userId: 'usr-1', document: 'terms', version: 'v1', acceptedAt: 5000 });
    expect(await store.byUser('usr-1')).toEqual([
      { userId: 'usr-1', document: 'privacy', version: 'v1', acceptedAt: 1000 },
      { userId: 'usr-1', document: 'terms', version: 'v1', acceptedAt: 1000 },
      { userId: 'usr-1', document: 'terms', version: 'v2', acceptedAt: 3000 },
    ]);
    expect(await store.byUser('usr-3')).toEqual([]);
  });
});
