import { formatHhMm as hhmm } from '@vigil/shared';

/** An epoch-ms time as the strict input shows it, HH:MM in local time (spec 002 §5, [TI3]). */
export function formatHhMm(epochMs: number): string {
  const d = new Date(epochMs);
  return hhmm({ hours: d.getHours(), minutes: d.getMinutes() });
}
