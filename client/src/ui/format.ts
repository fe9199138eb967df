import { formatHhMm } from '@vigil/shared';

/**
 * A charted time as the clinician reads it on the screen: HH:MM on the 24-hour clock, as the
 * time widgets take it (spec 002 §5, TI3) and as anesthesia records are kept. Without Intl: the
 * first Intl date formatter of a page loads the locale's calendar data, about 0.2 s of a
 * throttled tablet while a case opens.
 */
export function clockTime(epochMs: number): string {
  return hhmm(epochMs);
}

// Made at its first use (a message), not while a case opens.
let shortDate: Intl.DateTimeFormat | null = null;

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
  shortDate ??= new Intl.DateTimeFormat([], { month: 'short', day: 'numeric', year: 'numeric' });
  return `${shortDate.format(d)} ${hhmm(epochMs)}`;
}

/** The time at `hours:minutes` on the local day `date` (YYYY-MM-DD). */
export function atLocalTime(date: string, hours: number, minutes: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, hours, minutes, 0, 0).getTime();
}
