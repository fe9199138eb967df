import { ANONYMOUS_ANALYTICS_EVENTS, analyticsEventInputSchema } from '@vigil/shared';
import type { Caller } from '../access/caller.js';
import { refuse } from '../errors.js';
import { parseInput } from '../input.js';
import type { AnalyticsEventStore } from '../store/analytics-events/types.js';

export interface AnalyticsEventsDeps {
  events: Pick<AnalyticsEventStore, 'record'>;
  now: () => number;
}

/**
 * The analytics beacon (spec 000 §7 "An analytics beacon endpoint", issue 41): records one of the
 * spec's events on Vigil's own server with the time, the signed-in user (none before signing in)
 * and the organisation when the user belongs to it; nothing else, so no PHI. A browser not signed
 * in may send only the failures of signing in and up (AE1); anything else asks for a session.
 */
export class AnalyticsEventsService {
  constructor(private readonly own: AnalyticsEventsDeps) {}

  async track(caller: Caller, args: Record<string, unknown>): Promise<boolean> {
    const { name, orgId } = parseInput(analyticsEventInputSchema, { name: args.name, orgId: args.orgId });
    const userId = caller.user?.id ?? null;
    if (userId === null && !ANONYMOUS_ANALYTICS_EVENTS.includes(name)) refuse('NO_AUTHENTICATION');
    // An organisation the user is not in is not recorded (an id typed in a URL is no event of that office).
    const member = orgId != null && userId !== null && caller.subject.orgs.some((o) => o.id === orgId);
    await this.own.events.record({ at: this.own.now(), name, userId, orgId: member ? orgId : null });
    return true;
  }
}
