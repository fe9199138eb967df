import type { AppointmentTask } from '../fhir/appointment.js';
import { vigilExtension } from '../fhir/common.js';
import { CONTRACT_APPOINTMENT_EXTENSION, type Contract } from '../fhir/contract.js';

/**
 * A patient contract's extensions (issue 28): the form it answers (valueString form id), the
 * appointment task it completes (valueString task id), the patient's answers other than images
 * (valueString JSON) and the selfie (valueAttachment PNG). Its appointment is
 * CONTRACT_APPOINTMENT_EXTENSION.
 */
export const CONTRACT_EXTENSIONS = {
  form: vigilExtension('contract-form'),
  values: vigilExtension('contract-form-values'),
  /** The answered fields' labels as the patient read them (JSON, by field name), for the signed PDF. */
  labels: vigilExtension('contract-form-labels'),
  selfie: vigilExtension('contract-selfie'),
  task: vigilExtension('contract-task'),
} as const;

/** What the patient's messages and page call an organisation without a name (never its id). */
export const UNNAMED_ORG_TEXT = 'Your care team';

/** What a task completed by the patient says. */
export const TASK_COMPLETED_TEXT = 'Completed by the patient';

const valueOf = (contract: Contract, url: string): unknown => contract.extension?.find((e) => e.url === url);

/**
 * [PF7] An appointment's form tasks as the staff see them: a task the patient completed (a
 * Contract names its appointment and task) is completed with that Contract, whatever the
 * Appointment says. Once a case is signed its Appointment never changes (SIGNED_RECORD), so a
 * form sent before signing and completed after it is completed by its Contract alone.
 */
export function tasksWithContracts(
  appointmentId: string,
  tasks: readonly AppointmentTask[],
  contracts: readonly Contract[],
): AppointmentTask[] {
  const byTask = new Map<string, string>();
  for (const c of contracts) {
    const appointment = valueOf(c, CONTRACT_APPOINTMENT_EXTENSION) as { valueReference?: { reference?: string } };
    const task = valueOf(c, CONTRACT_EXTENSIONS.task) as { valueString?: string } | undefined;
    if (!c.id || appointment?.valueReference?.reference !== `Appointment/${appointmentId}` || !task?.valueString)
      continue;
    if (!byTask.has(task.valueString)) byTask.set(task.valueString, c.id);
  }
  return tasks.map((t) => {
    const contractId = byTask.get(t.id);
    if (t.status === 'completed' || contractId === undefined) return t;
    return { ...t, status: 'completed', statusText: TASK_COMPLETED_TEXT, fhirRef: `Contract/${contractId}` };
  });
}
