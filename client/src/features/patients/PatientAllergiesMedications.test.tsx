// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  deskAllergy,
  deskMedication,
  deskNoKnownAllergies,
  deskNoMedications,
  HEALTH_HISTORY_SOURCE_SYSTEM,
  type AllergyIntolerance,
  type FhirResource,
  type MedicationStatement,
} from '@vigil/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as db from '../../data/db.js';
import { theme } from '../../ui/theme.js';
import { PatientAllergiesMedications } from './PatientAllergiesMedications.js';

const NOW = new Date('2027-03-01T10:00:00.000Z');
let allergies: (AllergyIntolerance & { id: string })[] = [];
let medications: (MedicationStatement & { id: string })[] = [];

vi.mock('../../data/useResources.js', () => ({
  useCachedResources: (_org: string, type: string) => ({
    data: type === 'AllergyIntolerance' ? allergies : type === 'MedicationStatement' ? medications : [],
    refreshing: false,
    error: null,
  }),
}));
vi.mock('../../data/db.js', async (original) => ({
  ...(await original<typeof db>()),
  saveResource: vi.fn(),
}));

function show(): void {
  render(
    <MantineProvider theme={theme}>
      <PatientAllergiesMedications orgId="office" patientId="p1" />
    </MantineProvider>,
  );
}

afterEach(() => {
  medications = [];
  cleanup();
  vi.clearAllMocks();
});

describe("the patient's allergies and medications", () => {
  it('lists each current allergy with its source and date', () => {
    allergies = [
      { ...deskAllergy({ substance: 'Penicillin', reaction: 'hives' }, 'p1', NOW), id: 'a1' },
      {
        ...deskAllergy({ substance: 'Latex' }, 'p1', NOW),
        id: 'a2',
        identifier: [{ system: HEALTH_HISTORY_SOURCE_SYSTEM, value: 'cmp-1' }],
      },
    ];
    show();
    const rows = screen.getAllByTestId('patient-allergy');
    expect(within(rows[0]!).getByText('Penicillin')).toBeTruthy();
    expect(within(rows[0]!).getByText('Desk')).toBeTruthy();
    expect(within(rows[1]!).getByText('Health history')).toBeTruthy();
    expect(screen.getByText('No medications recorded.')).toBeTruthy();
  });

  it('lists each current medication with source, date and a named Remove, and "No medications" as its own answer', () => {
    allergies = [];
    medications = [{ ...deskMedication('Albuterol inhaler', 'p1', NOW), id: 'm1' }];
    show();
    const [row] = screen.getAllByTestId('patient-medication');
    expect(within(row!).getByText('Albuterol inhaler')).toBeTruthy();
    expect(within(row!).getByText('Desk')).toBeTruthy();
    expect(within(row!).getByRole('button', { name: 'Remove Albuterol inhaler' })).toBeTruthy();
    expect(screen.getByText('No allergies recorded.')).toBeTruthy();
    cleanup();
    medications = [{ ...deskNoMedications('p1', NOW), id: 'm2' }];
    show();
    expect(within(screen.getByTestId('patient-medication')).getByText('No medications')).toBeTruthy();
  });

  it('refuses NKDA while allergies stand, and retires NKDA when an allergy is added', async () => {
    allergies = [{ ...deskAllergy({ substance: 'Latex' }, 'p1', NOW), id: 'a2' }];
    show();
    fireEvent.click(screen.getByRole('button', { name: 'No known drug allergies' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Remove the allergies listed before recording NKDA.');
    expect(db.saveResource).not.toHaveBeenCalled();
    cleanup();

    allergies = [{ ...deskNoKnownAllergies('p1', NOW), id: 'n1' }];
    show();
    fireEvent.change(screen.getByLabelText('Allergy'), { target: { value: 'Penicillin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add allergy' }));
    await waitFor(() => expect(db.saveResource).toHaveBeenCalledTimes(2));
    const saved = vi.mocked(db.saveResource).mock.calls.map((c) => c[1] as FhirResource & AllergyIntolerance);
    expect(saved[0]).toMatchObject({ id: 'n1', verificationStatus: { coding: [{ code: 'entered-in-error' }] } });
    expect(saved[1]).toMatchObject({ code: { text: 'Penicillin' }, patient: { reference: 'Patient/p1' } });
  });
});
