import type { PageRequest } from '../../pages.js';
import { MemoryDatabase } from '../memory/database.js';
import type { FeedbackRecord, FeedbackStore } from './types.js';

/** Newest first: by time, then by id (two messages of one millisecond keep one order). */
const newestFirst = (a: FeedbackRecord, b: FeedbackRecord): number => b.at - a.at || b.id.localeCompare(a.id);

/** Help / Feedback messages in memory: the second implementation of the contract. */
export class MemoryFeedbackStore implements FeedbackStore {
  private readonly rows;

  constructor(private readonly db = new MemoryDatabase()) {
    this.rows = db.table<FeedbackRecord[]>([]);
  }

  add(record: FeedbackRecord): Promise<void> {
    return this.db.run(() => void this.rows.value.push(structuredClone(record)));
  }

  addWithin(record: FeedbackRecord, since: number, limit: number): Promise<boolean> {
    return this.db.run(() => {
      if (this.count(record.userId, since) >= limit) return false;
      this.rows.value.push(structuredClone(record));
      return true;
    });
  }

  list({ first, after }: PageRequest): Promise<FeedbackRecord[]> {
    return this.db.run(() => {
      const sorted = [...this.rows.value].sort(newestFirst);
      const cursor = after === null ? undefined : sorted.find((r) => r.id === after);
      const rest = cursor ? sorted.filter((r) => newestFirst(cursor, r) < 0) : after === null ? sorted : [];
      return structuredClone(rest.slice(0, first));
    });
  }

  countSince(userId: string, since: number): Promise<number> {
    return this.db.run(() => this.count(userId, since));
  }

  private count(userId: string, since: number): number {
    return this.rows.value.filter((r) => r.userId === userId && r.at >= since).length;
  }
}
