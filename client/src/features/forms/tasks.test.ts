import type { Contract, OrgFormView } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { patientContracts } from './PatientContracts.js';
import { attachableForms, contractPdfUrl, taskContractId, taskFormId, taskStatus, type FormTask } from './tasks.js';

const task = (patch: Partial<FormTask>): FormTask => ({
  resourceType: 'Task',
  id: 't1',
  status: 'requested',
  input: [{ type: { text: 'formId' }, valueString: 'consent' }],
  ...patch,
});

describe('appointment tasks (spec 000 §3 Appointment task)', () => {
  it("[FC16] shows 'sent' after sending and 'completed' once signed, with the contract it produced", () => {
    expect(taskStatus(task({}))).toBe('requested');
    expect(taskStatus(task({ status: 'in-progress', businessStatus: { text: 'sent' } }))).toBe('sent');
    const done = task({
      status: 'completed',
      output: [{ type: { text: 'contract' }, valueReference: { reference: 'Contract/c9' } }],
    });
    expect(taskStatus(done)).toBe('completed');
    expect(taskFormId(done)).toBe('consent');
    expect(taskContractId(done)).toBe('c9');
    expect(taskContractId(task({}))).toBeNull();
  });

  it('[FC17] offers only the forms not yet attached (a cancelled task frees its form)', () => {
    const forms = [{ id: 'consent' }, { id: 'preop' }, { id: 'photo' }] as OrgFormView[];
    const tasks = [
      task({}),
      task({ id: 't2', status: 'cancelled', input: [{ type: { text: 'formId' }, valueString: 'photo' }] }),
    ];
    expect(attachableForms(forms, tasks).map((f) => f.id)).toEqual(['preop', 'photo']);
  });

  it('[FC16] links the contract PDF at {api}/contract/{orgId}/{contractId} (spec 000 §7)', () => {
    expect(contractPdfUrl('bright smiles', 'c/1')).toBe('/api/contract/bright%20smiles/c%2F1');
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
