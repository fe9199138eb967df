// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAKE_TEST_VENDOR, latin1Bytes, MONITOR_BLANK_VALUES, SECOND } from '@vigil/shared';
import { readVitalsRecords, setField } from '../../../case/index.js';
import { newCaseDoc } from '../../../case/testing.js';
import { fakePort, fakeSerial, type FakePort } from '../../../devices/fakeSerial.test-util.js';
import { VitalsSection } from './VitalsSection.js';

vi.mock('./VitalsChart.js', () => ({
  VitalsChart: ({ points }: { points: unknown[] }) => <div role="img" aria-label={`Vitals chart, ${points.length}`} />,
}));

const T0 = Date.UTC(2026, 10, 29, 9, 0, 0);
let port: FakePort;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  port = fakePort(FAKE_TEST_VENDOR);
  Object.defineProperty(navigator, 'serial', { value: fakeSerial(port.port), configurable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serial');
});

/** A Nonin line a second, SpO2 90–99 by the second so each second's reading can be told apart. */
const line = (s: number, blank = false): Uint8Array =>
  latin1Bytes(blank ? 'SPO2=--- HR=---\r\n' : `SPO2=0${90 + (s % 10)} HR=0${60 + (s % 10)}\r\n`);

/** Seconds `from` to `to` of the monitor speaking: a line, then a second of the clock. */
async function speak(from: number, to: number, blank = false): Promise<void> {
  for (let s = from; s <= to; s++) {
    port.push(line(s, blank));
    await act(() => vi.advanceTimersByTimeAsync(SECOND));
  }
}

async function connectedSection() {
  const doc = newCaseDoc();
  setField(doc, 'events', { caseStart: T0 });
  render(
    <MantineProvider>
      <VitalsSection
        doc={doc}
        readOnly={false}
        context={{ orgId: 'o', caseId: 'c', weightKg: null, ageYears: null, tempsInCelsius: false }}
      />
    </MantineProvider>,
  );
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Connect monitor' }));
    await vi.advanceTimersByTimeAsync(0);
  });
  return doc;
}

describe('a serial monitor on the case screen (issue 38; spec 002 §4, §9)', () => {
  it('charts one reading every 15 s while the banner shows each second, then waits and warns when the stream stops', async () => {
    const doc = await connectedSection();
    expect(screen.getByTestId('monitor-status').textContent).toContain('Test serial device (1209:0001)');
    await speak(0, 31);
    // Readings at 0, 15 and 30 s charted (the line of second s arrives at T0 + s s): three, not 32.
    const charted = readVitalsRecords(doc);
    expect(charted.map((r) => (r.lastUpdated - T0) / SECOND)).toEqual([0, 15, 30]);
    expect(charted.map((r) => r.vitals.spo2?.value)).toEqual([90, 95, 90]);
    expect(charted[0]).toMatchObject({ simulated: false, monitorLabel: 'Nonin pulse oximeter (real-time ASCII)' });
    // The banner shows the newest reading (second 31: SpO2 91), not the newest charted one.
    expect(screen.getByTestId('banner-spo2').textContent).toContain('91');
    expect(screen.queryByText('Data is delayed')).toBeNull();

    // The stream stops: waiting after 5 s (a spinner), then the banner's delay rules (20 s orange, 30 s red).
    await act(() => vi.advanceTimersByTimeAsync(6 * SECOND));
    expect(screen.getByTestId('monitor-status').textContent).toContain('Waiting for readings');
    await act(() => vi.advanceTimersByTimeAsync(14 * SECOND));
    expect(screen.getByText('Data is delayed').closest('[data-delayed]')?.getAttribute('data-delayed')).toBe('orange');
    await act(() => vi.advanceTimersByTimeAsync(10 * SECOND));
    expect(screen.getByText('Data is delayed').closest('[data-delayed]')?.getAttribute('data-delayed')).toBe('red');
  });

  it('charts at the interval the provider chose, and says when the monitor sends blank values', async () => {
    const doc = await connectedSection();
    fireEvent.change(screen.getByLabelText('Chart a reading every'), { target: { value: '5000' } });
    await speak(0, 10);
    expect(readVitalsRecords(doc).map((r) => (r.lastUpdated - T0) / SECOND)).toEqual([0, 5, 10]);
    expect(screen.queryByText(MONITOR_BLANK_VALUES)).toBeNull();
    await speak(11, 12, true);
    expect(screen.getByText(MONITOR_BLANK_VALUES)).toBeTruthy();
  });

  it('leaves a paused vital out of what it charts', async () => {
    const doc = await connectedSection();
    act(() => setField(doc, 'vitalTracking', { hr: 'paused' }));
    await speak(0, 0);
    expect(Object.keys(readVitalsRecords(doc)[0]!.vitals)).toEqual(['spo2']);
  });

  it('names the Vigil Bridge where the browser has no Web Serial', () => {
    Reflect.deleteProperty(navigator, 'serial');
    render(
      <MantineProvider>
        <VitalsSection
          doc={newCaseDoc()}
          readOnly={false}
          context={{ orgId: 'o', caseId: 'c', weightKg: null, ageYears: null, tempsInCelsius: false }}
        />
      </MantineProvider>,
    );
    expect(screen.getByText(/Vigil Bridge/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect monitor' })).toBeNull();
  });
});
