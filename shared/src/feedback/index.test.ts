import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_MESSAGE_MAX,
  RECENT_ACTIONS_ERROR,
  RECENT_ACTIONS_MAX_BYTES,
  feedbackInputSchema,
  serializeRecentActions,
  utf8Bytes,
  type RecentAction,
} from './index.js';

const action = (n: number, target = `/org/o1/cases/c${n}`): RecentAction => ({ at: n, kind: 'navigate', target });

describe('Help / Feedback', () => {
  it('[HF1] keeps the last 20 actions, oldest dropped', () => {
    const sent = JSON.parse(serializeRecentActions(Array.from({ length: 25 }, (_, i) => action(i)))) as RecentAction[];
    expect(sent).toHaveLength(20);
    expect(sent[0]!.at).toBe(5);
    expect(sent[19]!.at).toBe(24);
    expect(serializeRecentActions([])).toBe('[]');
  });

  it('[HF1] keeps the log within 10,000 bytes, counting UTF-8 bytes, by dropping the oldest', () => {
    // 20 actions of ~1,000 bytes each (é is two bytes): about 20,000 bytes before the cap.
    const big = Array.from({ length: 20 }, (_, i) => action(i, 'é'.repeat(490)));
    const text = serializeRecentActions(big);
    expect(utf8Bytes(text)).toBeLessThanOrEqual(RECENT_ACTIONS_MAX_BYTES);
    const kept = JSON.parse(text) as RecentAction[];
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.length).toBeLessThan(20);
    expect(kept.at(-1)!.at).toBe(19);
  });

  it('[HF1] counts UTF-8 bytes', () => {
    expect([utf8Bytes('a'), utf8Bytes('é'), utf8Bytes('€'), utf8Bytes('😀'), utf8Bytes('\ud800')]).toEqual([
      1, 2, 3, 4, 3,
    ]);
  });

  it("[HF1] sends 'error serializing recent actions' when the log cannot be serialised", () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(serializeRecentActions([loop])).toBe(RECENT_ACTIONS_ERROR);
    expect(serializeRecentActions([{ n: 1n }])).toBe('error serializing recent actions');
  });

  it('[HF2] accepts a message with its page, version and log, trimmed; refuses an empty or too long one', () => {
    const ok = { message: '  The PDF did not open  ', page: '/org/o1/cases', appVersion: '0.1.0', recentActions: '[]' };
    expect(feedbackInputSchema.parse(ok).message).toBe('The PDF did not open');
    expect(feedbackInputSchema.safeParse({ ...ok, message: '   ' }).error?.issues[0]?.message).toBe('Write a message.');
    expect(feedbackInputSchema.safeParse({ ...ok, message: 'x'.repeat(FEEDBACK_MESSAGE_MAX + 1) }).success).toBe(false);
    expect(feedbackInputSchema.safeParse({ ...ok, message: 'x'.repeat(FEEDBACK_MESSAGE_MAX) }).success).toBe(true);
    expect(
      feedbackInputSchema.safeParse({ ...ok, recentActions: 'x'.repeat(RECENT_ACTIONS_MAX_BYTES + 1) }).success,
    ).toBe(false);
  });
});
