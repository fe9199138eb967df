import { describe, expect, it } from 'vitest';
import type { AppointmentTask } from '../fhir/appointment.js';
import { CONTRACT_APPOINTMENT_EXTENSION, type Contract } from '../fhir/contract.js';
import { CONTRACT_EXTENSIONS, tasksWithContracts } from './tasks.js';

const contract = (id: string, appointmentId: string, taskId: string): Contract => ({
  resourceType: 'Contract',
  id,
  extension: [
    { url: CONTRACT_APPOINTMENT_EXTENSION, valueReference: { reference: `Appointment/${appointmentId}` } },
    { url: CONTRACT_EXTENSIONS.task, valueString: taskId },
  ],
});

const tasks: AppointmentTask[] = [
  { id: 't1', type: 'patientForm', status: 'sent', extId: 'f1', statusText: 'Sent by SMS to +14155552671' },
  { id: 't2', type: 'patientForm', status: 'sent', extId: 'f2' },
  { id: 't3', type: 'patientForm', status: 'completed', extId: 'f3', fhirRef: 'Contract/c0' },
];

describe('form tasks and their contracts', () => {
  it('[PF7] a sent task with a Contract of its appointment and task shows completed with that Contract', () => {
    const got = tasksWithContracts('apt-1', tasks, [contract('c1', 'apt-1', 't1'), contract('c9', 'apt-2', 't2')]);
    expect(got[0]).toEqual({
      id: 't1',
      type: 'patientForm',
      status: 'completed',
      extId: 'f1',
      statusText: 'Completed by the patient',
      fhirRef: 'Contract/c1',
    });
    // Another appointment's contract does not complete t2; a completed task stays as it is.
    expect(got[1]).toBe(tasks[1]);
    expect(got[2]).toBe(tasks[2]);
  });
});
