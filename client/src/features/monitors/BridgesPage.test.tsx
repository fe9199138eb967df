// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { BridgeView } from '@vigil/shared';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeMonitorPicker } from './BridgeMonitorPicker.js';
import { BridgesPage } from './BridgesPage.js';

afterEach(cleanup);

const settle = (): Promise<void> =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

const BRIDGE: BridgeView = {
  id: 'brg-1',
  name: 'Front desk computer',
  location: 'Operatory 1',
  pairedAt: Date.UTC(2027, 0, 5, 15),
  lastSeenAt: Date.UTC(2027, 0, 5, 16),
  revokedAt: null,
  monitors: [
    {
      bridgeId: 'brg-1',
      key: 'hl7:GE',
      label: 'Operatory 1 monitor',
      protocol: 'hl7',
      lastReadingAt: Date.UTC(2027, 0, 5, 16),
      caseId: null,
      intervalMs: null,
    },
  ],
};

function renderPage(isAdmin: boolean, bridges: BridgeView[] = [BRIDGE]) {
  const api = {
    fetchBridges: vi.fn(() => Promise.resolve(bridges)),
    createPairingCode: vi.fn((_o: string, location: string) =>
      Promise.resolve({ code: 'ABCD-EFGH', location, expiresAt: Date.UTC(2027, 0, 5, 15, 10) }),
    ),
    revokeBridge: vi.fn(() => Promise.resolve({ ...BRIDGE, revokedAt: Date.UTC(2027, 0, 5, 17) })),
  };
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/org/office/monitors']}>
        <Routes>
          <Route path="/org/:orgId/monitors" element={<BridgesPage api={api} isAdmin={isAdmin} />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
  return api;
}

describe('/org/{orgId}/monitors (issue 38)', () => {
  it('lists each bridge with its location, last seen and monitors', async () => {
    renderPage(false);
    await settle();
    const card = screen.getByRole('region', { name: 'Front desk computer' });
    expect(within(card).getByText('Paired')).toBeTruthy();
    expect(within(card).getByText(/^Operatory 1 · paired/)).toBeTruthy();
    expect(within(card).getByRole('cell', { name: 'Operatory 1 monitor' })).toBeTruthy();
    expect(within(card).getByRole('cell', { name: 'HL7 v2 monitor or gateway (IHE PCD-01 over MLLP)' })).toBeTruthy();
    // A member sees them; pairing and revoking are the administrators'.
    expect(screen.queryByRole('button', { name: 'Create pairing code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('says so when no bridge is paired', async () => {
    renderPage(true, []);
    await settle();
    expect(screen.getByText('No bridge is paired with this office yet.')).toBeTruthy();
  });

  it('shows an administrator the pairing code made for a location, once', async () => {
    const api = renderPage(true);
    await settle();
    fireEvent.change(screen.getByLabelText(/Location/), { target: { value: ' Operatory 2 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create pairing code' }));
    await settle();
    expect(api.createPairingCode).toHaveBeenCalledWith('office', 'Operatory 2');
    expect(screen.getByTestId('pairing-code').textContent).toBe('ABCD-EFGH');
  });

  it('revokes a bridge only after it is confirmed, and shows it revoked', async () => {
    const api = renderPage(true);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(api.revokeBridge).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke bridge' }));
    await settle();
    expect(api.revokeBridge).toHaveBeenCalledWith('office', 'brg-1');
    expect(within(screen.getByRole('region', { name: 'Front desk computer' })).getByText('Revoked')).toBeTruthy();
  });
});

describe('the case screen’s bridge monitors (issue 38)', () => {
  function renderPicker(bridges: BridgeView[]) {
    const api = {
      fetchBridges: vi.fn(() => Promise.resolve(bridges)),
      chartBridgeMonitor: vi.fn(() => Promise.resolve(BRIDGE.monitors[0]!)),
      stopBridgeMonitor: vi.fn(() => Promise.resolve(true)),
    };
    render(
      <MantineProvider>
        <BridgeMonitorPicker orgId="office" caseId="case-1" disabled={false} api={api} />
      </MantineProvider>,
    );
    return api;
  }

  it('charts the case from the monitor and interval picked', async () => {
    const api = renderPicker([BRIDGE]);
    await settle();
    fireEvent.change(screen.getByLabelText('Chart a reading every'), { target: { value: '30000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Chart from this monitor' }));
    await settle();
    expect(api.chartBridgeMonitor).toHaveBeenCalledWith('office', 'case-1', BRIDGE.monitors[0], 30000);
  });

  it('says which monitor charts this case and stops it', async () => {
    const charting = { ...BRIDGE, monitors: [{ ...BRIDGE.monitors[0]!, caseId: 'case-1', intervalMs: 15000 }] };
    const api = renderPicker([charting]);
    await settle();
    expect(screen.getByText('Charting from Operatory 1 monitor (Front desk computer) every 15 s.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await settle();
    expect(api.stopBridgeMonitor).toHaveBeenCalledWith('office', charting.monitors[0]);
  });

  it('shows nothing while the office has no bridge monitor, or only a revoked bridge’s', async () => {
    renderPicker([{ ...BRIDGE, revokedAt: 1 }]);
    await settle();
    expect(screen.queryByRole('region', { name: 'Bridge monitors' })).toBeNull();
  });
});
