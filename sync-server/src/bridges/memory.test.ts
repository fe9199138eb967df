import { describe, expect, it } from 'vitest';
import { MemoryPubSubHub } from '../pubsub.js';
import type { BridgeRow } from '../store/bridges/types.js';
import {
  pubSubBridgeRelay,
  readingViews,
  RecentReadings,
  RECENT_READINGS_KEPT,
  type RelayedDelivery,
} from './memory.js';
import { BridgeWaves } from './waves.js';

const NOW = 1_790_000_000_000;
const CHANNEL = 'test:bridge-memory';
const bridge: BridgeRow = {
  ...{ id: 'brg-1', orgId: 'office', location: 'loc-1', name: 'Op 1', secretHash: 'h', pairedAt: 0 },
  ...{ pairedBy: 'usr-1', lastSeenAt: null, revokedAt: null, revokedBy: null },
};
const reading = (id: string, receivedAt: number, hr: number | null) => ({
  monitorKey: 'mon-1',
  reading: { id, receivedAt, vitals: [{ vital: 'hr', value: hr }] },
});

/** Everything an instance heard once the hub's asynchronous deliveries have run. */
async function settled(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}

describe("a monitor's latest readings kept for the test page (issue 38)", () => {
  it(`keeps each reading once, in reading order, at most ${RECENT_READINGS_KEPT} a monitor`, () => {
    const recent = new RecentReadings();
    recent.keep('brg-1', [reading('r2', NOW + 2, 61), reading('r1', NOW + 1, 60), reading('r2', NOW + 2, 61)]);
    expect(recent.of('brg-1', 'mon-1').map((r) => r.id)).toEqual(['r1', 'r2']);
    recent.keep(
      'brg-1',
      Array.from({ length: 30 }, (_, i) => reading(`n${i}`, NOW + 10 + i, 70)),
    );
    const kept = recent.of('brg-1', 'mon-1');
    expect(kept).toHaveLength(RECENT_READINGS_KEPT);
    expect(kept.at(-1)!.id).toBe('n29');
    expect(recent.of('brg-1', 'another')).toEqual([]);
    expect(recent.of('brg-2', 'mon-1')).toEqual([]);
  });

  it('shows a blank vital as null, as the monitor sent it', () => {
    const views = readingViews({
      readings: [
        {
          id: 'r1',
          monitorKey: 'mon-1',
          receivedAt: NOW,
          vitals: { hr: { value: 62 }, spo2: undefined },
        },
      ],
    } as never);
    expect(views).toEqual([
      {
        monitorKey: 'mon-1',
        reading: {
          id: 'r1',
          receivedAt: NOW,
          vitals: [
            { vital: 'hr', value: 62 },
            { vital: 'spo2', value: null },
          ],
        },
      },
    ]);
  });
});

describe('bridge deliveries relayed between instances (issue 43, session 32)', () => {
  it('reaches every other instance, never its own sender, and drops a message of another shape', async () => {
    const hub = new MemoryPubSubHub();
    const errors: unknown[] = [];
    const [a, b, c] = [0, 1, 2].map(() => pubSubBridgeRelay(hub.connect(), CHANNEL, (e) => errors.push(e)));
    const heard: Record<string, RelayedDelivery[]> = { a: [], b: [], c: [] };
    a!.hear((m) => heard.a!.push(m));
    b!.hear((m) => heard.b!.push(m));
    c!.hear((m) => heard.c!.push(m));
    await settled();

    const sent: RelayedDelivery = { kind: 'readings', bridgeId: 'brg-1', readings: [reading('r1', NOW, 60)] };
    a!.publish(sent);
    await settled();
    expect(heard).toEqual({ a: [], b: [sent], c: [sent] });

    // Something else on the channel (a foreign publisher, a later version's shape) is refused, not kept.
    await hub
      .connect()
      .publish(
        CHANNEL,
        new TextEncoder().encode(
          JSON.stringify({ from: 'x', message: { kind: 'readings', bridgeId: 'brg-1', readings: [{}] } }),
        ),
      );
    await settled();
    expect(heard.b).toEqual([sent]);
    expect(errors.length).toBeGreaterThanOrEqual(1);
  });

  it('lets a tablet on instance B draw and pace the waves a bridge delivered to instance A', async () => {
    const hub = new MemoryPubSubHub();
    const now = NOW;
    const store = {
      seen: () => Promise.resolve(),
      monitors: () => Promise.resolve([]),
      putMonitors: () => Promise.resolve(),
    };
    const rooms = { seal: () => Promise.reject(new Error('not used')) };
    const onA = new BridgeWaves({ store, rooms, now: () => now });
    const onB = new BridgeWaves({ store, rooms, now: () => now });
    const relayA = pubSubBridgeRelay(hub.connect(), CHANNEL, () => undefined);
    const relayB = pubSubBridgeRelay(hub.connect(), CHANNEL, () => undefined);
    relayB.hear((m) => m.kind === 'waves' && onB.keepRelayed(m.bridgeId, m.at, m.waveforms));
    await settled();

    const delivery = {
      orgId: 'office',
      monitors: [],
      waveforms: [
        { monitorKey: 'mon-1', type: 'pleth' as const, sampleRateHz: 100, receivedAt: NOW, values: [1, 2, 3, 4] },
      ],
    };
    await onA.deliver(bridge, delivery);
    relayA.publish({ kind: 'waves', bridgeId: bridge.id, at: now, waveforms: delivery.waveforms });
    await settled();
    expect(onB.recent('brg-1', 'mon-1')).toEqual([
      { type: 'pleth', values: [1, 2, 3, 4], sampleRateHz: 100, receivedAt: NOW },
    ]);
    // The bridge delivering to B at once is held to the pace it already used on A.
    await expect(onB.deliver(bridge, delivery)).rejects.toMatchObject({ code: 'WAVEFORMS_TOO_FREQUENT' });
  });
});
