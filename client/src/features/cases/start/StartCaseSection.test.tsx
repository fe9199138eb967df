// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ORG_CASE_SETTINGS } from '../../../data/orgSettings.js';
import { StartCaseSection, startSummary } from './StartCaseSection.js';
import { setField } from '../../../case/index.js';
import { caseView, newCaseDoc, type CaseView } from '../../../case/testing.js';

afterEach(cleanup);
// happy-dom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

function renderSection(limit = 'ga', readOnly = false, startedWhenOpened = false, doc = newCaseDoc()): CaseView {
  render(
    <MantineProvider>
      <StartCaseSection
        doc={doc}
        readOnly={readOnly}
        context={{ orgId: 'o', caseId: 'c', weightKg: null, ageYears: null, tempsInCelsius: false }}
        settings={{ ...DEFAULT_ORG_CASE_SETTINGS, sedationLevelLimit: limit }}
        primaryProviderName="Dr. Ray"
        recordBirthDate={null}
        startedWhenOpened={startedWhenOpened}
      />
    </MantineProvider>,
  );
  return caseView(doc);
}

describe('Start case section', () => {
  it('[SL2] offers only the sedation levels within the organisation limit and writes the chosen one', () => {
    const root = renderSection('moderate');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Deep' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'GA' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Moderate' }));
    expect(root.get('sedationLevel')).toBe('moderate');
  });

  it('warns when the case holds a level above the limit (e.g. charted before the limit changed)', () => {
    const root = renderSection('minimal');
    fireEvent.click(screen.getByRole('radio', { name: 'Minimal' }));
    act(() => {
      root.set('sedationLevel', 'deep');
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Sedation level "Deep" is not allowed by your organization\'s subscription (up to Minimal).',
    );
  });

  it('[CR1] fills the names the role decides and lets the user enter the other (spec 001 §6)', () => {
    const root = renderSection();
    fireEvent.click(screen.getByRole('radio', { name: 'Surgeon' }));
    expect(root.get('userRole')).toBe('surgeon');
    const surgeon = screen.getByLabelText<HTMLInputElement>('Surgeon name');
    expect(surgeon.value).toBe('Dr. Ray');
    expect(surgeon.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Sedation provider name'), { target: { value: 'Dr. Anes' } });
    expect(root.get('sedationProviderName')).toBe('Dr. Anes');
    expect(screen.getByTestId('final-signer').textContent).toBe('Final signer: Dr. Anes');
  });

  it('writes procedure fields, ASA, switches and the timeout text to the case', () => {
    const root = renderSection();
    fireEvent.change(screen.getByLabelText('Procedure'), { target: { value: 'Extractions' } });
    fireEvent.change(screen.getByLabelText('Last food'), { target: { value: '20:00' } });
    fireEvent.click(screen.getByRole('radio', { name: '2' }));
    fireEvent.click(screen.getByLabelText('IV'));
    fireEvent.click(screen.getByLabelText('Surgical timeout'));
    fireEvent.change(screen.getByLabelText('Timeout'), { target: { value: 'Right patient, right site' } });
    expect(root.toJSON()).toMatchObject({
      procedure: 'Extractions',
      lastFood: '20:00',
      asaClassification: '2',
      ivEnabled: true,
      timeoutEnabled: true,
      timeoutText: 'Right patient, right site',
    });
    // Vitals tracking reads as on until switched off.
    expect(screen.getByLabelText<HTMLInputElement>('Track vitals').checked).toBe(true);
  });

  it('keeps a pre-op checklist whose items are ticked in place', () => {
    const root = renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Use standard checklist' }));
    fireEvent.click(screen.getByLabelText('Consent signed'));
    const items = root.get('preOpChecklist') as { label: string; complete: boolean; order: number }[];
    expect(items).toHaveLength(6);
    expect(items[0]).toMatchObject({ label: 'Consent signed', complete: true, order: 1 });
    fireEvent.change(screen.getByLabelText('New checklist item'), { target: { value: 'Glasses off' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect((root.get('preOpChecklist') as { label: string; order: number }[]).at(-1)).toMatchObject({
      label: 'Glasses off',
      order: 7,
    });
  });

  it('disables every field when the case is read-only', () => {
    renderSection('ga', true);
    expect(screen.getByLabelText<HTMLInputElement>('Procedure').disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Moderate' }).disabled).toBe(true);
  });

  it('opens a case not yet started with its details shown, and folds them on request', () => {
    renderSection();
    const toggle = screen.getByRole('button', { name: 'Hide details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe('case-start-details');
    expect(document.getElementById('case-start-details')).not.toBeNull();
    fireEvent.click(toggle);
    expect(screen.queryByLabelText('Procedure')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show details' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a case under way folded to one line, and shows every field again on request', () => {
    const doc = newCaseDoc();
    setField(doc, 'sedationLevel', 'moderate');
    setField(doc, 'asaClassification', '2');
    setField(doc, 'procedure', 'Extractions');
    renderSection('ga', false, true, doc);
    expect(screen.queryByLabelText('Procedure')).toBeNull();
    expect(screen.getByTestId('start-summary').textContent).toBe('Moderate · ASA 2 · Extractions');
    // The summary follows the case as other tablets chart it.
    act(() => {
      setField(doc, 'asaClassification', '3');
    });
    expect(screen.getByTestId('start-summary').textContent).toBe('Moderate · ASA 3 · Extractions');
    fireEvent.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByLabelText<HTMLInputElement>('Procedure').value).toBe('Extractions');
    expect(screen.getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('stays open when the case starts under the provider, and keeps a typed checklist item across a fold', () => {
    const doc = newCaseDoc();
    const section = (started: boolean) => (
      <MantineProvider>
        <StartCaseSection
          doc={doc}
          readOnly={false}
          context={{ orgId: 'o', caseId: 'c', weightKg: null, ageYears: null, tempsInCelsius: false }}
          settings={DEFAULT_ORG_CASE_SETTINGS}
          primaryProviderName="Dr. Ray"
          recordBirthDate={null}
          startedWhenOpened={started}
        />
      </MantineProvider>
    );
    const { rerender } = render(section(false));
    fireEvent.change(screen.getByLabelText('New checklist item'), { target: { value: 'Glasses off' } });
    // The case start time is set while the section is open: it does not fold.
    rerender(section(true));
    expect(screen.getByRole('button', { name: 'Hide details' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide details' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByLabelText<HTMLInputElement>('New checklist item').value).toBe('Glasses off');
  });

  it('keeps the level warning in view while folded', () => {
    const doc = newCaseDoc();
    setField(doc, 'sedationLevel', 'deep');
    renderSection('minimal', false, true, doc);
    expect(screen.getByRole('alert').textContent).toBe(
      'Sedation level "Deep" is not allowed by your organization\'s subscription (up to Minimal).',
    );
  });
});

describe('a consent the patient signed on their phone (issue 35 item 13)', () => {
  it('[SO3] shows the signed line with the contract under the pre-op checklist, leaving the consent item unticked', () => {
    const doc = newCaseDoc();
    // 09:05 UTC; the line reads the device's zone, as every time on the case screen.
    const signedAt = '2026-11-26T09:05:00.000Z';
    const local = new Date(signedAt);
    const pad = (n: number): string => String(n).padStart(2, '0');
    const expected = `Signed by the patient on ${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
    render(
      <MantineProvider>
        <StartCaseSection
          doc={doc}
          readOnly={false}
          context={{ orgId: 'o', caseId: 'c', weightKg: null, ageYears: null, tempsInCelsius: false }}
          settings={DEFAULT_ORG_CASE_SETTINGS}
          primaryProviderName="Dr. Ray"
          recordBirthDate={null}
          startedWhenOpened={false}
          patientConsent={{ contractId: 'ctr-1', title: 'Sedation consent', signedAt }}
        />
      </MantineProvider>,
    );
    const line = screen.getByTestId('patient-consent');
    expect(line.textContent).toBe(`Sedation consent: ${expected}`);
    const link = screen.getByRole<HTMLAnchorElement>('link', { name: 'Sedation consent' });
    expect(link.getAttribute('href')).toMatch(/^\/api\/contract\/o\/ctr-1\?tz=/);
    fireEvent.click(screen.getByRole('button', { name: 'Use standard checklist' }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Consent signed' }).checked).toBe(false);
  });

  it('shows no line without one', () => {
    renderSection();
    expect(screen.queryByTestId('patient-consent')).toBeNull();
  });
});

describe('startSummary', () => {
  it('names the level, the ASA class and the procedure as far as they are charted', () => {
    expect(startSummary('ga', 'other', ' Implants ')).toBe('GA · ASA Other · Implants');
    expect(startSummary('minimal', '', '')).toBe('Minimal');
    expect(startSummary('', '1', '')).toBe('No sedation level · ASA 1');
  });
});
