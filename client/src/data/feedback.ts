import { graphql } from './graphql.js';
import type { FeedbackView } from '@vigil/shared';

export type { FeedbackView };

/** What the help dialog sends with the user's message. */
export interface FeedbackContext {
  page: string;
  appVersion: string;
  recentActions: string;
  orgId: string | null;
}

/** Sends the team a Help / Feedback message (GraphQL sendFeedback); answers its id. */
export async function sendFeedback(message: string, context: FeedbackContext): Promise<string> {
  const data = await graphql<{ sendFeedback: string }>(
    `mutation SendFeedback($message: String!, $page: String!, $appVersion: String!, $recentActions: String!, $orgId: String) {
      sendFeedback(message: $message, page: $page, appVersion: $appVersion, recentActions: $recentActions, orgId: $orgId)
    }`,
    { message, ...context },
  );
  return data.sendFeedback;
}

/** One page of the team's Help / Feedback messages, newest first (GraphQL feedbackMessages). */
export async function fetchFeedbackMessages(first: number, after: string | null): Promise<FeedbackView[]> {
  const data = await graphql<{ feedbackMessages: FeedbackView[] }>(
    `query FeedbackMessages($first: Int, $after: String) {
      feedbackMessages(first: $first, after: $after) {
        id at userId userName email orgId message page appVersion recentActions
      }
    }`,
    { first, after },
  );
  return data.feedbackMessages;
}
