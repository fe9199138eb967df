import type { TestDb } from '../test-db.test-util.js';

/*
 * Issue 40: plays what no server call does, for tests outside store/ (no SQL is written outside
 * it); the server never calls it.
 */

/**
 * Makes a user's acceptance of `document` one of an earlier version, as if the current version
 * had been published after they accepted: the acceptance dialog's case. Returns the rows changed.
 */
export function acceptedOnlyAnEarlierVersion(
  db: TestDb,
  userId: string,
  document: string,
  earlierVersion: string,
): Promise<number> {
  return db.run(
    'UPDATE legal_acceptances SET version = ? WHERE user_id = ? AND document = ?',
    earlierVersion,
    userId,
    document,
  );
}
