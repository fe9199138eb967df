import type { VitalTrackingStatus } from '../enums.js';

/** Per-vital tracking statuses (spec 001 §4, spec 002 §3), kept in the case under `vitalTracking`. */
export type VitalTrackingMap = Partial<Record<string, VitalTrackingStatus>>;

/** [MON17] Whether monitor readings of a vital in this status are charted: not when paused, ignored or on manual entry. */
export function chartsMonitorValues(status: VitalTrackingStatus): boolean {
  return status !== 'paused' && status !== 'ignored' && status !== 'manual';
}

/**
 * [MON17] The vitals of a monitor reading a case charts: those whose status (the one set, else
 * 'auto' since the monitor reports it) is not paused, ignored or on manual entry. The one rule
 * for every monitor: the tablet's own (serial, simulated) and a bridge's, charted by the server.
 */
export function chartedVitals<V>(
  vitals: Readonly<Record<string, V>>,
  tracking: VitalTrackingMap | null | undefined,
): Record<string, V> {
  return Object.fromEntries(Object.entries(vitals).filter(([type]) => chartsMonitorValues(tracking?.[type] ?? 'auto')));
}
