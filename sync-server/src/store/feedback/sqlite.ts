import type { PageRequest } from '../../pages.js';
import { assertSerialized, serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import type { FeedbackRecord, FeedbackStore } from './types.js';

interface FeedbackRow {
  id: string;
  at: number;
  user_id: string;
  user_name: string;
  email: string;
  org_id: string | null;
  message: string;
  page: string;
  app_version: string;
  recent_actions: string;
}

const record = (r: FeedbackRow): FeedbackRecord => ({
  id: r.id,
  at: r.at,
  userId: r.user_id,
  userName: r.user_name,
  email: r.email,
  orgId: r.org_id,
  message: r.message,
  page: r.page,
  appVersion: r.app_version,
  recentActions: r.recent_actions,
});

/** Help / Feedback messages over better-sqlite3 (table feedback_messages). */
export class SqliteFeedbackStore implements FeedbackStore {
  constructor(private readonly db: Db) {}

  add(r: FeedbackRecord): Promise<void> {
    return serialized(this.db, () => this.insert(r));
  }

  addWithin(r: FeedbackRecord, since: number, limit: number): Promise<boolean> {
    // One transaction (IMMEDIATE, as every one: sqlite/database.ts): the write lock is taken before
    // the count, so another connection to the file (another instance) cannot count the same last place.
    return serialized(this.db, () =>
      this.db.transaction(() => {
        if (this.count(r.userId, since) >= limit) return false;
        this.insert(r);
        return true;
      })(),
    );
  }

  private insert(r: FeedbackRecord): void {
    assertSerialized(this.db);
    this.db
      .prepare(
        `INSERT INTO feedback_messages (id, at, user_id, user_name, email, org_id, message, page, app_version, recent_actions)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(r.id, r.at, r.userId, r.userName, r.email, r.orgId, r.message, r.page, r.appVersion, r.recentActions);
  }

  private count(userId: string, since: number): number {
    assertSerialized(this.db);
    return (
      this.db
        .prepare('SELECT COUNT(*) AS n FROM feedback_messages WHERE user_id = ? AND at >= ?')
        .get(userId, since) as { n: number }
    ).n;
  }

  list({ first, after }: PageRequest): Promise<FeedbackRecord[]> {
    return serialized(this.db, () => {
      if (after === null) {
        return (
          this.db
            .prepare('SELECT * FROM feedback_messages ORDER BY at DESC, id DESC LIMIT ?')
            .all(first) as FeedbackRow[]
        ).map(record);
      }
      // After the cursor's message in the same order; an unknown cursor answers nothing.
      return (
        this.db
          .prepare(
            `SELECT f.* FROM feedback_messages f, feedback_messages c WHERE c.id = ?
               AND (f.at < c.at OR (f.at = c.at AND f.id < c.id))
             ORDER BY f.at DESC, f.id DESC LIMIT ?`,
          )
          .all(after, first) as FeedbackRow[]
      ).map(record);
    });
  }

  countSince(userId: string, since: number): Promise<number> {
    return serialized(this.db, () => this.count(userId, since));
  }
}
