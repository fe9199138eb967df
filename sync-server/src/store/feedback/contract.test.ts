import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { freshPostgres, runnableImplementations } from '../postgres/test-database.test-util.js';
import { PostgresDatabase } from '../postgres/unit-of-work.js';
import { openDatabase, openMemoryDatabase } from '../sqlite/database.js';
import { MemoryFeedbackStore } from './memory.js';
import { PostgresFeedbackStore } from './postgres.js';
import { SqliteFeedbackStore } from './sqlite.js';
import type { FeedbackRecord, FeedbackStore } from './types.js';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * Every FeedbackStore implementation, as two stores over one database (for a file, two
 * connections: two instances; for PostgreSQL, two pools).
 */
type Pair = [FeedbackStore, FeedbackStore];
const implementations = await runnableImplementations<[string, () => Pair | Promise<Pair>]>(
  'Help / Feedback messages contract',
  [
    [
      'memory',
      () => {
        const store = new MemoryFeedbackStore(new MemoryDatabase());
        return [store, store];
      },
    ],
    [
      'sqlite',
      () => {
        const store = new SqliteFeedbackStore(openMemoryDatabase());
        return [store, store];
      },
    ],
    [
      'sqlite file, two connections',
      () => {
        const dir = mkdtempSync(path.join(tmpdir(), 'vigil-feedback-'));
        const [a, b] = [openDatabase(dir).db, openDatabase(dir).db];
        cleanups.push(() => {
          a.close();
          b.close();
          rmSync(dir, { recursive: true, force: true });
        });
        return [new SqliteFeedbackStore(a), new SqliteFeedbackStore(b)];
      },
    ],
    [
      'postgres',
      async () => {
        const database = await freshPostgres();
        cleanups.push(database.drop);
        const [a, b] = [0, 1].map(() => new PostgresFeedbackStore(new PostgresDatabase(database.open(5))));
        return [a!, b!];
      },
    ],
  ],
);

const message = (id: string, at: number, userId = 'usr-1'): FeedbackRecord => ({
  id,
  at,
  userId,
  userName: 'Ada Lovelace',
  email: 'ada@office.test',
  orgId: 'office',
  message: `Message ${id}`,
  page: '/org/office/cases',
  appVersion: '0.1.0',
  recentActions: '[]',
});

describe.each(implementations)('Help / Feedback messages contract (%s)', (_name, pair) => {
  const make = async (): Promise<FeedbackStore> => (await pair())[0];
  it('lists messages newest first, a page at a time after the last one seen', async () => {
    const store = await make();
    // Two in the same millisecond: ordered by id, never skipped or repeated across pages.
    for (const m of [message('fb-a', 1000), message('fb-c', 3000), message('fb-b', 2000), message('fb-d', 2000)]) {
      await store.add(m);
    }
    const ids = async (first: number, after: string | null): Promise<string[]> =>
      (await store.list({ first, after })).map((m) => m.id);
    expect(await ids(10, null)).toEqual(['fb-c', 'fb-d', 'fb-b', 'fb-a']);
    expect(await ids(2, null)).toEqual(['fb-c', 'fb-d']);
    expect(await ids(2, 'fb-d')).toEqual(['fb-b', 'fb-a']);
    expect(await ids(2, 'fb-a')).toEqual([]);
    expect(await ids(2, 'no-such-message')).toEqual([]);
    expect((await store.list({ first: 1, after: null }))[0]).toEqual(message('fb-c', 3000));
  });

  it("counts a user's messages from a time on", async () => {
    const store = await make();
    await store.add(message('fb-1', 1000));
    await store.add(message('fb-2', 2000));
    await store.add(message('fb-3', 2000, 'usr-2'));
    expect(await store.countSince('usr-1', 1000)).toBe(2);
    expect(await store.countSince('usr-1', 1001)).toBe(1);
    expect(await store.countSince('usr-3', 0)).toBe(0);
  });

  it('adds a message only within the limit, in one step: twenty sends at once over two connections keep ten', async () => {
    const [a, b] = await pair();
    await a.add(message('fb-old', 500));
    const sends = Array.from({ length: 20 }, (_, i) =>
      (i % 2 === 0 ? a : b).addWithin(message(`fb-${String(i).padStart(2, '0')}`, 1000 + i), 1000, 10),
    );
    const added = await Promise.all(sends);
    expect(added.filter(Boolean)).toHaveLength(10);
    // The message before the window does not count; another user has a limit of their own.
    expect(await a.countSince('usr-1', 1000)).toBe(10);
    expect(await b.addWithin(message('fb-other', 2000, 'usr-2'), 1000, 10)).toBe(true);
    expect(await b.addWithin(message('fb-late', 2000), 1000, 10)).toBe(false);
    expect(await a.countSince('usr-1', 0)).toBe(11);
  });
});
