// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DischargeSection } from './DischargeSection.js';
import { readField, type CaseDoc } from '../../../case/index.js';
import { newCaseDoc, pushEntries } from '../../../case/testing.js';

afterEach(cleanup);

function renderSection(): CaseDoc {
  const doc = newCaseDoc();
  render(
    <MantineProvider>
      <DischargeSection
        doc={doc}
        readOnly={false}
        context={{ orgId: 'o', caseId: 'c', weightKg: 20, ageYears: 6, tempsInCelsius: false }}
      />
    </MantineProvider>,
  );
  return doc;
}
const score = (item: string, value: string): void => {
  fireEvent.click(within(screen.getByRole('radiogroup', { name: item })).getByRole('radio', { name: value }));
};

describe('discharge section (spec 001 §3–§5)', () => {
  it('[DS1][DS6][DS7] scores Aldrete with the vitals score against the target of 12 and says when it is complete', () => {
    const doc = renderSection();
    act(() => {
      // sbp 120 → 100 (−16.6 %), hr 100 → 70 (−30 %): largest 30 → vitals score 1.
      pushEntries(doc, 'manualVitals', [
        { id: 'v1', time: 1000, vitals: { sbp: 120, hr: 100 } },
        { id: 'v2', time: 2000, vitals: { sbp: 100, hr: 70 } },
      ]);
    });
    expect(screen.getByTestId('discharge-vitals-score').textContent).toBe('Vitals score: 1');
    expect(screen.getByTestId('discharge-vitals-meaning').textContent).toBe('Vitals changed 20% to under 40%');
    expect(screen.getByRole('table', { name: 'Vitals comparison' }).textContent).toContain('-30%');
    for (const item of ['Oxygenation', 'Respiratory stability', 'Consciousness', 'Pain', 'Nausea']) score(item, '2');
    expect(screen.getByTestId('discharge-state').textContent).toBe('Incomplete');
    score('Gait', '1');
    // 5 × 2 + 1 + vitals 1 = 12 ≥ 12.
    expect(screen.getByTestId('discharge-total').textContent).toBe('Total 12 / target 12');
    expect(screen.getByTestId('discharge-state').textContent).toBe('Complete: target met');
    expect(readField(doc, 'dischargeScoreEntries')).toMatchObject({
      aldreteGait: { score: 1 },
    });
  });

  it('[DS2] switches to PADS with its 0/1 and 0–2 items and the target of 9', () => {
    const doc = renderSection();
    fireEvent.click(screen.getByRole('radio', { name: 'PADS' }));
    expect(readField(doc, 'dischargeScoreType')).toBe('pads');
    expect(within(screen.getByRole('radiogroup', { name: 'Voided' })).getAllByRole('radio')).toHaveLength(2);
    expect(within(screen.getByRole('radiogroup', { name: 'Surgical bleeding' })).getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByTestId('discharge-total').textContent).toBe('Total 0 / target 9');
  });

  it('[RL1] each choice says what its score means, not a bare number (issue 25)', () => {
    renderSection();
    const meanings = (group: string): string[] =>
      within(screen.getByRole('radiogroup', { name: group }))
        .getAllByRole('radio')
        .map(
          (r) =>
            `${r.getAttribute('value')}: ${document.getElementById(r.getAttribute('aria-describedby')!)!.textContent}`,
        );
    expect(meanings('Consciousness')).toEqual(['2: Fully awake', '1: Arousable on calling', '0: Not responding']);
    fireEvent.click(screen.getByRole('radio', { name: 'PADS' }));
    expect(meanings('Voided')).toEqual(['1: Has voided', '0: Has not voided']);
  });
});
