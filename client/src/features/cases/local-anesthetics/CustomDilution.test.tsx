// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalAnestheticTracker } from './LocalAnestheticTracker.js';
import { readDilutionPercent } from './CustomDilution.js';
import { readField, type CaseDoc } from '../../../case/index.js';
import { newCaseDoc } from '../../../case/testing.js';

afterEach(cleanup);

function renderTracker(): CaseDoc {
  const doc = newCaseDoc();
  render(
    <MantineProvider>
      <LocalAnestheticTracker doc={doc} weightKg={20} ageYears={8} />
    </MantineProvider>,
  );
  return doc;
}
const list = (doc: CaseDoc, key: string): Record<string, unknown>[] => readField(doc, key) as Record<string, unknown>[];

describe('custom dilutions in the local anesthetic tracker (spec 001 §3, §5; LA3, LA16)', () => {
  it('[CD8] reads a percent above 0, else "Custom dilutions need variantId and percent"', () => {
    expect(readDilutionPercent('1')).toEqual({ value: 1, error: null });
    expect(readDilutionPercent(' 1.5 % ')).toEqual({ value: 1.5, error: null });
    expect(readDilutionPercent('')).toEqual({ value: null, error: null });
    expect(readDilutionPercent('0').error).toBe('Custom dilutions need variantId and percent');
    expect(readDilutionPercent('x').error).toBe('Custom dilutions need variantId and percent');
  });

  it('[LA3] charts a dose of diluted lidocaine at the diluted mg/mL', () => {
    const doc = renderTracker();
    // Lidocaine 2% 1:100,000 is picked first: dilute it to 1%.
    fireEvent.change(screen.getByLabelText('Custom dilution (%)'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set dilution' }));
    expect(list(doc, 'customDilutions')).toEqual([{ variantId: 'lidocaine-epi100', percent: 1 }]);
    expect(screen.getByTestId('la-dilution').textContent).toContain('Diluted to 1%');
    // 1 cartridge = 1.8 mL × 10 mg/mL = 18 mg (36 mg at the stock 2%).
    expect(screen.getByTestId('la-preview').textContent).toContain('= 18 mg');
    fireEvent.click(screen.getByRole('button', { name: 'Give dose' }));
    expect(list(doc, 'localDoses')[0]).toMatchObject({ drugVariantId: 'lidocaine-epi100', mg: 18 });
  });

  it('[LA16] warns about an implausible percent without blocking, and removes the dilution', () => {
    const doc = renderTracker();
    fireEvent.change(screen.getByLabelText('Custom dilution (%)'), { target: { value: '0.2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set dilution' }));
    expect(screen.getByText(/Custom dilution of 0.2% is outside/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove dilution' }));
    expect(list(doc, 'customDilutions')).toEqual([]);
    expect(screen.getByTestId('la-preview').textContent).toContain('= 36 mg');
  });
});
