// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readField, setField } from '../../../case/index.js';
import { newCaseDoc } from '../../../case/testing.js';
import { DEFAULT_ORG_CASE_SETTINGS } from '../../../data/orgSettings.js';
import { OutcomeSection } from '../case-details/PreOpDetailsSection.js';
import { PreOpChecklist, ProcedureFields, TeamFields } from './StartCaseFields.js';

afterEach(cleanup);
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const context = { orgId: 'o', caseId: 'c', weightKg: null, ageYears: null, tempsInCelsius: false };

describe('the last case fields the report prints (issue 39; spec 001 §3, spec 002 §3)', () => {
  it('writes the procedure date, the responsible companion and the separate pre-op page flag', () => {
    const doc = newCaseDoc();
    render(
      <MantineProvider>
        <TeamFields doc={doc} readOnly={false} settings={DEFAULT_ORG_CASE_SETTINGS} primaryProviderName="Dr. Ray" />
        <ProcedureFields doc={doc} readOnly={false} />
        <PreOpChecklist
          doc={doc}
          readOnly={false}
          orgId="o"
          patientConsent={null}
          newItem=""
          setNewItem={() => undefined}
        />
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText('Procedure date'), { target: { value: '2026-11-28' } });
    fireEvent.change(screen.getByLabelText('Responsible companion'), { target: { value: 'Sam (mother)' } });
    fireEvent.click(screen.getByLabelText('Print the pre-op checklist on its own page'));
    expect(readField(doc, 'procedureDate')).toBe('2026-11-28');
    expect(readField(doc, 'responsibleCompanion')).toBe('Sam (mother)');
    expect(readField(doc, 'separatePreOpPage')).toBe(true);
    fireEvent.change(screen.getByLabelText('Procedure date'), { target: { value: '' } });
    expect(readField(doc, 'procedureDate')).toBeUndefined();
  });

  it('writes the other local anesthetics with the outcome, and keeps a list an older build wrote', () => {
    const doc = newCaseDoc();
    render(
      <MantineProvider>
        <OutcomeSection doc={doc} readOnly={false} context={context} />
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText(/Other local anesthetics/), { target: { value: 'Benzocaine 20% gel' } });
    expect(readField(doc, 'otherLocalAnesthetics')).toBe('Benzocaine 20% gel');
    // A list written by an older build is printed as a table (Report.tsx): the text field leaves it alone.
    act(() => setField(doc, 'otherLocalAnesthetics', [{ name: 'Lidocaine spray', amount: 2, unit: 'sprays' }]));
    expect(screen.getByLabelText<HTMLTextAreaElement>(/Other local anesthetics/).disabled).toBe(true);
  });
});
