// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MINUTE } from '@vigil/shared';
import { recordMonitorReading } from '../../../devices/monitor.js';
import { VitalsSection } from './VitalsSection.js';
import { readField, readVitalsRecords, setField, type CaseDoc } from '../../../case/index.js';
import { newCaseDoc, pushEntries } from '../../../case/testing.js';

vi.mock('./VitalsChart.js', () => ({
  // uPlot draws on a canvas, which happy-dom lacks; the chart's data is tested in series.test.ts.
  VitalsChart: ({ points }: { points: unknown[] }) => (
    <div role="img" aria-label={`Vitals chart, ${points.length} readings`} />
  ),
}));

afterEach(cleanup);

/** The vitals section of a case, charting, in an organisation that uses °F unless `celsius`. */
function showSection(doc: CaseDoc, celsius = false): void {
  render(
    <MantineProvider>
      <VitalsSection
        doc={doc}
        readOnly={false}
        context={{ orgId: 'o', caseId: 'c', weightKg: null, ageYears: null, tempsInCelsius: celsius }}
      />
    </MantineProvider>,
  );
}

describe('vitals section on a case document', () => {
  it('shows checkpoint rows every 5 minutes from case start with the nearest reading, and 10 when set', () => {
    const doc = newCaseDoc();
    const start = Date.now() - 12 * MINUTE;
    setField(doc, 'events', { caseStart: start });
    recordMonitorReading(doc, {
      lastUpdated: start + 5 * MINUTE + 10_000,
      simulated: true,
      monitorLabel: 'Simulated monitor',
      monitorId: 'mon-other',
      selectedVitals: ['hr'],
      vitals: { hr: { value: 77, time: start + 5 * MINUTE + 10_000 } },
    });
    showSection(doc);
    const table = screen.getByRole('table', { name: 'Vitals every 5 minutes' });
    // Rows at 0, 5 and 10 minutes (newest first) and a header row.
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[2]!.textContent).toContain('77');
    expect(within(rows[2]!).getByText('Simulated')).toBeTruthy();
    expect(rows[3]!.textContent).toContain('no data');
    expect(screen.getByRole('img', { name: 'Vitals chart, 1 readings' })).toBeTruthy();

    fireEvent.click(screen.getByText('10 min'));
    expect(readField(doc, 'vitalsInterval')).toBe(10);
    expect(within(screen.getByRole('table', { name: 'Vitals every 10 minutes' })).getAllByRole('row')).toHaveLength(3);
  });

  it("puts 'Add vitals' under the banner, above the chart and the checkpoint table", () => {
    const doc = newCaseDoc();
    setField(doc, 'events', { caseStart: Date.now() - 60 * MINUTE });
    showSection(doc);
    const add = screen.getByRole('button', { name: 'Add vitals' });
    const banner = screen.getByRole('status', { name: 'Current vitals' });
    const table = screen.getByRole('table', { name: 'Vitals every 5 minutes' });
    const chart = screen.getByRole('img', { name: 'Vitals chart, 0 readings' });
    expect(banner.compareDocumentPosition(add) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(add.compareDocumentPosition(chart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(add.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows a reading saved from the dialog in the checkpoint rows and the chart (they follow one render later)', async () => {
    const doc = newCaseDoc();
    setField(doc, 'events', { caseStart: Date.now() - 12 * MINUTE });
    showSection(doc);
    expect(screen.getByRole('img', { name: 'Vitals chart, 0 readings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add vitals' }));
    const dialog = screen.getByRole('dialog', { name: 'Add vitals' });
    fireEvent.change(within(dialog).getByLabelText('Heart rate (bpm)'), { target: { value: '72' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save vitals' }));
    expect(await screen.findByRole('img', { name: 'Vitals chart, 1 readings' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Vitals every 5 minutes' })).getAllByRole('row');
    // The reading at 12 minutes is nearest the 10-minute checkpoint, the newest row.
    expect(rows[1]!.textContent).toContain('72');
    expect(within(rows[1]!).getByText('Manual')).toBeTruthy();
  });

  it('edits a manual entry in its place and removes one only once confirmed (spec 002 §2)', async () => {
    const doc = newCaseDoc();
    const list = (): { id: string; time: number; vitals: Record<string, number | null> }[] =>
      readField(doc, 'manualVitals') as never[];
    const time = Date.UTC(2026, 10, 23, 14, 5);
    act(() => {
      pushEntries(doc, 'manualVitals', [
        { id: 'vit-a', time, temperatureUnit: 'F', vitals: { hr: 70 } },
        { id: 'vit-b', time: time + MINUTE, temperatureUnit: 'F', vitals: { hr: 80 } },
      ]);
    });
    showSection(doc);
    const at = (t: number): string => new Date(t).toTimeString().slice(0, 5);
    fireEvent.click(screen.getByRole('button', { name: `Edit vitals at ${at(time)}` }));
    const dialog = screen.getByRole('dialog', { name: 'Edit vitals' });
    const hr = within(dialog).getByLabelText<HTMLInputElement>('Heart rate (bpm)');
    expect(hr.value).toBe('70');
    fireEvent.change(hr, { target: { value: '74' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save vitals' }));
    // The same entry, first in the list still, with the new value and its time kept.
    expect(list().map((e) => [e.id, e.time, e.vitals.hr])).toEqual([
      ['vit-a', time, 74],
      ['vit-b', time + MINUTE, 80],
    ]);

    fireEvent.click(screen.getByRole('button', { name: `Remove vitals at ${at(time + MINUTE)}` }));
    const question = await screen.findByRole('dialog', { name: 'Remove vitals?' });
    expect(within(question).getByText(`Remove the vitals recorded at ${at(time + MINUTE)}?`)).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Keep' }));
    expect(list()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: `Remove vitals at ${at(time + MINUTE)}` }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove vitals?' })).getByRole('button', { name: 'Remove' }),
    );
    expect(list().map((e) => e.id)).toEqual(['vit-a']);
  });

  it('sets a vital tracking status in the case', () => {
    const doc = newCaseDoc();
    showSection(doc, true);
    expect(screen.getByText('No vitals measurements recorded yet.')).toBeTruthy();
    act(() => {
      fireEvent.change(screen.getByLabelText('HR tracking'), { target: { value: 'paused' } });
    });
    expect(readField(doc, 'vitalTracking')).toEqual({ hr: 'paused' });
  });

  it('stops the simulated monitor when vitals tracking is switched off for the case', () => {
    vi.useFakeTimers();
    try {
      const doc = newCaseDoc();
      const readings = (): number => readVitalsRecords(doc).length;
      showSection(doc);
      const monitor = (): HTMLInputElement => screen.getByRole('switch', { name: /Simulated monitor/ });
      act(() => {
        fireEvent.click(monitor());
      });
      act(() => {
        vi.advanceTimersByTime(5_000);
      });
      expect(readings()).toBe(2);
      act(() => {
        setField(doc, 'vitalsTrackingEnabled', false);
      });
      act(() => {
        vi.advanceTimersByTime(20_000);
      });
      expect(readings()).toBe(2);
      expect(monitor().checked).toBe(false);
      expect(monitor().disabled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
