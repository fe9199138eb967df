// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_TEST_VENDOR, latin1Bytes, MASIMO_ASCII1_NOTE } from '@vigil/shared';
import { fakePort, fakeSerial } from '../../devices/fakeSerial.test-util.js';
import { DemoPage } from './DemoPage.js';
import { TestMonitorsPage } from './TestMonitorsPage.js';

afterEach(cleanup);

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
});
