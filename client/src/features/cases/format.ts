import { formatHhMm } from '@vigil/shared';

// One formatter each: `toLocaleTimeString` with options builds a new one per call, which a long
// case's tables (checkpoints, doses, readings) pay hundreds of times per render.
const CLOCK_TIME = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' });
const SHORT_DATE = new Intl.DateTimeFormat([], { month: 'short', day: 'numeric', year: 'numeric' });

/** A charted time as the clinician reads it on the screen: hours and minutes, in the device's locale. */
export function clockTime(epochMs: number): string {
  return CLOCK_TIME.format(epochMs);
}

/** A charted time as HH:MM on the 24-hour clock (spec 002 §5, TI3), in the device's time zone. */
export function hhmm(epochMs: number): string {
  const d = new Date(epochMs);
  return formatHhMm({ hours: d.getHours(), minutes: d.getMinutes() });
}

/** The local calendar date of a time as YYYY-MM-DD (the value of a date input). */
export function isoDate(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A date and time for messages: "Nov 21, 14:05" style, in the device's locale, HH:MM time. */
export function clockDateTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${SHORT_DATE.format(d)} ${hhmm(epochMs)}`;
}

/** The time at `hours:minutes` on the local day `date` (YYYY-MM-DD). */
export function atLocalTime(date: string, hours: number, minutes: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, hours, minutes, 0, 0).getTime();
}
