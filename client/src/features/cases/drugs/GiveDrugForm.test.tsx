// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GiveDrugForm } from './GiveDrugForm.js';
import type { DrugEntry } from './model.js';

afterEach(cleanup);
const NOW = new Date(2026, 10, 22, 10, 0).getTime();

function renderForm(weightKg: number | null = 20): ReturnType<typeof vi.fn> {
  const onGive = vi.fn();
  render(
    <MantineProvider>
      <GiveDrugForm weightKg={weightKg} disabled={false} onGive={onGive} now={() => NOW} />
    </MantineProvider>,
  );
  return onGive;
}
const set = (label: string, value: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

describe('giving a drug (spec 001 §3, §5)', () => {
  it('charts Midazolam PO 10 mg for a 20 kg child with its per-kg dose', () => {
    const onGive = renderForm();
    set('Drug', 'Midazolam');
    set('Route', 'PO');
    set('Dose', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    expect(onGive).toHaveBeenCalledTimes(1);
    const entry = onGive.mock.calls[0]![0] as DrugEntry;
    expect(entry).toMatchObject({ name: 'Midazolam', drugId: 'midazolam' });
    expect(entry.doses![0]).toMatchObject({
      route: 'PO',
      amount: 10,
      amount_raw: '10',
      unit: 'mg',
      time: NOW,
      isPreProcedure: false,
      perKg: 0.5,
    });
  });

  it('takes the catalogue unit: Fentanyl in mcg', () => {
    const onGive = renderForm(null);
    set('Drug', 'fentanyl');
    set('Dose', '25');
    fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    expect((onGive.mock.calls[0]![0] as DrugEntry).doses![0]).toMatchObject({ unit: 'mcg', route: 'IV', perKg: null });
  });

  it('refuses a drug without a name with the MISSING_DRUG_NAME text (spec 001 §5)', () => {
    const onGive = renderForm();
    set('Dose', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    expect(onGive).not.toHaveBeenCalled();
    expect(screen.getByText('Every drug used must have a name')).toBeTruthy();
  });

  it('refuses an unreadable time with the spec text and marks a pre-procedure dose', () => {
    const onGive = renderForm();
    set('Drug', 'Ketamine');
    set('Route', 'IM');
    set('Dose', '40');
    set('Time given', '99:99');
    expect(screen.getByText('Invalid time input use HH:MM')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    expect(onGive).not.toHaveBeenCalled();
    set('Time given', '0945');
    fireEvent.click(screen.getByLabelText('Before the procedure'));
    fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    expect((onGive.mock.calls[0]![0] as DrugEntry).doses![0]).toMatchObject({
      route: 'IM',
      isPreProcedure: true,
      time: new Date(2026, 10, 22, 9, 45).getTime(),
    });
  });
});
