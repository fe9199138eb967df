import { writeAuditEvent } from '../fhir/audit.js';
import type { RequestContext } from '../fhir/service.js';
import type { ResourceStore } from '../store/resources/types.js';

/** The health history's tracking events (spec 001 §7); their payloads are not shown to anyone. */
export const TRACKING_EVENTS = {
  created: 'New Health History Created',
  signed: 'Health History Signed',
} as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[keyof typeof TRACKING_EVENTS];

/**
 * Records a tracking event the way the server records every event about patient data: an
 * AuditEvent of the organisation (the FhirService's audit trail), naming the history and the
 * user, with the event's name as its entity description. Written beside the change through the
 * one AuditEvent writer (fhir/audit.ts), as the FhirService's own audit events are.
 */
export async function recordTracking(
  store: Pick<ResourceStore, 'write'>,
  ctx: RequestContext,
  event: TrackingEvent,
  compositionId: string,
  now: number,
): Promise<void> {
  await writeAuditEvent(store, {
    orgId: ctx.orgId,
    userId: ctx.userId,
    interaction: event === TRACKING_EVENTS.created ? 'create' : 'update',
    entities: [`Composition/${compositionId}`],
    description: event,
    recorded: new Date(now).toISOString(),
    ip: ctx.ip,
  });
}
