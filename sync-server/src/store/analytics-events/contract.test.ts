import { describe, expect, it } from 'vitest';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryAnalyticsEventStore } from './memory.js';
import { PostgresAnalyticsEventStore } from './postgres.js';
import { SqliteAnalyticsEventStore } from './sqlite.js';
import type { AnalyticsEventStore } from './types.js';

/** Every AnalyticsEventStore implementation (issue 43: the suite came with the PostgreSQL one). */
const implementations = await runnableImplementations<[string, () => Promise<AnalyticsEventStore>]>(
  'AnalyticsEventStore contract',
  [
    ['memory', () => Promise.resolve(new MemoryAnalyticsEventStore())],
    ['sqlite', () => Promise.resolve(new SqliteAnalyticsEventStore(openMemoryDatabase()))],
    ['postgres', async () => new PostgresAnalyticsEventStore(await testPostgresDatabase())],
  ],
);

describe.each(implementations)('AnalyticsEventStore contract (%s)', (_, make) => {
  it('lists the events since a time, oldest first, equal times in the order recorded, at most the limit', async () => {
    const store = await make();
    await store.record({ at: 200, name: 'Signed In', userId: 'u-1', orgId: 'office' });
    await store.record({ at: 100, name: 'Org Created', userId: 'u-1', orgId: 'office' });
    await store.record({ at: 200, name: 'Sign In Failed', userId: null, orgId: null });
    await store.record({ at: 300, name: 'Case Manager Loaded', userId: 'u-2', orgId: 'other' });
    expect(await store.since(0, 10)).toEqual([
      { at: 100, name: 'Org Created', userId: 'u-1', orgId: 'office' },
      { at: 200, name: 'Signed In', userId: 'u-1', orgId: 'office' },
      { at: 200, name: 'Sign In Failed', userId: null, orgId: null },
      { at: 300, name: 'Case Manager Loaded', userId: 'u-2', orgId: 'other' },
    ]);
    expect((await store.since(200, 2)).map((e) => e.name)).toEqual(['Signed In', 'Sign In Failed']);
    expect(await store.since(301, 10)).toEqual([]);
  });
});
