// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { ANESTHESIA_RECORD_TYPE, type Composition, type PatientCase } from '@vigil/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readCase, readField, setField } from '../../../case/index.js';
import { newCaseDoc } from '../../../case/testing.js';
import { CASE_DATA_EXTENSION_URL } from '../../../data/healthHistories.js';
import { CopyCaseDataPanel, patientCases } from './CopyCaseData.js';

afterEach(cleanup);

const earlier: PatientCase = {
  id: 'case-0',
  at: Date.UTC(2026, 10, 20, 9),
  data: {
    sedationLevel: 'moderate',
    asaClassification: '2',
    procedureNotes: 'Extractions',
    lastFood: '20:00',
    procedureNotesSignature: { name: 'Dr. Ray', signature: 'M0 0', time: 1 },
    preMeds: [{ id: 'pm1', drugId: 'tri', drugName: 'Triazolam', route: 'PO', dosage: 0.25, unit: 'mg', time: 7 }],
  },
};

function renderPanel(doc = newCaseDoc(), disabled = false) {
  render(
    <MantineProvider>
      <CopyCaseDataPanel doc={doc} recent={[earlier]} disabled={disabled} now={() => 9000} />
    </MantineProvider>,
  );
  return doc;
}

describe('copying from the patient’s earlier case (issue 39, CC1, CC2)', () => {
  it('[CC1] copies the earlier case’s values into what this case has not set, never a signature or a time', () => {
    const doc = newCaseDoc();
    setField(doc, 'asaClassification', '3');
    renderPanel(doc);
    fireEvent.click(screen.getByRole('button', { name: 'Copy from the earlier case' }));
    expect(screen.getByRole('status').textContent).toBe('Copied 2 values.');
    const content = readCase(doc);
    expect(content).toMatchObject({ sedationLevel: 'moderate', asaClassification: '3', procedureNotes: 'Extractions' });
    expect(content.lastFood).toBeUndefined();
    expect(content.procedureNotesSignature).toBeUndefined();
    expect(content.preMeds).toEqual([]);
  });

  it('[CC2] adds a recent pre-med at the time it is added', () => {
    const doc = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Add pre-med Triazolam 0.25 mg' }));
    expect(readField(doc, 'preMeds')).toEqual([expect.objectContaining({ drugName: 'Triazolam', time: 9000 })]);
  });

  it('offers nothing on a read-only case', () => {
    renderPanel(newCaseDoc(), true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Copy from the earlier case' }).disabled).toBe(true);
  });

  it('reads the patient’s anesthesia records with their projected content', () => {
    const content = btoa(JSON.stringify({ sedationLevel: 'deep' }));
    const record = (id: string, patient: string, status = 'final'): Composition =>
      ({
        resourceType: 'Composition',
        id,
        status,
        author: [{ reference: 'Practitioner/pr1' }],
        type: { coding: [{ ...ANESTHESIA_RECORD_TYPE }] },
        subject: { reference: `Patient/${patient}` },
        date: '2026-11-20T09:00:00Z',
        title: 'Anesthesia Record',
        extension: [{ url: CASE_DATA_EXTENSION_URL, valueAttachment: { data: content } }],
      }) as unknown as Composition;
    const cases = patientCases([record('a', 'p1'), record('b', 'p2'), record('c', 'p1', 'entered-in-error')], 'p1');
    expect(cases).toEqual([{ id: 'a', at: Date.parse('2026-11-20T09:00:00Z'), data: { sedationLevel: 'deep' } }]);
  });
});
