import { LiveEvents, type OrgLiveEvent } from '../fhir/live-events.js';

/**
 * The server's live-event bus that also tells the forms module about every new Appointment, so
 * forms marked addToAll join it (issue 28; spec 000 §3 "Org form"). It is the one LiveEvents of
 * the process (services.ts); streams see exactly what they saw before.
 */
export class FormsLiveEvents extends LiveEvents {
  /** Called after a new Appointment was stored and announced; set once the task service exists. */
  onNewAppointment: ((orgId: string, appointmentId: string) => void) | null = null;

  override publish(event: OrgLiveEvent): void {
    super.publish(event);
    if (event.action === 'CreateResource' && event.resourceType === 'Appointment') {
      this.onNewAppointment?.(event.orgId, event.resourceId);
    }
  }
}
