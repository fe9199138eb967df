import type { ChangeBus } from '../store/changes/types.js';

/**
 * Tells the forms module about every new Appointment, so forms marked addToAll join it (issue 28;
 * spec 000 §3 "Org form"): a consumer of the change feed's bus (issue 36 item 3), hearing each
 * Appointment created once its write committed. Returns the unsubscribe function.
 */
export function onNewAppointments(bus: ChangeBus, handle: (orgId: string, appointmentId: string) => void): () => void {
  return bus.subscribe(({ change, detail }) => {
    // Once, on the instance that committed it (another heard it through Redis: detail.remote).
    if (
      !detail.remote &&
      change.kind === 'resource' &&
      change.resourceType === 'Appointment' &&
      change.payload.action === 'create'
    ) {
      handle(change.orgId, change.resourceId);
    }
  });
}
