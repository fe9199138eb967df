import type { TestDb } from '../test-db.test-util.js';
import type { SessionRow } from './types.js';

/*
 * Issue 36 item 4: a read no SessionStore method answers (the store finds sessions by id or token
 * hash only), for tests outside store/ that check what sign-up stored. The server never calls it.
 */

/** Every session of a user, live or ended, oldest first, as stored. */
export function sessionsOfUser(db: TestDb, userId: string): Promise<SessionRow[]> {
  return db.all<SessionRow>('SELECT * FROM sessions WHERE user_id = ? ORDER BY created_at, id', userId);
}
