import { auditEventFor, idPrefixOf, newId, ORG_TAG_SYSTEM } from '@vigil/shared';
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
 * user, with the event's name as its entity description. Written beside the change, like the
 * FhirService's own audit events; not announced to live events.
 */
export async function recordTracking(
  store: Pick<ResourceStore, 'write'>,
  ctx: RequestContext,
  event: TrackingEvent,
  compositionId: string,
  now: number,
): Promise<void> {
  const recorded = new Date(now).toISOString();
  const audit = auditEventFor({
    orgId: ctx.orgId,
    userId: ctx.userId,
    interaction: event === TRACKING_EVENTS.created ? 'create' : 'update',
    entities: [`Composition/${compositionId}`],
    description: event,
    recorded,
    ip: ctx.ip,
  });
  await store.write(
    {
      orgId: ctx.orgId,
      resource: {
        ...audit,
        id: newId(idPrefixOf('AuditEvent')),
        meta: { tag: [{ system: ORG_TAG_SYSTEM, code: ctx.orgId }] },
      },
    },
    recorded,
  );
}
