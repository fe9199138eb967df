import type { OrgFormView } from '@vigil/shared';

/*
 * Appointment tasks (spec 000 §3 "Appointment task", issue 28): the forms attached to an
 * appointment, as FHIR Task resources (docs/architecture.md "Forms and consent").
 */

/** The parts of a Task the screens read. */
export interface FormTask {
  resourceType: 'Task';
  id?: string;
  status: string;
  businessStatus?: { text?: string };
  focus?: { reference?: string };
  for?: { reference?: string };
  input?: { type?: { text?: string }; valueString?: string }[];
  output?: { type?: { text?: string }; valueReference?: { reference?: string } }[];
  lastModified?: string;
  meta?: { lastUpdated?: string };
}

/** [FC16] The status a task shows: its business status ('sent' after sending) else its FHIR status ('completed' once signed). */
export function taskStatus(task: FormTask): string {
  return task.businessStatus?.text || task.status;
}

/** [FC16] The form a task asks for, and the contract it produced once signed. */
export function taskFormId(task: FormTask): string | null {
  return task.input?.find((i) => i.type?.text === 'formId')?.valueString ?? null;
}

export function taskContractId(task: FormTask): string | null {
  const ref = task.output?.find((o) => o.type?.text === 'contract')?.valueReference?.reference ?? '';
  return ref.startsWith('Contract/') ? ref.slice('Contract/'.length) : null;
}

/** The colour of a task's status badge: requested grey, sent blue, completed green, cancelled red. */
export function taskStatusColour(status: string): string {
  switch (status) {
    case 'sent':
      return 'blue';
    case 'completed':
      return 'green';
    case 'cancelled':
    case 'failed':
    case 'rejected':
      return 'red';
    default:
      return 'gray';
  }
}

/** [FC17] The forms that can still be attached: not yet on the appointment, in the list's order. */
export function attachableForms(forms: readonly OrgFormView[], tasks: readonly FormTask[]): OrgFormView[] {
  const attached = new Set(tasks.filter((t) => t.status !== 'cancelled').map(taskFormId));
  return forms.filter((f) => !attached.has(f.id));
}

/** The contract PDF's address (spec 000 §7: GET {api}/contract/{orgId}/{contractId}). */
export function contractPdfUrl(orgId: string, contractId: string): string {
  return `/api/contract/${encodeURIComponent(orgId)}/${encodeURIComponent(contractId)}`;
}
