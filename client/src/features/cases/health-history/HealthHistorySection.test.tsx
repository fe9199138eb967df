// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { caseHistoryNotice, rankHealthHistories, type CaseHistoryItem } from '@vigil/shared';
import { HealthHistorySection } from './HealthHistorySection.js';
import type { CaseHealthHistories } from './useCaseHealthHistories.js';
import { readCase, readField, setField, type CaseDoc } from '../../../case/index.js';
import { newCaseDoc } from '../../../case/testing.js';

afterEach(cleanup);

const NOW = Date.parse('2026-11-26T08:00:00Z');
const DAY = 86_400_000;

function histories(items: CaseHistoryItem[]): CaseHealthHistories {
  const ranked = rankHealthHistories(items, NOW);
  return { histories: ranked, loading: false, error: null, notice: caseHistoryNotice(ranked), reload: () => undefined };
}

const SIGNED: CaseHistoryItem = {
  id: 'cmpSigned',
  status: 'final',
  updatedAt: NOW - 20 * DAY,
  data: {
    finalReportSignatureTime: new Date(NOW - 20 * DAY).toISOString(),
    finalReportSignerName: 'Dr Grace Hopper',
    weight: { value: 28, raw: '28' },
    weight_raw: '28',
    asaClassification: '2',
    allergiesSummary: 'Penicillin',
    surgicalHistorySummary: 'Tonsillectomy 2022',
    medications: [{ id: 'rx1', name: 'Albuterol' }],
    pregnant: 'n',
  },
};

function renderSection(h: CaseHealthHistories, startHistory = vi.fn(() => Promise.resolve('cmpNew'))): CaseDoc {
  const doc = newCaseDoc();
  setField(doc, 'allergiesSummary', 'Latex (today)');
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/org/org1/cases/apt1']}>
        <Routes>
          <Route
            path="/org/:orgId/cases/:id"
            element={
              <HealthHistorySection
                doc={doc}
                readOnly={false}
                context={{ orgId: 'org1', caseId: 'apt1', weightKg: null, ageYears: 9, tempsInCelsius: false }}
                patientId="pat1"
                histories={h}
                startHistory={startHistory}
              />
            }
          />
          <Route path="/org/:orgId/patients/:patientId/health-histories/:hhxId" element={<p>Editor open</p>} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
  return doc;
}

describe('the case’s Health history section (issue 27)', () => {
  it('lists a history with its pill, alert count and signer, and copies it by HX1/HX2', () => {
    const doc = renderSection(histories([SIGNED]));
    expect(screen.getByTestId('case-history-pill').textContent).toBe('Most Recent');
    // Penicillin (summary, no structured list) + Albuterol + tonsillectomy = 3 alerts (HX5).
    expect(screen.getByTestId('case-history-alerts').textContent).toBe('3 medical alerts');
    expect(screen.getByText(/Signed by Dr Grace Hopper on/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use in this case' }));
    const root = readCase(doc);
    expect(root.healthHistoryId).toBe('cmpSigned');
    expect(root.surgicalHistorySummary).toBe('Tonsillectomy 2022');
    expect(root.asaClassification).toBe('2');
    expect(root.weight).toEqual({ value: 28, raw: '28' });
    // Both: the allergy charted today stays; local: pregnancy is not copied.
    expect(root.allergiesSummary).toBe('Latex (today)');
    expect(root.pregnant).toBeUndefined();
    expect(screen.getByTestId('case-history-copied').textContent).toContain('The case keeps its own Allergies');
    expect(screen.getByTestId('case-history-field-surgicalHistorySummary').textContent).toContain('Tonsillectomy');
    expect(screen.getByText('Used by this case')).toBeTruthy();
    expect(screen.getByTestId('history-pregnant').textContent).toBe('Health history: No');
  });

  it('says when the patient has no history, and starts one from the case into the editor', async () => {
    const start = vi.fn(() => Promise.resolve('cmpNew'));
    renderSection(histories([]), start);
    expect(screen.getByTestId('case-history-none')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start health history from this case' }));
    expect(start).toHaveBeenCalledWith('org1', 'pat1', 'apt1');
    await waitFor(() => expect(screen.getByText('Editor open')).toBeTruthy());
  });

  it('asks the pregnancy detail only on a yes or possibly (CF3)', () => {
    const doc = renderSection(histories([SIGNED]));
    expect(screen.queryByLabelText('Pregnancy detail')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Possibly' }));
    expect(readField(doc, 'pregnant')).toBe('possible');
    fireEvent.change(screen.getByLabelText('Pregnancy detail'), { target: { value: 'test pending' } });
    expect(readField(doc, 'pregnancyDetail')).toBe('test pending');
  });
});
