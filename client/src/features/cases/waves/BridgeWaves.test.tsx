// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { ECG_CAPTURE_NOT_IN_PLAN, type BridgeView, type BridgeWaveformView } from '@vigil/shared';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../data/graphql.js';
import { BridgeWaves, NO_BRIDGE_WAVES, type BridgeWavesApi } from './BridgeWaves.js';

afterEach(cleanup);

const settle = (): Promise<void> =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

const T = Date.UTC(2027, 0, 5, 16);
const bridge = (caseId: string | null): BridgeView => ({
  id: 'brg-1',
  name: 'Front desk computer',
  location: 'Operatory 1',
  pairedAt: T - 3_600_000,
  lastSeenAt: T,
  revokedAt: null,
  monitors: [
    {
      bridgeId: 'brg-1',
      key: 'hl7:GE',
      label: 'Operatory 1 monitor',
      protocol: 'hl7',
      lastReadingAt: T,
      caseId,
      intervalMs: caseId ? 15_000 : null,
    },
  ],
});
/** 5 s of a 100 Hz pleth and of a 250 Hz ECG II. */
const WAVES: BridgeWaveformView[] = [
  {
    type: 'pleth',
    sampleRateHz: 100,
    receivedAt: T,
    values: Array.from({ length: 500 }, (_, i) => Math.round(50 + 40 * Math.sin(i / 8))),
  },
  {
    type: 'II',
    sampleRateHz: 250,
    receivedAt: T,
    values: Array.from({ length: 1250 }, (_, i) => (i % 200 < 10 ? 500 : 0)),
  },
];

function renderWaves(opts: { caseId?: string | null; waves?: BridgeWaveformView[]; refuse?: string } = {}) {
  const api = {
    fetchBridges: vi.fn(() => Promise.resolve([bridge(opts.caseId === undefined ? 'apt-1' : opts.caseId)])),
    fetchBridgeMonitorWaveforms: vi.fn(() => Promise.resolve(opts.waves ?? WAVES)),
    captureBridgeWaveform: vi.fn((_o: string, _c: string, _m: unknown, type: string, notes: string | null) =>
      opts.refuse
        ? Promise.reject(new RequestError(opts.refuse))
        : Promise.resolve({
            id: 'wav-1',
            name: type === 'pleth' ? 'Pleth (monitor)' : `ECG ${type} (monitor)`,
            time: T,
            type,
            notes,
          }),
    ),
  } satisfies BridgeWavesApi;
  render(
    <MantineProvider>
      <BridgeWaves orgId="office" caseId="apt-1" disabled={false} api={api} />
    </MantineProvider>,
  );
  return api;
}

describe('a bridge monitor’s live waves on the case screen (issue 38)', () => {
  it('draws each wave the monitor charting this case relays, with the one live wave view', async () => {
    const api = renderWaves();
    await settle();
    await settle();
    const section = screen.getByRole('region', { name: 'Live waves from Operatory 1 monitor (Front desk computer)' });
    expect(
      within(section)
        .getAllByTestId('live-wave')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Pleth live from the monitor', 'ECG II live from the monitor']);
    expect(api.fetchBridgeMonitorWaveforms).toHaveBeenCalledWith('office', { bridgeId: 'brg-1', key: 'hl7:GE' });
  });

  it('shows nothing while no bridge monitor charts this case', async () => {
    const api = renderWaves({ caseId: 'apt-2' });
    await settle();
    await settle();
    expect(screen.queryByRole('region')).toBeNull();
    expect(api.fetchBridgeMonitorWaveforms).not.toHaveBeenCalled();
  });

  it('says so when the bridge sends no waves, and offers no capture', async () => {
    renderWaves({ waves: [] });
    await settle();
    await settle();
    expect(screen.getByText(NO_BRIDGE_WAVES)).toBeTruthy();
    expect(screen.queryByTestId('live-wave')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Capture strip' })).toBeNull();
  });

  it('captures a strip of the wave chosen with its note, through the server', async () => {
    const api = renderWaves();
    await settle();
    await settle();
    fireEvent.change(screen.getByLabelText('Monitor waveform'), { target: { value: 'II' } });
    fireEvent.change(screen.getByLabelText('Strip notes'), { target: { value: ' sinus rhythm ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Capture strip' }));
    await settle();
    expect(api.captureBridgeWaveform).toHaveBeenCalledWith(
      'office',
      'apt-1',
      expect.objectContaining({ bridgeId: 'brg-1', key: 'hl7:GE' }),
      'II',
      'sinus rhythm',
    );
    expect(screen.getByRole('status').textContent).toBe('ECG II (monitor) captured.');
    expect(screen.getByLabelText<HTMLInputElement>('Strip notes').value).toBe('');
  });

  it.each([
    ['PLAN_REQUIRED', ECG_CAPTURE_NOT_IN_PLAN],
    ['FINALIZED', 'This case is finalized: it can no longer be changed.'],
    ['NO_WAVEFORM', 'The monitor has sent none of this waveform in the last 20 s.'],
  ])('shows the refusal %s', async (code, text) => {
    renderWaves({ refuse: code });
    await settle();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Capture strip' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
