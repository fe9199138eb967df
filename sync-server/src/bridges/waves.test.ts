import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors.js';
import type { BridgeRow } from '../store/bridges/types.js';
import { BridgeWaves } from './waves.js';

const NOW = 1_790_000_000_000;
const bridge: BridgeRow = {
  ...{ id: 'brg-1', orgId: 'office', location: 'loc-1', name: 'Op 1', secretHash: 'h', pairedAt: 0 },
  ...{ pairedBy: 'usr-1', lastSeenAt: null, revokedAt: null, revokedBy: null },
};
/** 5 s of a 100 Hz pleth, received now. */
const pleth = {
  orgId: 'office',
  monitors: [{ key: 'mon-1', label: 'Op 1 monitor', protocol: 'hl7' }],
  waveforms: [
    {
      ...{ monitorKey: 'mon-1', type: 'pleth' as const, sampleRateHz: 100, receivedAt: NOW },
      values: Array.from({ length: 500 }, (_, i) => Math.round(50 + 40 * Math.sin(i / 8))),
    },
  ],
};

describe('a bridge monitor strip captured into a case (issue 38)', () => {
  it('is refused FINALIZED for a finalized case, writes nothing and lets the room go', async () => {
    const write = vi.fn();
    const release = vi.fn();
    const waves = new BridgeWaves({
      store: {
        seen: () => Promise.resolve(),
        monitors: () => Promise.resolve([]),
        putMonitors: () => Promise.resolve(),
      },
      rooms: { seal: () => Promise.resolve({ finalized: true, write, release } as never) },
      now: () => NOW,
    });
    await waves.deliver(bridge, pleth);
    const capture = waves.capture('office', bridge, {
      caseId: 'apt-1',
      bridgeId: 'brg-1',
      monitorKey: 'mon-1',
      type: 'pleth',
    });
    await expect(capture).rejects.toBeInstanceOf(AppError);
    await expect(capture).rejects.toMatchObject({ code: 'FINALIZED' });
    expect(write).not.toHaveBeenCalled();
    expect(release).toHaveBeenCalledTimes(1);
  });
});
