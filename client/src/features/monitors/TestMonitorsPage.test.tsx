// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FAKE_TEST_VENDOR,
  latin1Bytes,
  MASIMO_ASCII1_NOTE,
  type BridgeReadingView,
  type BridgeView,
} from '@vigil/shared';
import { fakePort, fakeSerial } from '../../devices/fakeSerial.test-util.js';
import { DemoPage } from './DemoPage.js';
import { BRIDGE_READINGS_POLL_MS, TestMonitorsPage } from './TestMonitorsPage.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const flush = (): Promise<void> =>
  act(async () => {
    for (let i = 0; i < 30; i++) await Promise.resolve();
  });

describe('Test Monitor Connection (/demo?mode=testMonitors)', () => {
  it('shows what a monitor sends and the readings Vigil reads from it, without a case', async () => {
    const port = fakePort(FAKE_TEST_VENDOR);
    render(
      <MantineProvider>
        <TestMonitorsPage serial={fakeSerial(port.port)} />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Test Monitor Connection' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Connect monitor' }));
    await flush();
    port.push(latin1Bytes('14:02:01 SPO2=097 HR=07'), latin1Bytes('2\r\n14:02:02 SPO2=--- HR=---\r\n'));
    await flush();
    expect(screen.getByTestId('raw-bytes').textContent).toContain('14:02:01 SPO2=097 HR=072\\r\\n');
    const rows = within(screen.getByTestId('parsed-readings')).getAllByRole('row');
    // Header, then newest first: the blank reading, then SpO2 97 / HR 72.
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('HRSpO2'),
      expect.stringMatching(/––/),
      expect.stringMatching(/7297/),
    ]);
    // The newest reading is blank: the monitor is on and sends nothing.
    expect(screen.getByText('The monitor is connected but sending blank vitals values.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect monitor' }));
    await flush();
    expect(screen.getByTestId('monitor-status').textContent).toBe('Disconnected');
  });

  it('carries the Masimo note that some models must be switched to ASCII 1', () => {
    render(
      <MantineProvider>
        <TestMonitorsPage serial={fakeSerial(new Error('unused'))} />
      </MantineProvider>,
    );
    expect(screen.queryByText(MASIMO_ASCII1_NOTE)).toBeNull();
    fireEvent.change(screen.getByLabelText('Monitor type'), { target: { value: 'masimo' } });
    expect(screen.getByText(MASIMO_ASCII1_NOTE)).toBeTruthy();
  });

  it('names the Vigil Bridge where the browser has no Web Serial', () => {
    render(
      <MantineProvider>
        <TestMonitorsPage serial={null} />
      </MantineProvider>,
    );
    expect(screen.getByText(/Vigil Bridge/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect monitor' })).toBeNull();
  });

  it('is the /demo page in mode testMonitors; /demo otherwise is not built yet', () => {
    const at = (url: string): void => {
      render(
        <MantineProvider>
          <MemoryRouter initialEntries={[url]}>
            <DemoPage />
          </MemoryRouter>
        </MantineProvider>,
      );
    };
    at('/demo?orgId=smile&mode=testMonitors');
    expect(screen.getByRole('heading', { name: 'Test Monitor Connection' })).toBeTruthy();
    cleanup();
    at('/demo');
    expect(screen.getByText('Not available yet')).toBeTruthy();
  });

  it('shows a bridge monitor’s latest readings for the office, asked for again while the page is open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const bridge: BridgeView = {
      ...{ id: 'brg-1', name: 'Front desk computer', location: 'Operatory 1', pairedAt: 1, lastSeenAt: 2 },
      revokedAt: null,
      monitors: [
        { bridgeId: 'brg-1', key: 'nonin:ox', label: 'Oximeter', protocol: 'nonin', lastReadingAt: 2 },
        { bridgeId: 'brg-1', key: 'hl7:MON', label: 'Operatory 1 monitor', protocol: 'hl7', lastReadingAt: 2 },
      ].map((m) => ({ ...m, caseId: null, intervalMs: null })),
    };
    const at = (h: number, m: number, s: number): number => new Date(2026, 10, 28, h, m, s).getTime();
    let answer: BridgeReadingView[] = [
      {
        id: 'r1',
        receivedAt: at(9, 0, 1),
        vitals: [
          { vital: 'hr', value: 72 },
          { vital: 'spo2', value: 97 },
        ],
      },
    ];
    const asked: string[] = [];
    const api = {
      fetchBridges: (orgId: string) => Promise.resolve(orgId === 'smile' ? [bridge] : []),
      fetchBridgeMonitorReadings: (orgId: string, m: { bridgeId: string; key: string }) => {
        asked.push(`${orgId} ${m.bridgeId} ${m.key}`);
        return Promise.resolve(answer);
      },
    };
    render(
      <MantineProvider>
        <TestMonitorsPage serial={null} orgId="smile" bridgeApi={api} />
      </MantineProvider>,
    );
    await flush();
    const select = screen.getByLabelText('Bridge monitor');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose a monitor',
      'Oximeter (Front desk computer, Operatory 1)',
      'Operatory 1 monitor (Front desk computer, Operatory 1)',
    ]);
    expect(asked).toEqual([]);
    fireEvent.change(select, { target: { value: JSON.stringify(['brg-1', 'hl7:MON']) } });
    await flush();
    expect(asked).toEqual(['smile brg-1 hl7:MON']);
    const rows = (): string[] =>
      within(screen.getByTestId('bridge-readings'))
        .getAllByRole('row')
        .map((r) => r.textContent ?? '');
    expect(rows()).toEqual([expect.stringContaining('HRSpO2'), expect.stringMatching(/7297/)]);
    // The monitor goes on sending, blank now: the next poll shows it, newest first, and says so.
    answer = [
      ...answer,
      {
        id: 'r2',
        receivedAt: at(9, 0, 6),
        vitals: [
          { vital: 'hr', value: null },
          { vital: 'spo2', value: null },
        ],
      },
    ];
    await act(async () => {
      vi.advanceTimersByTime(BRIDGE_READINGS_POLL_MS);
      await Promise.resolve();
    });
    await flush();
    expect(asked).toHaveLength(2);
    expect(rows()).toEqual([
      expect.stringContaining('HRSpO2'),
      expect.stringMatching(/––/),
      expect.stringMatching(/7297/),
    ]);
    expect(screen.getByText('The monitor is connected but sending blank vitals values.')).toBeTruthy();
  });

  it('says when the office has no bridge monitor, and shows no bridge part without an office', async () => {
    const api = { fetchBridges: () => Promise.resolve([]), fetchBridgeMonitorReadings: () => Promise.resolve([]) };
    render(
      <MantineProvider>
        <TestMonitorsPage serial={null} orgId="smile" bridgeApi={api} />
      </MantineProvider>,
    );
    await flush();
    expect(screen.getByText('The office has no paired bridge with a monitor.')).toBeTruthy();
    cleanup();
    render(
      <MantineProvider>
        <TestMonitorsPage serial={null} bridgeApi={api} />
      </MantineProvider>,
    );
    await flush();
    expect(screen.queryByRole('heading', { name: 'A Vigil Bridge’s monitor' })).toBeNull();
  });
});
