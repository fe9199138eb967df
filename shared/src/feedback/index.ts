import { z } from 'zod';

/*
 * Help / Feedback (issue 40; spec 000 §2 the helpFeedback modal, spec 002 §8, §9): what a user
 * sends the team from any screen, with the page, the app's version and the recent actions log.
 */

/** [HF1] The recent actions log keeps the last 20 actions (spec 002 §9). */
export const RECENT_ACTIONS_LIMIT = 20;
/** [HF1] …and at most 10,000 bytes of them, serialised (spec 002 §9). */
export const RECENT_ACTIONS_MAX_BYTES = 10_000;
/** [HF1] The text sent instead when the log cannot be serialised (spec 002 §8). */
export const RECENT_ACTIONS_ERROR = 'error serializing recent actions';

/** One recorded action: when, what kind, and where (a path or an element's role and test id; never typed text). */
export interface RecentAction {
  at: number;
  kind: 'navigate' | 'click' | 'error';
  target: string;
}

/** [HF1] The bytes of `text` in UTF-8 (a lone surrogate counts as the 3 bytes of its replacement). */
export function utf8Bytes(text: string): number {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/**
 * [HF1] The recent actions log as sent: the last RECENT_ACTIONS_LIMIT actions as JSON, the oldest
 * dropped until it fits RECENT_ACTIONS_MAX_BYTES; RECENT_ACTIONS_ERROR when it cannot be
 * serialised at all.
 */
export function serializeRecentActions(actions: readonly unknown[]): string {
  try {
    let kept = actions.slice(-RECENT_ACTIONS_LIMIT);
    let text = JSON.stringify(kept);
    while (utf8Bytes(text) > RECENT_ACTIONS_MAX_BYTES && kept.length > 0) {
      kept = kept.slice(1);
      text = JSON.stringify(kept);
    }
    return text;
  } catch {
    return RECENT_ACTIONS_ERROR;
  }
}

/** [HF2] The most characters of a Help / Feedback message (a decision: the spec gives none). */
export const FEEDBACK_MESSAGE_MAX = 5000;

/**
 * [HF2] What a Help / Feedback message carries, as the server accepts it: a message of 1 to
 * FEEDBACK_MESSAGE_MAX characters once trimmed, the page (a path, at most 2,000 characters), the
 * app's version, and the recent actions log within RECENT_ACTIONS_MAX_BYTES.
 */
export const feedbackInputSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Write a message.')
    .max(FEEDBACK_MESSAGE_MAX, `At most ${FEEDBACK_MESSAGE_MAX} characters.`),
  page: z.string().max(2000),
  appVersion: z.string().max(100),
  recentActions: z
    .string()
    .refine((text) => utf8Bytes(text) <= RECENT_ACTIONS_MAX_BYTES, `At most ${RECENT_ACTIONS_MAX_BYTES} bytes.`),
});
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

/** A Help / Feedback message as the team lists it (GraphQL FeedbackMessage). Times are epoch milliseconds. */
export const feedbackViewSchema = z.object({
  id: z.string(),
  at: z.number(),
  userId: z.string(),
  userName: z.string(),
  email: z.string(),
  orgId: z.string().nullable(),
  message: z.string(),
  page: z.string(),
  appVersion: z.string(),
  recentActions: z.string(),
});
export type FeedbackView = z.infer<typeof feedbackViewSchema>;
