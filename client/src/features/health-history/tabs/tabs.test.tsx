// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { HealthHistoryData } from '@vigil/shared';
import { useState, type ComponentType, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AirwayTab } from './AirwayTab.js';
import { MedicationsTab } from './MedicationsTab.js';
import { PhysicalTab } from './PhysicalTab.js';
import { PreOpVitalsTab } from './PreOpVitalsTab.js';
import { SurgicalTab } from './SurgicalTab.js';
import { SystemsTab } from './SystemsTab.js';
import type { HhxTabProps } from './types.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Renders a tab over a plain snapshot that its setter updates; returns the latest data. */
function renderTab(
  Tab: ComponentType<HhxTabProps>,
  initial: HealthHistoryData = {},
): { data: () => HealthHistoryData } {
  let latest = initial;
  function Host(): ReactNode {
    const [data, setData] = useState(initial);
    latest = data;
    return (
      <Tab
        data={data}
        set={(patch) => setData((d) => ({ ...d, ...patch }))}
        readOnly={false}
        enteredElsewhere={false}
        context={{
          orgId: 'o',
          patientId: 'p',
          birthDate: '2017-03-02',
          heightUnit: 'in',
          weightUnit: 'lb',
          tempsInCelsius: false,
          canSign: true,
        }}
      />
    );
  }
  render(
    <MantineProvider>
      <Host />
    </MantineProvider>,
  );
  return { data: () => latest };
}

describe('Airway Assessment tab (spec 002 §5)', () => {
  it('[AW1] [AW2] shows both airway errors for an upper lip bite Class 3 and a TMD of 5.5 cm', () => {
    const tab = renderTab(AirwayTab);
    fireEvent.click(screen.getByRole('radio', { name: 'Class 3' }));
    fireEvent.change(screen.getByLabelText('Thyromental distance (cm)'), { target: { value: '5.5' } });
    expect(tab.data()).toMatchObject({ ulbt: '3', tmd: 5.5 });
    expect(screen.getByText('Inability to bite upper lip is a strong indicator of difficult intubation')).toBeTruthy();
    expect(screen.getByText('< 6cm is associated with very high difficulty of intubation')).toBeTruthy();
  });

  it('[AW2] [AW3] warns at 6.2 cm and refuses three digits before the point', () => {
    const tab = renderTab(AirwayTab);
    const tmd = screen.getByLabelText('Thyromental distance (cm)');
    fireEvent.change(tmd, { target: { value: '6.2' } });
    expect(screen.getByText('greater difficulty of intubation')).toBeTruthy();
    fireEvent.change(tmd, { target: { value: '620' } });
    expect(screen.getByText('Use at most 2 digits before and after the point')).toBeTruthy();
    expect(tab.data().tmd).toBe(6.2);
  });

  it('opens each info dialog with a diagram and closes it with Close', async () => {
    renderTab(AirwayTab);
    for (const name of [
      'Brodsky tonsil grading',
      'Modified Mallampati',
      'Thyromental distance',
      'Upper lip bite test',
    ]) {
      fireEvent.click(screen.getByRole('button', { name: `About ${name}` }));
      const dialog = await screen.findByRole('dialog', { name });
      expect(within(dialog).getByRole('img')).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name })).toBeNull());
    }
  });

  it('fills the auscultation quick values CTAB and RRR w/o murmur', () => {
    const tab = renderTab(AirwayTab);
    fireEvent.click(screen.getByRole('button', { name: 'Lung auscultation: CTAB' }));
    fireEvent.click(screen.getByRole('button', { name: 'Heart auscultation: RRR w/o murmur' }));
    expect(tab.data()).toMatchObject({ lungAuscultation: 'CTAB', heartAuscultation: 'RRR w/o murmur' });
  });
});

describe('Medications tab', () => {
  it('stores none as the text none with an empty list and shows the none chip', () => {
    const tab = renderTab(MedicationsTab);
    fireEvent.click(screen.getByRole('button', { name: 'Takes no medications (none)' }));
    expect(tab.data()).toMatchObject({ medications: [], medicationsText: 'none' });
    expect(screen.getByRole('button', { name: 'Remove None' })).toBeTruthy();
  });

  it("lists a drug that matched nothing as '(not matched to drug ID)'", () => {
    renderTab(MedicationsTab, { medications: [{ id: null, name: 'Grandma tonic' }] });
    expect(screen.getByText('Grandma tonic (not matched to drug ID)')).toBeTruthy();
  });
});

