import type { AppointmentTask, OrgFormView } from '@vigil/shared';

/*
 * Appointment tasks (spec 000 §3 "Appointment task", spec 001 §3 task extensions; issue 28): the
 * forms attached to an appointment, kept on the Appointment (shared appointmentTasks), as
 * docs/architecture.md "Forms and consent" gives them.
 */

/** The tasks that are patient forms. */
export function formTasks(tasks: readonly AppointmentTask[]): AppointmentTask[] {
  return tasks.filter((t) => t.type === 'patientForm');
}

/** [FC16] The contract a completed task produced (its fhirRef 'Contract/{id}'), else null. */
export function taskContractId(task: AppointmentTask): string | null {
  const ref = task.fhirRef ?? '';
  return ref.startsWith('Contract/') ? ref.slice('Contract/'.length) : null;
}

/** The colour of a task's status badge: requested grey, sent blue, opened by the patient cyan, completed green, failed red. */
export function taskStatusColour(status: string): string {
  switch (status) {
    case 'sent':
      return 'blue';
    case 'opened':
      return 'cyan';
    case 'completed':
      return 'green';
    case 'failed':
    case 'cancelled':
      return 'red';
    default:
      return 'gray';
  }
}

/** [FC17] The forms that can still be attached: not yet on the appointment, in the list's order. */
export function attachableForms(forms: readonly OrgFormView[], tasks: readonly AppointmentTask[]): OrgFormView[] {
  const attached = new Set(formTasks(tasks).map((t) => t.extId));
  return forms.filter((f) => !attached.has(f.id));
}

/**
 * The contract PDF's address (spec 000 §7: GET {api}/contract/{orgId}/{contractId}), with this
 * device's time zone (`tz`) so its times print in local time, as the anesthesia record's do.
 */
export function contractPdfUrl(
  orgId: string,
  contractId: string,
  timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  return `/api/contract/${encodeURIComponent(orgId)}/${encodeURIComponent(contractId)}?tz=${encodeURIComponent(timeZone)}`;
}
