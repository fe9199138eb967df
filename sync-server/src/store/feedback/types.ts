import type { FeedbackView } from '@vigil/shared';
import type { PageRequest } from '../../pages.js';

/*
 * Help / Feedback messages (issue 40): what users sent the team, kept for the team's list. Every
 * method is async and every write one atomic step, so another implementation only has to
 * implement this interface and pass contract.test.ts.
 */

/** A message as stored: the view the team reads. */
export type FeedbackRecord = FeedbackView;

export interface FeedbackStore {
  add(record: FeedbackRecord): Promise<void>;
  /** One page of messages, newest first; `after` is the id of the last message of the page before. */
  list(page: PageRequest): Promise<FeedbackRecord[]>;
  /**
   * Adds the message when its user sent fewer than `limit` at or after `since`, in one atomic step
   * (two sends at once never both pass the last place); answers whether it was added.
   */
  addWithin(record: FeedbackRecord, since: number, limit: number): Promise<boolean>;
  /** How many messages a user sent at or after `since`. */
  countSince(userId: string, since: number): Promise<number>;
}
