// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CASE_ROOT } from '@vigil/shared';
import { ensureCaseStructure } from '../../../sync/caseStructure.js';
import { LocalAnestheticTracker } from './LocalAnestheticTracker.js';

afterEach(cleanup);

function renderTracker(weightKg = 20, ageYears = 5): Y.Doc {
  const doc = new Y.Doc();
  ensureCaseStructure(doc);
  render(
    <MantineProvider>
      <LocalAnestheticTracker doc={doc} weightKg={weightKg} ageYears={ageYears} />
    </MantineProvider>,
  );
  return doc;
}
const dosesIn = (doc: Y.Doc): unknown[] => (doc.getMap(CASE_ROOT).get('localDoses') as Y.Array<unknown>).toArray();

const radio = (group: string, name: string): HTMLInputElement =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name });

describe('local anesthetic tracker choices (spec 002 §5)', () => {
  it('offers the limit set and the unit as named radio groups, pediatric limits and cartridges first', () => {
    renderTracker();
    expect(radio('Maximum dose limits', 'Pediatric dentistry (AAPD)').checked).toBe(true);
    expect(radio('Maximum dose limits', 'Manufacturer').checked).toBe(false);
    expect(radio('Unit', 'Cartridges').checked).toBe(true);
    fireEvent.click(radio('Maximum dose limits', 'Manufacturer'));
    fireEvent.click(radio('Unit', 'mL'));
    expect(radio('Maximum dose limits', 'Manufacturer').checked).toBe(true);
    expect(radio('Maximum dose limits', 'Pediatric dentistry (AAPD)').checked).toBe(false);
    expect(radio('Unit', 'mL').checked).toBe(true);
  });

  it('charts Exparel in mg only: the other units cannot be chosen', () => {
    renderTracker();
    const exparel = screen.getAllByRole('radio').find((r) => /Exparel/.test(r.textContent ?? ''));
    expect(exparel).toBeDefined();
    fireEvent.click(exparel!);
    expect(radio('Unit', 'mg').checked).toBe(true);
    expect(radio('Unit', 'Cartridges').disabled).toBe(true);
  });
});

describe('local anesthetic checks before the dose (issue 25)', () => {
  const variant = (label: RegExp): HTMLElement =>
    within(screen.getByRole('radiogroup', { name: 'Local anesthetic' }))
      .getAllByRole('radio')
      .find((r) => label.test(r.textContent ?? ''))!;
  const overMaximumOpen = (): boolean => screen.queryByTestId('la-over-maximum') != null;

  it('shows the articaine age warning as soon as articaine is picked, before any dose (spec 002 §5)', () => {
    const doc = renderTracker(15, 4);
    expect(screen.queryByText('Manufacturer recommends not using on patients 4 and under.')).toBeNull();
    fireEvent.click(variant(/Articaine 4% 1:100,000/));
    expect(screen.getByText('Manufacturer recommends not using on patients 4 and under.')).toBeTruthy();
    expect(dosesIn(doc)).toEqual([]);
  });

  it('asks before the cartridge that crosses 100 %, and Cancel charts nothing and keeps the amount', () => {
    // 15 kg, AAPD lidocaine: min(300, 4.4 × 15 = 66) = 66 mg; a cartridge of 2 % is 36 mg
    const doc = renderTracker(15, 4);
    const give = screen.getByRole('button', { name: 'Give dose' });
    fireEvent.click(give);
    expect(dosesIn(doc)).toHaveLength(1); // 36 / 66 = 54.6 %: no question
    expect(overMaximumOpen()).toBe(false);
    expect(screen.getByTestId('la-preview').textContent).toContain('after this dose Lidocaine is at 109.1% of max');
    fireEvent.click(give);
    expect(dosesIn(doc)).toHaveLength(1);
    expect(overMaximumOpen()).toBe(true);
    const text = screen.getByTestId('la-over-maximum').textContent ?? '';
    expect(text).toContain('Lidocaine 2% 1:100,000: 1 cartridge (36 mg)');
    expect(text).toContain('Total after this dose: 72 mg Lidocaine');
    expect(text).toContain('Maximum: 66 mg Lidocaine for 15 kg');
    expect(text).toContain('109.1% of the maximum dose');
    fireEvent.click(within(screen.getByTestId('la-over-maximum')).getByRole('button', { name: 'Cancel' }));
    expect(overMaximumOpen()).toBe(false);
    expect(dosesIn(doc)).toHaveLength(1);
    expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('1');
    fireEvent.click(give);
    fireEvent.click(screen.getByRole('button', { name: 'Give anyway' }));
    expect(dosesIn(doc)).toHaveLength(2);
  });
});
