import type { VitalsRecord } from '../case-data/entries.js';
import { MONITOR_READING_VITALS, type MonitorReading } from './types.js';

/** Who wrote a reading into the case: the monitor's name and the session of that monitor. */
export interface MonitorSource {
  readonly monitorLabel: string;
  readonly monitorId: string;
}

/**
 * [MON13] A reading as the case's `vitalsRecords` entry (spec 002 §3: lastUpdated, simulated,
 * monitorLabel, selectedVitals, vitals), for the one write path (client/src/devices
 * recordMonitorReading). lastUpdated is when the reading arrived; selectedVitals the vitals it
 * carried, blank ones included [MON2], in the order of MONITOR_READING_VITALS.
 */
export function readingToVitalsRecord(reading: MonitorReading, source: MonitorSource): Omit<VitalsRecord, 'id'> {
  const selected = MONITOR_READING_VITALS.filter((v) => reading.vitals[v] != null);
  const vitals: VitalsRecord['vitals'] = {};
  for (const v of selected) vitals[v] = reading.vitals[v];
  return {
    lastUpdated: reading.receivedAt,
    simulated: false,
    monitorLabel: source.monitorLabel,
    monitorId: source.monitorId,
    selectedVitals: selected,
    vitals,
  };
}

/** The banner's text while a monitor sends only blank values (spec 002 §8 UI messages). */
export const MONITOR_BLANK_VALUES = 'The monitor is connected but sending blank vitals values.';

/** [MON2] Whether every vital of a reading is blank: the monitor is connected but sends no values. */
export function isBlankReading(reading: MonitorReading): boolean {
  return Object.values(reading.vitals).every((v) => v == null || v.value == null);
}
