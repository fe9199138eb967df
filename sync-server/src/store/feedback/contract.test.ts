import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryFeedbackStore } from './memory.js';
import { SqliteFeedbackStore } from './sqlite.js';
import type { FeedbackRecord, FeedbackStore } from './types.js';

/** Every FeedbackStore implementation; a PostgreSQL one joins this list and must pass the same suite. */
const implementations: [string, () => FeedbackStore][] = [
  ['memory', () => new MemoryFeedbackStore(new MemoryDatabase())],
  ['sqlite', () => new SqliteFeedbackStore(openMemoryDatabase())],
];

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

describe.each(implementations)('Help / Feedback messages contract (%s)', (_name, make) => {
  it('lists messages newest first, a page at a time after the last one seen', async () => {
    const store = make();
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
    const store = make();
    await store.add(message('fb-1', 1000));
    await store.add(message('fb-2', 2000));
    await store.add(message('fb-3', 2000, 'usr-2'));
    expect(await store.countSince('usr-1', 1000)).toBe(2);
    expect(await store.countSince('usr-1', 1001)).toBe(1);
    expect(await store.countSince('usr-3', 0)).toBe(0);
  });
});
