// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { officeMaximumRows, type OfficeDrug } from '@vigil/shared';
import { GiveDrugForm } from './GiveDrugForm.js';
import { officeDrugCatalogue, type DrugEntry } from './model.js';

afterEach(cleanup);
const NOW = new Date(2026, 10, 22, 10, 0).getTime();

function renderForm(
  weightKg: number | null = 20,
  ageYears: number | null = null,
  given: DrugEntry[] = [],
): ReturnType<typeof vi.fn> {
  const onGive = vi.fn();
  render(
    <MantineProvider>
      <GiveDrugForm
        weightKg={weightKg}
        ageYears={ageYears}
        given={given}
        disabled={false}
        onGive={onGive}
        now={() => NOW}
      />
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

/** Midazolam 7.5 mg PO already given (the 15 kg child). */
const MIDAZOLAM_PO: DrugEntry = {
  id: 'dos-1',
  name: 'Midazolam',
  drugId: 'midazolam',
  doses: [
    {
      drugId: 'midazolam',
      route: 'PO',
      amount: 7.5,
      amount_raw: '7.5',
      unit: 'mg',
      time: NOW - 30 * 60_000,
      isPreProcedure: true,
      isComplete: true,
      perKg: 0.5,
    },
  ],
};
const confirmation = (): HTMLElement => screen.getByTestId('over-maximum');
const confirmationOpen = (): boolean => screen.queryByTestId('over-maximum') != null;

describe('dose checks before the dose (issue 25, DM2–DM4)', () => {
  it('shows the maximum, its source and the share already given as soon as the drug is picked', () => {
    renderForm(15, 4, [MIDAZOLAM_PO]);
    expect(screen.queryByTestId('dose-check')).toBeNull();
    set('Drug', 'Midazolam');
    const note = screen.getByTestId('dose-check');
    // IV, 4 years: min(0.6 × 15 = 9, 6) = 6 mg; 7.5 mg PO of 7.5 mg already given = 100 %
    expect(note.textContent).toContain('Maximum of Midazolam: 6 mg IV (0.6 mg/kg for 15 kg, at most 6 mg)');
    expect(note.textContent).toContain('Given so far: 100% of the maximum');
    expect(note.textContent).toContain('Source: FDA label, midazolam injection');
    expect(note.getAttribute('role')).toBe('alert');
    set('Route', 'PO');
    // PO: 0.5 × 15 = 7.5 mg
    expect(screen.getByTestId('dose-check').textContent).toContain('7.5 mg PO (0.5 mg/kg for 15 kg, at most 20 mg)');
  });

  it('[DM6] shows an age warning as soon as the drug is picked: promethazine under 2', () => {
    renderForm(11, 1);
    set('Drug', 'Promethazine');
    expect(screen.getByTestId('drug-age-warning').textContent).toContain(
      'Promethazine is contraindicated in children under 2 years',
    );
  });

  it('says when only the absolute maximum can be checked (no weight)', () => {
    renderForm(null, 4);
    set('Drug', 'Midazolam');
    expect(screen.getByTestId('dose-check').textContent).toContain(
      'No weight recorded: only the absolute maximum of Midazolam is checked',
    );
  });

  it('asks for confirmation before saving a dose past the maximum, naming the drug, total, maximum and percent', () => {
    const onGive = renderForm(15, 4, [MIDAZOLAM_PO]);
    set('Drug', 'Midazolam');
    set('Dose', '10');
    // after: 100 % + 10 / 6 = 266.7 %
    expect(screen.getByTestId('dose-check').textContent).toContain('after this dose: 266.7% of the maximum');
    expect(confirmationOpen()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    expect(onGive).not.toHaveBeenCalled();
    expect(confirmationOpen()).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Over the maximum dose' })).toBeTruthy();
    const text = confirmation().textContent ?? '';
    expect(text).toContain('Midazolam 10 mg IV');
    expect(text).toContain('Total after this dose: 10 mg IV');
    expect(text).toContain('Maximum: 6 mg IV (0.6 mg/kg for 15 kg, at most 6 mg)');
    expect(text).toContain('266.7% of the maximum dose (all routes counted)');
    fireEvent.click(screen.getByRole('button', { name: 'Give anyway' }));
    expect(onGive).toHaveBeenCalledTimes(1);
    expect((onGive.mock.calls[0]![0] as DrugEntry).doses![0]).toMatchObject({ route: 'IV', amount: 10 });
    expect(confirmationOpen()).toBe(false);
  });

  it('Cancel saves nothing and keeps the form as typed', () => {
    const onGive = renderForm(15, 4, [MIDAZOLAM_PO]);
    set('Drug', 'Midazolam');
    set('Dose', '10');
    set('Time given', '0945');
    fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    expect(confirmationOpen()).toBe(true);
    fireEvent.click(within(confirmation()).getByRole('button', { name: 'Cancel' }));
    expect(confirmationOpen()).toBe(false);
    expect(onGive).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Drug').value).toBe('Midazolam');
    expect(screen.getByLabelText<HTMLInputElement>('Dose').value).toBe('10');
    expect(screen.getByLabelText<HTMLInputElement>('Time given').value).toBe('0945');
    expect(screen.getByLabelText<HTMLSelectElement>('Route').value).toBe('IV');
  });

  it('saves a dose within the maximum without asking', () => {
    const onGive = renderForm(15, 4);
    set('Drug', 'Midazolam');
    set('Dose', '2');
    // 2 / 6 = 33.4 % (rounded up)
    expect(screen.getByTestId('dose-check').textContent).toContain('after this dose: 33.4% of the maximum');
    fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    expect(onGive).toHaveBeenCalledTimes(1);
    expect(confirmationOpen()).toBe(false);
  });
});

describe('the office’s drugs first (customize-drugs, issue 39)', () => {
  const remimazolam: OfficeDrug = {
    id: 'custom-remimazolam',
    category: 'parenteral',
    name: 'Remimazolam',
    custom: true,
    unit: 'mg',
    routes: ['IV'],
    commonDoses: [2.5, 5],
    maximum: null,
  };
  const triazolam: OfficeDrug = {
    id: 'triazolam',
    category: 'oral',
    name: 'Triazolam',
    custom: false,
    unit: 'mg',
    routes: ['SL'],
    commonDoses: [0.25],
    maximum: null,
  };

  function renderOffice(office: OfficeDrug[]): ReturnType<typeof vi.fn> {
    const onGive = vi.fn();
    render(
      <MantineProvider>
        <GiveDrugForm
          weightKg={70}
          ageYears={40}
          disabled={false}
          onGive={onGive}
          now={() => NOW}
          catalogue={officeDrugCatalogue(office)}
          officeRows={officeMaximumRows(office)}
        />
      </MantineProvider>,
    );
    return onGive;
  }
  const offered = (): string[] =>
    [...document.querySelectorAll('#vigil-drug-catalogue option')].map((o) => o.getAttribute('value') ?? '');

  it('[OD3] offers the office’s drugs first, in its order, then the rest of the catalogue', () => {
    renderOffice([remimazolam, triazolam]);
    expect(offered().slice(0, 3)).toEqual(['Remimazolam', 'Triazolam', 'Acetaminophen']);
    expect(offered()).toContain('Midazolam');
  });

  it('takes the office’s route and offers its common doses in one tap', () => {
    const onGive = renderOffice([triazolam]);
    set('Drug', 'Triazolam');
    fireEvent.click(screen.getByRole('button', { name: '0.25 mg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    expect((onGive.mock.calls[0]![0] as DrugEntry).doses![0]).toMatchObject({ route: 'SL', amount: 0.25, unit: 'mg' });
  });

  it('[OD4] says an office drug without a maximum has none, and checks one with a sourced maximum', () => {
    renderOffice([remimazolam]);
    set('Drug', 'Remimazolam');
    expect(screen.getByTestId('dose-check').textContent).toContain('has no maximum on file');
    cleanup();
    const onGive = renderOffice([
      { ...remimazolam, maximum: { unit: 'mg', perKg: null, absolute: 20, source: 'Byfavo label' } },
    ]);
    set('Drug', 'Remimazolam');
    set('Dose', '25');
    expect(screen.getByTestId('dose-check').textContent).toContain('Office maximum: Byfavo label');
    fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    // 25 mg of 20 mg: nothing is charted without the explicit confirmation (DM4).
    expect(onGive).not.toHaveBeenCalled();
    expect(screen.getByTestId('over-maximum')).toBeTruthy();
  });
});