describe('Physical tab', () => {
  it("reads the weight in the org's unit, shows 'Failed to parse', and the BMI badge", () => {
    const tab = renderTab(PhysicalTab);
    fireEvent.change(screen.getByLabelText(/Weight/), { target: { value: 'heavy' } });
    expect(screen.getByText('Failed to parse')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Weight/), { target: { value: '70' } });
    fireEvent.change(screen.getByLabelText(/Height/), { target: { value: '53' } });
    // 31.75 kg / 1.3462² m = 17.5: blue band (up to 18)
    expect(tab.data().weight?.value).toBeCloseTo(31.75, 2);
    expect(screen.getByText('BMI 17.5').closest('[data-bmi-colour]')?.getAttribute('data-bmi-colour')).toBe('blue');
  });
});

describe('Surgical tab', () => {
  it("[HH1] fills 'No known anesthesia complications' and counts it as none", () => {
    const tab = renderTab(SurgicalTab);
    fireEvent.click(screen.getByRole('button', { name: 'Anesthesia history: No known anesthesia complications' }));
    expect(tab.data().anesthesiaHistorySummary).toBe('No known anesthesia complications');
    expect(screen.getByText('Counted as none')).toBeTruthy();
  });
});

describe('Systems tab', () => {
  it('Yes opens an entry with follow-up questions; saving shows it as a line; Set all unanswered to No', () => {
    const tab = renderTab(SystemsTab);
    const pulmonary = screen.getByRole('region', { name: 'Pulmonary' });
    fireEvent.click(within(pulmonary).getByRole('radio', { name: 'Yes' }));
    fireEvent.change(within(pulmonary).getByLabelText('Pulmonary: condition'), { target: { value: 'asthma' } });
    fireEvent.click(
      within(within(pulmonary).getByRole('radiogroup', { name: 'Uses an inhaler' })).getByRole('radio', {
        name: 'Yes',
      }),
    );
    fireEvent.click(within(pulmonary).getByRole('button', { name: 'Save' }));
    expect(within(pulmonary).getByText('Asthma (Uses an inhaler: Yes)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set all unanswered to No' }));
    const review = tab.data().systemsReview!;
    expect(Object.keys(review)).toHaveLength(15);
    expect(review.pulmonary?.hasEntries).toBe(true);
    expect(review.cardiac).toEqual({ hasEntries: false, entries: [] });
  });
});

describe('Pre-Op Vitals tab', () => {
  it('[HH6] says no vitals were recorded in the last 30 days, and [HH7] badges an old entry red', () => {
    renderTab(PreOpVitalsTab, {
      manualVitals: [{ id: 'v', time: Date.now() - 400 * 86_400_000, temperatureUnit: 'F', vitals: { hr: 80 } }],
    });
    expect(screen.getByText('No vitals recorded in the last 30 days.')).toBeTruthy();
    expect(screen.getByText('1 year ago').closest('[data-age-colour]')?.getAttribute('data-age-colour')).toBe('red');
  });

  it('records a reading taken days before (a date beside the time); another day needs its time', async () => {
    // Noon local time: a reading at 09:30 three days ago is then '3 days ago' whatever the hour
    // the suite runs at (before 09:30 it would be 2 days and some hours ago). Only Date is faked.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 20, 12, 0));
    const tab = renderTab(PreOpVitalsTab);
    fireEvent.click(screen.getByRole('button', { name: 'Add vitals' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add vitals' });
    const day = new Date();
    day.setDate(day.getDate() - 3);
    const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: date } });
    fireEvent.change(within(dialog).getByLabelText(/Heart rate/), { target: { value: '88' } });
    expect(within(dialog).getByText('Enter the time of the reading')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '09:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save vitals' }));
    await waitFor(() => expect(tab.data().manualVitals).toHaveLength(1));
    const saved = new Date(tab.data().manualVitals![0]!.time as number);
    expect([saved.getDate(), saved.getHours(), saved.getMinutes()]).toEqual([day.getDate(), 9, 30]);
    expect(screen.getByText('3 days ago')).toBeTruthy();
  });

  it('refuses a reading dated in the future', async () => {
    renderTab(PreOpVitalsTab);
    fireEvent.click(screen.getByRole('button', { name: 'Add vitals' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add vitals' });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2999-01-01' } });
    expect(within(dialog).getByText('The date cannot be in the future')).toBeTruthy();
  });

  it('removes an entry only after confirmation', async () => {
    const tab = renderTab(PreOpVitalsTab, {
      manualVitals: [{ id: 'v', time: Date.now() - 86_400_000, temperatureUnit: 'F', vitals: { hr: 80 } }],
    });
    fireEvent.click(screen.getByRole('button', { name: /^Remove vitals at/ }));
    expect(tab.data().manualVitals).toHaveLength(1);
    const confirm = await screen.findByRole('dialog', { name: 'Remove vitals' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(tab.data().manualVitals).toHaveLength(0);
  });
});
