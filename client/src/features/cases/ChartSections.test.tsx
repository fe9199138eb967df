// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedMonitor } from './vitals/SimulatedMonitor.js';
import { DrugsSection } from './drugs/DrugsSection.js';
import { IvSitesSection } from './iv/IvSitesSection.js';
import type { CaseSectionProps } from './caseSection.js';
import { readField, readVitalsRecords, setField, type CaseDoc } from '../../case/index.js';
import { exchangeUpdates, newCaseDoc, pushEntries } from '../../case/testing.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function caseDoc(): CaseDoc {
  const doc = newCaseDoc();
  return doc;
}
const props = (doc: CaseDoc): CaseSectionProps => ({
  doc,
  readOnly: false,
  context: { orgId: 'org-1', caseId: 'apt-1', weightKg: 20, ageYears: 6, tempsInCelsius: false },
});
const list = (doc: CaseDoc, key: string): unknown[] => readField(doc, key) as unknown[];
const set = (label: string, value: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

describe('drugs section on a case document', () => {
  it('adds midazolam PO as its own list entry and shows the running total', () => {
    const doc = caseDoc();
    render(
      <MantineProvider>
        <DrugsSection {...props(doc)} />
      </MantineProvider>,
    );
    // 5 + 5 mg PO for the 20 kg child is 100 % of 0.5 mg/kg (DM2): charted without the confirmation.
    for (const amount of ['5', '5']) {
      set('Drug', 'Midazolam');
      set('Route', 'PO');
      set('Dose', amount);
      fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    }
    expect(list(doc, 'drugsAdministered')).toHaveLength(2);
    expect(screen.getByTestId('total-oral:midazolam').textContent).toBe('10 mg');
  });

  it('keeps both tablets’ doses when two add at once, and shows waste only with the case switch on', () => {
    const a = caseDoc();
    const b = caseDoc();
    const entry = (id: string, amount: number) => ({
      id,
      name: 'Midazolam',
      drugId: 'midazolam',
      doses: [
        {
          drugId: 'midazolam',
          route: 'IV',
          amount,
          amount_raw: String(amount),
          unit: 'mg',
          time: 1,
          isPreProcedure: false,
          isComplete: true,
          perKg: null,
        },
      ],
    });
    pushEntries(a, 'drugsAdministered', [entry('d1', 1)]);
    pushEntries(b, 'drugsAdministered', [
      entry('d2', 2),
      { id: 'w1', name: 'Midazolam', drugId: 'midazolam', drawn: { amount: 5, unit: 'mg', time: 0 } },
    ]);
    exchangeUpdates(a, b);
    render(
      <MantineProvider>
        <DrugsSection {...props(a)} />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Parenteral' });
    expect(within(table).getByTestId('total-parenteral:midazolam').textContent).toBe('3 mg');
    expect(within(table).queryByText('Wasted')).toBeNull();
    act(() => {
      setField(a, 'calculateDrugWaste', true);
    });
    expect(within(screen.getByRole('table', { name: 'Parenteral' })).getByText('2 mg')).toBeTruthy();
  });

  it('removes a dose only after confirmation', async () => {
    const doc = caseDoc();
    render(
      <MantineProvider>
        <DrugsSection {...props(doc)} />
      </MantineProvider>,
    );
    set('Drug', 'Ketamine');
    set('Dose', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Add drug' }));
    fireEvent.click(screen.getByRole('button', { name: /^Remove Ketamine 20 mg IV/ }));
    expect(list(doc, 'drugsAdministered')).toHaveLength(1);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(list(doc, 'drugsAdministered')).toHaveLength(0);
  });
});

describe('IV sites section on a case document', () => {
  it('adds a site, then replaces its entry when the removal time is charted', () => {
    const doc = caseDoc();
    render(
      <MantineProvider>
        <IvSitesSection {...props(doc)} />
      </MantineProvider>,
    );
    set('Gauge', '24');
    fireEvent.click(screen.getByRole('button', { name: 'Add IV site' }));
    expect(list(doc, 'ivSites')).toEqual([
      expect.objectContaining({ needleGauge: 24, attempts: 1, timeRemoved: null }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: /IV removed now/ }));
    const sites = list(doc, 'ivSites') as { timeRemoved: number | null }[];
    expect(sites).toHaveLength(1);
    expect(sites[0]!.timeRemoved).toEqual(expect.any(Number));
  });
});

describe('simulated monitor (spec 002 §9)', () => {
  it('writes a simulated reading at once and every 5 s while on, leaving out paused vitals', () => {
    vi.useFakeTimers();
    const doc = caseDoc();
    const onMonitorId = vi.fn();
    render(
      <MantineProvider>
        <SimulatedMonitor
          doc={doc}
          monitorId="mon-1"
          onMonitorId={onMonitorId}
          tracking={{ etco2: 'paused' }}
          disabled={false}
        />
      </MantineProvider>,
    );
    expect(readVitalsRecords(doc)).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    const records = readVitalsRecords(doc);
    expect(records).toHaveLength(3);
    expect(records.every((r) => r.simulated && r.monitorId === 'mon-1')).toBe(true);
    expect(Object.keys(records[0]!.vitals).sort()).toEqual(['hr', 'rr', 'spo2']);
    fireEvent.click(screen.getByRole('switch', { name: /Simulated monitor/ }));
    expect(onMonitorId).toHaveBeenCalledWith(null);
  });
});
