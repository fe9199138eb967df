import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors.js';
import type { BridgeRow } from '../store/bridges/types.js';
import { BRIDGE_WAVE_MONITORS_KEPT, BridgeWaves } from './waves.js';

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

describe('the waves a bridge’s monitors relay, kept in memory (session 31)', () => {
  /** A bridge's waves with a clock moved a second a delivery (the half-second delivery limit). */
  function relay() {
    let now = NOW;
    const waves = new BridgeWaves({
      store: {
        seen: () => Promise.resolve(),
        monitors: () => Promise.resolve([]),
        putMonitors: () => Promise.resolve(),
      },
      rooms: { seal: () => Promise.reject(new Error('not used')) },
      now: () => now,
    });
    const deliver = (key: string, from: BridgeRow = bridge): Promise<unknown> => {
      now += 1000;
      return waves.deliver(from, {
        orgId: 'office',
        monitors: [{ key, label: key, protocol: 'hl7' }],
        waveforms: [{ ...pleth.waveforms[0]!, monitorKey: key, receivedAt: now }],
      });
    };
    const held = (...keys: string[]): string[] => keys.filter((k) => waves.recent('brg-1', k).length > 0);
    return { deliver, held, waves };
  }

  it(`keeps ${BRIDGE_WAVE_MONITORS_KEPT} monitors a bridge: the one that delivered least lately is dropped for a new one`, async () => {
    expect(BRIDGE_WAVE_MONITORS_KEPT).toBe(8);
    const { deliver, held } = relay();
    const keys = Array.from({ length: 10 }, (_, i) => `mon-${i + 1}`);
    for (const key of keys.slice(0, 8)) await deliver(key);
    expect(held(...keys)).toEqual(keys.slice(0, 8));
    // mon-1 delivers again: it is now the newest; mon-2 is the oldest.
    await deliver('mon-1');
    await deliver('mon-9');
    expect(held(...keys)).toEqual(['mon-1', ...keys.slice(2, 9)]);
    await deliver('mon-10');
    expect(held(...keys)).toEqual(['mon-1', ...keys.slice(3, 10)]);
  });

  it('counts each bridge’s monitors on their own: another bridge’s new monitor drops none of this one’s', async () => {
    const { deliver, held, waves } = relay();
    const keys = Array.from({ length: 8 }, (_, i) => `mon-${i + 1}`);
    for (const key of keys) await deliver(key);
    await deliver('mon-9', { ...bridge, id: 'brg-2' });
    expect(held(...keys)).toEqual(keys);
    expect(waves.recent('brg-2', 'mon-9')).toHaveLength(1);
    expect(waves.recent('brg-1', 'mon-9')).toEqual([]);
  });
});
