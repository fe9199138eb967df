import { auditTrail, type AuditEntry } from '../access/audited.js';
import type { RequestContext } from '../fhir/service.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { AnalyticsEventStore } from '../store/analytics-events/types.js';

/** The health history's tracking events (spec 001 §7); their payloads are not shown to anyone. */
export const TRACKING_EVENTS = {
  created: 'New Health History Created',
  signed: 'Health History Signed',
} as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[keyof typeof TRACKING_EVENTS];

/**
 * A tracking event's record, the way the server records every event about patient data: an
 * AuditEvent of the organisation (the FhirService's audit trail), naming the history, with the
 * event's name as its entity description.
 */
export function trackingEntry(orgId: string, event: TrackingEvent, compositionId: string): AuditEntry {
  return {
    trail: 'fhir',
    orgId,
    interaction: event === TRACKING_EVENTS.created ? 'create' : 'update',
    entities: [`Composition/${compositionId}`],
    description: event,
  };
}

/**
 * Records a tracking event as the context's user at `now`, through the audit pipeline's one
 * writer (access/audited.ts), in the transaction open around it (signing a history records it
 * with the signature).
 */
export async function recordTracking(
  store: Pick<ResourceStore, 'write'>,
  ctx: RequestContext,
  event: TrackingEvent,
  compositionId: string,
  now: number,
  events?: Pick<AnalyticsEventStore, 'record'>,
): Promise<void> {
  await auditTrail({ resources: store, now: () => now }).record(ctx, [trackingEntry(ctx.orgId, event, compositionId)]);
  // Issue 41: the same event among the product's analytics events (spec 000 §7), name only: no PHI.
  await events?.record({ at: now, name: event, userId: ctx.userId, orgId: ctx.orgId });
}
