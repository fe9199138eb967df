import type { MonitorVital, VitalsRecord } from '@vigil/shared';
import { startTransition, useEffect, useState } from 'react';
import * as Y from 'yjs';
import { CASE_ROOT, SAMPLE_VITAL_RANGES, SECOND, newId, type VitalTrackingStatus } from '@vigil/shared';
import { ensureCaseStructure } from '../../../sync/caseStructure.js';
import { docVersion } from '../useCaseData.js';

/** The vitals a monitor reports, in the order of its display. */
export const MONITOR_VITALS = [
  { type: 'hr', label: 'HR', unit: 'bpm' },
  { type: 'spo2', label: 'SpO2', unit: '%' },
  { type: 'rr', label: 'RR', unit: '/min' },
  { type: 'etco2', label: 'EtCO2', unit: 'mmHg' },
  { type: 'sbp', label: 'SBP', unit: 'mmHg' },
  { type: 'dbp', label: 'DBP', unit: 'mmHg' },
] as const;
export type MonitorVitalType = (typeof MONITOR_VITALS)[number]['type'];

/** A monitor reading as kept in the case's `vitalsRecords` list: shared's vitalsRecordSchema. */
export type { MonitorVital, VitalsRecord };

/** The interval of the simulated monitor: one reading every 5 s. */
export const SIMULATED_MONITOR_INTERVAL_MS = 5 * SECOND;
export const SIMULATED_MONITOR_LABEL = 'Simulated monitor';

/** A whole number from `min` to `max` inclusive, from a source of [0, 1) randoms. */
function between([min, max]: readonly [number, number], random: () => number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/**
 * A reading of the simulated monitor from the sample generators of spec 002 §9: rr 12–14,
 * spo2 96–99, etco2 30–35, hr 60–80 (whole numbers, inclusive). Blood pressure is not
 * generated: the spec gives no generator for it.
 */
export function simulatedVitals(now: number, random: () => number = Math.random): Record<string, MonitorVital> {
  const out: Record<string, MonitorVital> = {};
  for (const [type, range] of Object.entries(SAMPLE_VITAL_RANGES)) {
    out[type] = { value: between(range, random), time: now, status: 'connected' };
  }
  return out;
}

/**
 * Writes one monitor reading into the case document: the one path every monitor takes, a real
 * one (serial or Bluetooth) or the simulated one. The list is the case structure's Y.Array, so
 * readings from two tablets merge.
 */
export function recordMonitorReading(doc: Y.Doc, reading: Omit<VitalsRecord, 'id'> & { id?: string }): VitalsRecord {
  const root = doc.getMap(CASE_ROOT);
  if (!(root.get('vitalsRecords') instanceof Y.Array)) ensureCaseStructure(doc);
  const record: VitalsRecord = { ...reading, id: reading.id ?? newId('vit') };
  (root.get('vitalsRecords') as Y.Array<VitalsRecord>).push([record]);
  return record;
}

/**
 * The case's monitor readings, kept current. It watches only the `vitalsRecords` list and
 * appends what was pushed at its end, so a 4-hour case of readings every 5 s (2,880) is not
 * copied again on every keystroke elsewhere in the case.
 */
export function useVitalsRecords(doc: Y.Doc | undefined): VitalsRecord[] {
  // Read at the first render (useCaseData's useFirstRead): the section mounts with its readings.
  const [first] = useState(() => {
    const list = doc?.getMap(CASE_ROOT).get('vitalsRecords');
    return doc && list instanceof Y.Array
      ? { doc, version: docVersion(doc), records: list.toArray() as VitalsRecord[] }
      : null;
  });
  const [records, setRecords] = useState<VitalsRecord[]>(first?.records ?? []);
  useEffect(() => {
    if (!doc) return;
    const root = doc.getMap(CASE_ROOT);
    let list: Y.Array<VitalsRecord> | null = null;
    let known = 0;
    const readAll = (): void => {
      const items = list ? list.toArray() : [];
      known = items.length;
      startTransition(() => setRecords(items));
    };
    const onList = (event: Y.YArrayEvent<VitalsRecord>): void => {
      const delta = event.changes.delta;
      const onlyAppended =
        delta.every((d) => d.delete === undefined) &&
        delta.length <= 2 &&
        (delta.length === 1 ? delta[0]!.insert !== undefined && known === 0 : delta[0]!.retain === known);
      if (onlyAppended && list) {
        const added = list.slice(known);
        known = list.length;
        // The chart and tables redraw without holding up a tap or keystroke (useCaseList).
        startTransition(() => setRecords((prev) => prev.concat(added)));
      } else readAll();
    };
    const attach = (): void => {
      const next = root.get('vitalsRecords');
      const arr = next instanceof Y.Array ? (next as Y.Array<VitalsRecord>) : null;
      if (arr === list) return;
      list?.unobserve(onList);
      list = arr;
      list?.observe(onList);
      // Unchanged since the first render: that render's readings are current.
      if (first && first.doc === doc && first.version === docVersion(doc) && arr) known = arr.length;
      else readAll();
    };
    const onRoot = (event: Y.YMapEvent<unknown>): void => {
      if (event.keysChanged.has('vitalsRecords')) attach();
    };
    attach();
    root.observe(onRoot);
    return () => {
      root.unobserve(onRoot);
      list?.unobserve(onList);
    };
  }, [doc, first]);
  return records;
}

/** Per-vital tracking statuses (spec 001 §4, spec 002 §3), kept in the case under `vitalTracking`. */
export type VitalTracking = Partial<Record<string, VitalTrackingStatus>>;

/** The statuses a provider may set, with what each means on screen. */
export const TRACKING_LABELS: Readonly<Record<VitalTrackingStatus, string>> = {
  unselected: 'Not tracked',
  selected: 'Tracked',
  auto: 'From monitor',
  manual: 'Manual entry',
  paused: 'Paused',
  ignored: 'Ignored',
};

/**
 * The status of one vital: the one set, else 'auto' when a monitor reports it, else
 * 'unselected'. A paused or ignored vital is not charted from the monitor.
 */
export function trackingStatus(
  tracking: VitalTracking | undefined,
  type: string,
  monitorReports: boolean,
): VitalTrackingStatus {
  return tracking?.[type] ?? (monitorReports ? 'auto' : 'unselected');
}

/** Whether monitor readings of a vital in this status are charted. */
export function chartsMonitorValues(status: VitalTrackingStatus): boolean {
  return status !== 'paused' && status !== 'ignored' && status !== 'manual';
}
