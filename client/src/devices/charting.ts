import { MINUTE, SECOND } from '@vigil/shared';

/*
 * How often a serial monitor's readings go into the case (issue 38: "the charted interval the
 * provider chose; a reading every 5 s must not become 2,880 hand-sized rows in the document"). A
 * monitor sends a line a second; the banner shows each as it comes, the case keeps one an interval.
 */

/** The intervals a provider may choose, and the one a connection starts with (docs/decisions.md, session 27). */
export const MONITOR_CHART_INTERVALS = [
  { ms: 5 * SECOND, label: '5 s' },
  { ms: 15 * SECOND, label: '15 s' },
  { ms: 30 * SECOND, label: '30 s' },
  { ms: MINUTE, label: '1 min' },
] as const;
export const DEFAULT_MONITOR_CHART_INTERVAL_MS = 15 * SECOND;

/**
 * How early a reading may come and still be the interval's: a monitor's line a second arrives a
 * little early or late, and a reading 14.9 s after the last must not wait for the next one (16 s).
 */
export const CHART_EARLY_MS = 500;

/**
 * Whether a reading that arrived at `receivedAt` is charted: the first of a connection is, then
 * the first one an interval (less CHART_EARLY_MS) after the last charted one.
 */
export function isChartDue(lastChartedAt: number | null, receivedAt: number, intervalMs: number): boolean {
  return lastChartedAt == null || receivedAt - lastChartedAt >= intervalMs - CHART_EARLY_MS;
}
