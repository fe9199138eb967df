import { LIVE_VITALS, type MonitorVital, type VitalsRecord } from '@vigil/shared';
import type { VitalTrackingStatus } from '@vigil/shared';

/** The vitals a monitor reports, in the order of its display: the live lists show the same (shared LIVE_VITALS). */
export const MONITOR_VITALS = LIVE_VITALS;
export type MonitorVitalType = (typeof MONITOR_VITALS)[number]['type'];

/** A monitor reading as kept in the case's `vitalsRecords` list: shared's vitalsRecordSchema. */
export type { MonitorVital, VitalsRecord };

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

/** [MON17] The one rule of what a monitor charts, shared with the server's bridge charting. */
export { chartedVitals, chartsMonitorValues } from '@vigil/shared';
