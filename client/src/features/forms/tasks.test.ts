import type { AppointmentTask, Contract, OrgFormView } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { patientContracts } from './PatientContracts.js';
import { attachableForms, contractPdfUrl, formTasks, taskContractId } from './tasks.js';

const task = (patch: Partial<AppointmentTask>): AppointmentTask => ({
  id: 't1',
  type: 'patientForm',
  status: 'requested',
  extId: 'consent',
  title: 'Sedation Consent',
  ...patch,
});

describe('appointment tasks (spec 000 §3 Appointment task, spec 001 §3 task extensions)', () => {
  it('[FC16] shows the patient-form tasks and the contract a signed one produced', () => {
    const done = task({ status: 'completed', fhirRef: 'Contract/c9' });
    expect(formTasks([done, task({ id: 'x', type: 'emr' })])).toEqual([done]);
    expect(taskContractId(done)).toBe('c9');
    expect(taskContractId(task({}))).toBeNull();
    expect(taskContractId(task({ fhirRef: 'Binary/b1' }))).toBeNull();
  });

  it('[FC17] offers only the forms not yet attached', () => {
    const forms = [{ id: 'consent' }, { id: 'preop' }, { id: 'photo' }] as OrgFormView[];
    expect(attachableForms(forms, [task({}), task({ id: 'x', type: 'emr', extId: 'photo' })]).map((f) => f.id)).toEqual(
      ['preop', 'photo'],
    );
  });

  it('[FC16] links the contract PDF at {api}/contract/{orgId}/{contractId} (spec 000 §7)', () => {
    expect(contractPdfUrl('bright smiles', 'c/1', 'America/New_York')).toBe(
      '/api/contract/bright%20smiles/c%2F1?tz=America%2FNew_York',
    );
  });

  it("[FC19] lists the patient's own contracts newest first, never another patient's or the BAA", () => {
    const c = (id: string, subject: string | null, issued: string): Contract => ({
      resourceType: 'Contract',
      id,
      issued,
      ...(subject ? { subject: [{ reference: subject }] } : {}),
    });
    const all = [
      c('old', 'Patient/p1', '2026-01-01T10:00:00Z'),
      c('other', 'Patient/p2', '2026-03-01T10:00:00Z'),
      c('baa', null, '2026-04-01T10:00:00Z'),
      c('new', 'Patient/p1', '2026-02-01T10:00:00Z'),
    ];
    expect(patientContracts(all, 'p1').map((x) => x.id)).toEqual(['new', 'old']);
  });
});
