// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ensureCaseStructure } from '../../sync/caseStructure.js';
import { LocalAnestheticTracker } from './LocalAnestheticTracker.js';

afterEach(cleanup);

function renderTracker(): void {
  const doc = new Y.Doc();
  ensureCaseStructure(doc);
  render(
    <MantineProvider>
      <LocalAnestheticTracker doc={doc} weightKg={20} ageYears={5} />
    </MantineProvider>,
  );
}

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
