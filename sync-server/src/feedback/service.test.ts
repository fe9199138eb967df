import { describe, expect, it } from 'vitest';
import { NO_SUDO, type Caller } from '../access/caller.js';
import { createLogger } from '../log.js';
import type { MessageSender, OutgoingMessage } from '../mail/sender.js';
import { MemoryFeedbackStore } from '../store/feedback/memory.js';
import { MemoryDatabase } from '../store/memory/database.js';
import { FEEDBACK_PER_HOUR, FeedbackService } from './service.js';

const NOW = Date.UTC(2026, 10, 29, 23, 59);

const caller: Caller = {
  user: { id: 'usr-ada', name: 'Ada Lovelace', email: 'ada@office.test', emailVerified: true },
  sessionId: 's-ada',
  subject: { signedIn: true, multiFactorValid: true, orgs: [{ id: 'office', type: 'regular', roles: ['member'] }] },
  singleOrg: null,
  freshSudo: NO_SUDO,
  ip: null,
  userAgent: null,
  origin: '',
  transport: 'graphql',
};

describe('Help / Feedback sending limit (issue 40)', () => {
  it(`keeps exactly ${FEEDBACK_PER_HOUR} of 12 messages sent at once, and mails only those`, async () => {
    const store = new MemoryFeedbackStore(new MemoryDatabase());
    const mailed: OutgoingMessage[] = [];
    const sender: MessageSender = { send: (m) => Promise.resolve(void mailed.push(m)) };
    const service = new FeedbackService({
      store,
      sender,
      supportEmail: 'support@vigil.test',
      now: () => NOW,
      log: createLogger('fatal'),
    });
    const send = (i: number): Promise<string> =>
      service.send(caller, { message: `At once ${i}`, page: '/org/office', appVersion: '0.1.0', recentActions: '[]' });
    const settled = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => send(i)));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(FEEDBACK_PER_HOUR);
    const refused = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    expect(refused.map((s) => (s.reason as { code?: string }).code)).toEqual([
      'TOO_MANY_REQUESTS',
      'TOO_MANY_REQUESTS',
    ]);
    expect(await store.countSince('usr-ada', 0)).toBe(FEEDBACK_PER_HOUR);
    expect(mailed).toHaveLength(FEEDBACK_PER_HOUR);
  });
});
