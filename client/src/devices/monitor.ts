import { SAMPLE_VITAL_RANGES, SECOND, type MonitorVital, type VitalsRecord } from '@vigil/shared';
import { recordReading, type CaseDoc } from '../case/index.js';

/*
 * The devices' seam (docs DESIGN "Devices", issue 36 item 6): monitor and scanner drivers live
 * here, beside sync/ and data/, turning bytes into readings. A reading reaches a case only
 * through `recordMonitorReading`, the path the simulated monitor takes too; no driver imports a
 * feature.
 */

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
 * one (serial or Bluetooth) or the simulated one (the case API's recordReading). It is stored in
 * the compact form (one small entry, the monitor's shared fields in a header; issue 38) in the
 * case structure's list, so readings from two tablets merge; the record returned is the one every
 * reader reads back.
 */
export function recordMonitorReading(doc: CaseDoc, reading: Omit<VitalsRecord, 'id'> & { id?: string }): VitalsRecord {
  return recordReading(doc, reading);
}
