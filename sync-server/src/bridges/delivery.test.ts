import * as Y from 'yjs';
import { CASE_ROOT, MONITORS_KEY, READINGS_KEY, vitalsRecordsOf } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { MemoryBridgeStore } from '../store/bridges/memory.js';
import type { BridgeRow } from '../store/bridges/types.js';
import type { DocumentRooms, WritableSealedDocument } from '../sync/documents.js';
import { deliverReadings, type Delivery } from './delivery.js';

/** One case document held by a fake of the rooms' server write (a copy changed, its update applied). */
function caseRooms(opened = true): { doc: Y.Doc; rooms: Pick<DocumentRooms, 'seal'>; finalized: { value: boolean } } {
  const doc = new Y.Doc();
  if (opened) {
    doc.getMap(CASE_ROOT).set(READINGS_KEY, new Y.Array());
    doc.getMap(CASE_ROOT).set(MONITORS_KEY, new Y.Map());
  }
  const finalized = { value: false };
  const rooms: Pick<DocumentRooms, 'seal'> = {
    seal: () =>
      Promise.resolve({
        finalized: finalized.value,
        write: (change: (root: Y.Map<unknown>) => void) => {
          const copy = new Y.Doc();
          Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
          const before = Y.encodeStateVector(copy);
          copy.transact(() => change(copy.getMap(CASE_ROOT)));
          Y.applyUpdate(doc, Y.encodeStateAsUpdate(copy, before));
          return Promise.resolve({ content: null, hash: '', finalized: false });
        },
        release: () => {},
      } as unknown as WritableSealedDocument),
  };
  return { doc, rooms, finalized };
}

const BRIDGE: BridgeRow = {
  id: 'brg-1',
  orgId: 'office',
  location: 'Operatory 2',
  name: 'Bridge',
  secretHash: 'h',
  pairedAt: 0,
  pairedBy: 'u',
  lastSeenAt: 0,
  revokedAt: null,
  revokedBy: null,
};

const log = { info: () => {}, warn: () => {}, error: () => {} } as never;

function delivery(times: number[], from = 0): Delivery {
  return {
    monitors: [{ key: 'hl7:GE', label: 'Operatory 2 monitor', protocol: 'hl7' }],
    readings: times.map((t, i) => ({
      id: `r${from + i}`,
      monitorKey: 'hl7:GE',
      receivedAt: t,
      vitals: {
        hr: { value: 70 + i, time: t, status: 'connected' },
        spo2: { value: 97, time: t, status: 'connected' },
      },
    })),
  };
}

async function world(opened = true) {
  const store = new MemoryBridgeStore();
  const { doc, rooms, finalized } = caseRooms(opened);
  await store.assign({
    bridgeId: BRIDGE.id,
    monitorKey: 'hl7:GE',
    orgId: 'office',
    caseId: 'case-1',
    intervalMs: 5000,
    assignedBy: 'u',
    assignedAt: 1000,
    lastChartedAt: null,
  });
  const deps = { store, rooms, now: () => 0, log };
  const records = () => vitalsRecordsOf(doc.getMap(CASE_ROOT).toJSON());
  return { store, deps, records, finalized, root: doc.getMap(CASE_ROOT) };
}

describe('a bridge’s delivery charted into its case', () => {
  it('charts the readings due by the interval, from the pick on, in one compact entry each', async () => {
    const { deps, records } = await world();
    const answer = await deliverReadings(deps, BRIDGE, delivery([500, 1000, 2000, 5400, 6000, 11_000]));
    expect(answer).toEqual({ taken: ['r0', 'r1', 'r2', 'r3', 'r4', 'r5'], charted: 3 });
    expect(records().map((r) => r.lastUpdated)).toEqual([1000, 6000, 11_000]);
    expect(records()[0]).toMatchObject({ monitorLabel: 'Operatory 2 monitor', monitorId: 'brg-1/hl7:GE' });
  });

  it('goes on from the last charted reading across deliveries', async () => {
    const { deps, records } = await world();
    for (const t of [1000, 6000, 11_000, 16_000]) await deliverReadings(deps, BRIDGE, delivery([t], t));
    expect(records().map((r) => r.lastUpdated)).toEqual([1000, 6000, 11_000, 16_000]);
  });

  it('takes a reading sent again without charting it twice', async () => {
    const { deps, records } = await world();
    await deliverReadings(deps, BRIDGE, delivery([1000, 6000]));
    const again = await deliverReadings(deps, BRIDGE, delivery([1000, 6000]));
    expect(again).toEqual({ taken: ['r0', 'r1'], charted: 0 });
    expect(records()).toHaveLength(2);
  });

  it('charts nothing into a finalized case, or one never opened on a device, and takes the readings', async () => {
    const closed = await world();
    closed.finalized.value = true;
    expect(await deliverReadings(closed.deps, BRIDGE, delivery([1000]))).toEqual({ taken: ['r0'], charted: 0 });
    expect(closed.records()).toEqual([]);
    const unopened = await world(false);
    expect(await deliverReadings(unopened.deps, BRIDGE, delivery([1000]))).toEqual({ taken: ['r0'], charted: 0 });
  });

  it('[MON17] leaves out the vitals the case paused, and charts nothing while its vitals tracking is off', async () => {
    const { deps, records, root } = await world();
    root.set('vitalTracking', { spo2: 'paused' });
    await deliverReadings(deps, BRIDGE, delivery([1000]));
    expect(records().map((r) => [r.selectedVitals, Object.keys(r.vitals)])).toEqual([[['hr'], ['hr']]]);
    root.set('vitalsTrackingEnabled', false);
    expect(await deliverReadings(deps, BRIDGE, delivery([6000], 1))).toEqual({ taken: ['r1'], charted: 0 });
    expect(records()).toHaveLength(1);
  });
});
