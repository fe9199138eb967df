import { MONITOR_READING_VITALS, type VitalsRecord } from '@vigil/shared';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { Logger } from '../log.js';
import type { BridgeRow, BridgeStore, MonitorAssignment } from '../store/bridges/types.js';
import type { DocumentRooms } from '../sync/documents.js';
import { chartReadings } from './chart.js';

/*
 * A bridge's delivery of readings (issue 38; docs/decisions.md, session 28): what it carries,
 * and how its readings are charted into the cases their monitors were picked for.
 */

/** A reading this much early still counts as due (a line a second's jitter), as on the tablet. */
const CHART_EARLY_MS = 500;
/** At most this many readings a delivery. */
export const MAX_READINGS_PER_DELIVERY = 500;

const monitorKey = z.string().min(1).max(200);
const label = z.string().trim().min(1).max(100);

const vitalSchema = z.object({
  value: z.number().finite().nullable(),
  time: z.number().int(),
  status: z.string().max(40).nullish(),
  error: z.string().max(500).nullish(),
});

/** What a bridge delivers: the monitors it reads and readings with their own ids and times. */
export const deliverySchema = z.object({
  monitors: z
    .array(z.object({ key: monitorKey, label, protocol: z.string().max(20) }))
    .max(50)
    .default([]),
  readings: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        monitorKey,
        receivedAt: z.number().int(),
        vitals: z.partialRecord(z.enum(MONITOR_READING_VITALS), vitalSchema),
      }),
    )
    .max(MAX_READINGS_PER_DELIVERY)
    .default([]),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** What a delivery answers: the ids taken (the bridge may drop them from its buffer) and how many were charted. */
export interface DeliveryAnswer {
  taken: string[];
  charted: number;
}

export interface DeliveryDeps {
  store: BridgeStore;
  rooms: Pick<DocumentRooms, 'seal'>;
  now: () => number;
  log: Logger;
}

/**
 * A bridge's delivery: its monitors are noted (last seen, newest reading), and each reading not
 * taken before is charted when its monitor charts into a case, it is not older than the pick,
 * and it is due by the interval chosen; then its id is recorded, so a reading sent again is
 * taken and not charted twice. Readings go in the order sent.
 */
export async function deliverReadings(
  deps: DeliveryDeps,
  bridge: BridgeRow,
  delivery: Delivery,
): Promise<DeliveryAnswer> {
  const { store } = deps;
  await store.seen(bridge.id, deps.now());
  const newest = new Map<string, number>();
  for (const r of delivery.readings) newest.set(r.monitorKey, Math.max(newest.get(r.monitorKey) ?? 0, r.receivedAt));
  const labels = new Map(delivery.monitors.map((m) => [m.key, m]));
  const known = new Map((await store.monitors([bridge.id])).map((m) => [m.key, m]));
  const put = [...new Set([...labels.keys(), ...newest.keys()])].map((key) => ({
    key,
    label: labels.get(key)?.label ?? known.get(key)?.label ?? key,
    protocol: labels.get(key)?.protocol ?? known.get(key)?.protocol ?? 'unknown',
    lastReadingAt: newest.get(key) ?? null,
  }));
  if (put.length > 0) await store.putMonitors(bridge.id, put);

  const fresh = new Set(
    await store.unseen(
      bridge.id,
      delivery.readings.map((r) => r.id),
    ),
  );
  const assignments = new Map((await store.assignments(bridge.id)).map((a) => [a.monitorKey, a]));
  const byCase = new Map<string, { assignment: MonitorAssignment; records: Omit<VitalsRecord, 'id'>[] }[]>();
  const taken: string[] = [];
  for (const r of delivery.readings) {
    if (!fresh.has(r.id)) {
      taken.push(r.id);
      continue;
    }
    fresh.delete(r.id);
    taken.push(r.id);
    const a = assignments.get(r.monitorKey);
    if (!a || r.receivedAt < a.assignedAt) continue;
    if (a.lastChartedAt !== null && r.receivedAt - a.lastChartedAt < a.intervalMs - CHART_EARLY_MS) continue;
    a.lastChartedAt = r.receivedAt;
    const label = put.find((m) => m.key === r.monitorKey)?.label ?? r.monitorKey;
    const group = byCase.get(a.caseId) ?? [];
    let entry = group.find((g) => g.assignment === a);
    if (!entry) group.push((entry = { assignment: a, records: [] }));
    entry.records.push(recordOf(bridge, label, r));
    byCase.set(a.caseId, group);
  }
  let charted = 0;
  for (const [caseId, groups] of byCase) {
    try {
      charted += await chartInto(
        deps,
        bridge.orgId,
        caseId,
        groups.flatMap((g) => g.records),
      );
    } catch (err) {
      // A case that cannot take them (never opened on a device) is not retried for ever: logged, taken.
      if (!(err instanceof AppError)) throw err;
      deps.log.warn({ err, bridgeId: bridge.id, caseId }, 'bridge readings not charted');
    }
    for (const g of groups) await store.charted(bridge.id, g.assignment.monitorKey, g.assignment.lastChartedAt!);
  }
  await store.markSeen(bridge.id, taken, deps.now());
  return { taken, charted };
}

/** Charts readings into a case of the bridge's own organisation (the room address is the bridge's organisation's). */
async function chartInto(
  deps: DeliveryDeps,
  orgId: string,
  caseId: string,
  records: Omit<VitalsRecord, 'id'>[],
): Promise<number> {
  const sealed = await deps.rooms.seal(caseAddress(orgId, caseId));
  try {
    if (sealed.finalized) {
      deps.log.info({ orgId, caseId }, 'bridge readings not charted: the case is finalized');
      return 0;
    }
    let written = 0;
    await sealed.write((root) => {
      written = chartReadings(root, records).length;
    });
    return written;
  } finally {
    sealed.release();
  }
}

/** The case's room: always the bridge's (or caller's) own organisation's. */
export function caseAddress(orgId: string, caseId: string): { orgId: string; docId: string; name: string } {
  return { orgId, docId: caseId, name: `${orgId}/${caseId}` };
}

/** A bridge reading as the case's monitor record (spec 002 §3): the monitor named by the bridge. */
function recordOf(bridge: BridgeRow, label: string, r: Delivery['readings'][number]): Omit<VitalsRecord, 'id'> {
  const selected = MONITOR_READING_VITALS.filter((v) => r.vitals[v] != null);
  const vitals: VitalsRecord['vitals'] = {};
  for (const v of selected) {
    const vital = r.vitals[v]!;
    vitals[v] = {
      value: vital.value,
      time: vital.time,
      status: vital.status ?? 'connected',
      ...(vital.error ? { error: vital.error } : {}),
    };
  }
  return {
    lastUpdated: r.receivedAt,
    simulated: false,
    monitorLabel: label,
    monitorId: `${bridge.id}/${r.monitorKey}`,
    selectedVitals: selected,
    vitals,
  };
}
