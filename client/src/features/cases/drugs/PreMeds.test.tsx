// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRE_MED_ROUTES } from '@vigil/shared';
import { PreMeds, type PreMedEntry } from './PreMeds.js';

afterEach(cleanup);
const NOW = new Date(2026, 10, 22, 8, 0).getTime();
const set = (label: string, value: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

describe('pre-meds (spec 002 §9 catalogue and routes; DR6)', () => {
  it('charts triazolam SL 0.25 mg with the catalogue id, offering the twelve pre-med routes', () => {
    const onAdd = vi.fn();
    render(
      <MantineProvider>
        <PreMeds items={[]} disabled={false} onAdd={onAdd} onRemove={() => undefined} now={() => NOW} />
      </MantineProvider>,
    );
    const via = screen.getByLabelText<HTMLSelectElement>('Pre-med via');
    expect([...via.options].map((o) => o.value)).toEqual([...PRE_MED_ROUTES]);
    set('Pre-med', 'Triazolam');
    set('Pre-med via', 'SL');
    set('Pre-med dosage', '0.25');
    fireEvent.click(screen.getByRole('button', { name: 'Add pre-med' }));
    expect(onAdd.mock.calls[0]![0]).toMatchObject({
      drugId: 'triazolam',
      drugName: 'Triazolam',
      route: 'SL',
      dosage: 0.25,
      unit: 'mg',
      time: NOW,
    });
  });

  it('lists only pre-meds with a drug id and name, and removes one after confirmation', async () => {
    const onRemove = vi.fn();
    const items: PreMedEntry[] = [
      { id: 'p1', drugId: 'diazepam', drugName: 'Diazepam', route: 'PO', dosage: 5, unit: 'mg', time: NOW },
      { id: 'p2', drugId: '', drugName: 'Nameless', route: 'PO', dosage: 1, unit: 'mg', time: NOW },
    ];
    render(
      <MantineProvider>
        <PreMeds items={items} disabled={false} onAdd={() => undefined} onRemove={onRemove} now={() => NOW} />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Pre-meds taken' });
    expect(within(table).getAllByRole('row')).toHaveLength(1);
    fireEvent.click(within(table).getByRole('button', { name: /Remove pre-med Diazepam/ }));
    const question = await screen.findByRole('dialog', { name: 'Remove this entry?' });
    expect(within(question).getByText(/^Remove pre-med Diazepam at .+\?$/)).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Keep' }));
    expect(onRemove).not.toHaveBeenCalled();
    fireEvent.click(within(table).getByRole('button', { name: /Remove pre-med Diazepam/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledWith('p1');
  });
});
