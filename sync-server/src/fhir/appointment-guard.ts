/**
 * The guard every client change of an Appointment passes (issue 40), in the one write path:
 * the desk's operations (appointments/) and a plain FHIR PUT or DELETE alike. The pure rules are
 * shared's APC1-APC3; what the case's record says (started or not) comes from the server's copy.
 */
import { appointmentChangeIssue, scheduleChanged, type Appointment, type FhirResource } from '@vigil/shared';
import { AppError, REFUSAL_STATUS } from '../errors.js';

/** Whether a case's record has started (a case start on the server's copy of its document). */
export interface CaseStates {
  started(orgId: string, caseId: string): Promise<boolean>;
}

/**
 * Refuses a client's change of a stored Appointment that the rules refuse: entered in error is
 * final ([APC1]), a started case keeps its schedule ([APC2]), a cancellation has a reason
 * ([APC3]). `next` null is a deletion. The case is asked only when the schedule changes.
 */
export async function checkAppointmentChange(
  caseStates: CaseStates | undefined,
  orgId: string,
  stored: FhirResource | null,
  next: FhirResource | null,
): Promise<void> {
  if (stored?.resourceType !== 'Appointment' || (next !== null && next.resourceType !== 'Appointment')) return;
  const before = stored as Appointment & { id?: string };
  const after = next;
  if (!scheduleChanged(before, after)) return;
  const caseStarted = before.id ? ((await caseStates?.started(orgId, before.id)) ?? false) : false;
  const issue = appointmentChangeIssue({ before, after, caseStarted });
  if (issue) throw new AppError(REFUSAL_STATUS[issue.code] ?? 400, issue.code, issue.message, [issue]);
}
