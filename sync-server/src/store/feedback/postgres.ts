import type { PageRequest } from '../../pages.js';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { FeedbackRecord, FeedbackStore } from './types.js';

const record = (r: Record<string, unknown>): FeedbackRecord => ({
  id: r.id as string,
  at: Number(r.at),
  userId: r.user_id as string,
  userName: r.user_name as string,
  email: r.email as string,
  orgId: r.org_id as string | null,
  message: r.message as string,
  page: r.page as string,
  appVersion: r.app_version as string,
  recentActions: r.recent_actions as string,
});

/** The advisory-lock namespace of a user's feedback limit (two-int form; 131, the table's migration). */
const LIMIT_LOCK = 131;

/**
 * Help / Feedback messages on PostgreSQL (feedback_messages, PG migration 131; issue 43). SQLite's
 * IMMEDIATE transaction around the limit's count and insert is a per-user advisory lock here, so
 * two instances never both take a user's last place.
 */
export class PostgresFeedbackStore implements FeedbackStore {
  constructor(private readonly db: PostgresDatabase) {}

  async add(r: FeedbackRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO feedback_messages (id, at, user_id, user_name, email, org_id, message, page, app_version,
         recent_actions)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [r.id, r.at, r.userId, r.userName, r.email, r.orgId, r.message, r.page, r.appVersion, r.recentActions],
    );
  }

  addWithin(r: FeedbackRecord, since: number, limit: number): Promise<boolean> {
    return this.db.transaction(async () => {
      await this.db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LIMIT_LOCK, r.userId]);
      if ((await this.countSince(r.userId, since)) >= limit) return false;
      await this.add(r);
      return true;
    });
  }

  async list({ first, after }: PageRequest): Promise<FeedbackRecord[]> {
    // After the cursor's message in the same order; an unknown cursor answers nothing.
    const { rows } =
      after === null
        ? await this.db.query('SELECT * FROM feedback_messages ORDER BY at DESC, id COLLATE "C" DESC LIMIT $1', [first])
        : await this.db.query(
            `SELECT f.* FROM feedback_messages f, feedback_messages c WHERE c.id = $1
               AND (f.at < c.at OR (f.at = c.at AND f.id COLLATE "C" < c.id COLLATE "C"))
             ORDER BY f.at DESC, f.id COLLATE "C" DESC LIMIT $2`,
            [after, first],
          );
    return rows.map(record);
  }

  async countSince(userId: string, since: number): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM feedback_messages WHERE user_id = $1 AND at >= $2',
      [userId, since],
    );
    return Number(rows[0]!.n);
  }
}
