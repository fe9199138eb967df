import { randomUUID } from 'node:crypto';
import { feedbackInputSchema, type FeedbackView } from '@vigil/shared';
import { fullySignedIn, internalStaff, type Caller } from '../access/caller.js';
import { refuse } from '../errors.js';
import type { Logger } from '../log.js';
import type { MessageSender } from '../mail/sender.js';
import { parse } from '../orgs/common.js';
import type { PageRequest } from '../pages.js';
import type { FeedbackStore } from '../store/feedback/types.js';

export interface FeedbackDeps {
  store: FeedbackStore;
  sender: MessageSender;
  /** Where the team reads Help / Feedback mail (SUPPORT_EMAIL). */
  supportEmail: string;
  now: () => number;
  log: Logger;
}

/** At most this many messages a user per hour (a decision: each one mails the team). */
export const FEEDBACK_PER_HOUR = 10;
const HOUR = 60 * 60 * 1000;

/**
 * Help / Feedback (issue 40; spec 000 §2 the helpFeedback modal): a signed-in user's message to
 * the team, kept for the team app's list and mailed to the support address. The message is
 * stored before it is mailed: a mail that fails is logged, and the team still has it.
 */
export class FeedbackService {
  constructor(private readonly deps: FeedbackDeps) {}

  /** sendFeedback(message, page, appVersion, recentActions, orgId?): answers the message's id. */
  async send(caller: Caller, args: Record<string, unknown>): Promise<string> {
    const who = fullySignedIn(caller);
    const input = parse(feedbackInputSchema, {
      message: args.message,
      page: args.page,
      appVersion: args.appVersion,
      recentActions: args.recentActions,
    });
    const now = this.deps.now();
    // The organisation the user wrote from, when they belong to it; never one they only name.
    const orgId =
      typeof args.orgId === 'string' && who.subject.orgs.some((m) => m.id === args.orgId) ? args.orgId : null;
    const record: FeedbackView = {
      id: `fb-${randomUUID()}`,
      at: now,
      userId: who.user.id,
      userName: who.user.name,
      email: who.user.email,
      orgId,
      ...input,
    };
    // Counted and kept in one step: two sends at once never both take the hour's last place.
    if (!(await this.deps.store.addWithin(record, now - HOUR, FEEDBACK_PER_HOUR))) refuse('TOO_MANY_REQUESTS');
    this.deps.sender
      .send({
        channel: 'email',
        to: this.deps.supportEmail,
        subject: `Help / Feedback from ${record.userName}`,
        body: [
          record.message,
          '',
          `From: ${record.userName} <${record.email}>`,
          `Organization: ${orgId ?? '(none)'}`,
          `Page: ${record.page}`,
          `App version: ${record.appVersion}`,
          `Message id: ${record.id} (the recent actions are in the team app)`,
        ].join('\n'),
      })
      .catch((err: unknown) => this.deps.log.warn({ err, feedbackId: record.id }, 'help / feedback mail not sent'));
    return record.id;
  }

  /** feedbackMessages(first, after): the team's list, newest first; internal staff only. */
  async list(caller: Caller, page: PageRequest): Promise<FeedbackView[]> {
    internalStaff(caller);
    return this.deps.store.list(page);
  }
}
