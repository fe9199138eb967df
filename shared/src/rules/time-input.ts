/** Time input rules (spec 002 §5). */

export interface TimeOfDay {
  readonly hours: number;
  readonly minutes: number;
}

/** The strict time input's error, exactly as spec 002 §5. */
export const INVALID_TIME_INPUT = 'Invalid time input use HH:MM';

/**
 * [TI1] Strict time input: exactly HH:MM with a 2-digit hour 00–23 and minutes 00–59
 * (spec 002 §5). Null when invalid; the field then shows INVALID_TIME_INPUT.
 */
export function parseStrictTime(text: string): TimeOfDay | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return m ? { hours: Number(m[1]), minutes: Number(m[2]) } : null;
}

/**
 * [TI2] Lenient time parsing (spec 002 §5): accepts 1:30p, 1:30 pm, 930, 0930, 13:30, 9a, 9,
 * 12am. Hours 0–23 without am/pm and 1–12 with it (12am is 0, 12pm is 12); minutes 0–59.
 * Without a colon, 1–2 digits are hours and 3–4 digits are hours then two minute digits.
 * Null when unreadable or out of range.
 */
export function parseLenientTime(text: string): { hours: number; minutes: number } | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, '');
  const m = /^(\d{1,2}):(\d{2})([ap]\.?(?:m\.?)?)?$/.exec(t) ?? /^(\d{1,4})()([ap]\.?(?:m\.?)?)?$/.exec(t);
  if (!m) return null;
  let hours: number;
  let minutes: number;
  const digits = m[1] as string;
  if (m[2] !== '') {
    hours = Number(digits);
    minutes = Number(m[2]);
  } else if (digits.length <= 2) {
    hours = Number(digits);
    minutes = 0;
  } else {
    hours = Number(digits.slice(0, -2));
    minutes = Number(digits.slice(-2));
  }
  if (minutes > 59) return null;
  const meridiem = m[3];
  if (meridiem != null && meridiem !== '') {
    if (hours < 1 || hours > 12) return null;
    const pm = meridiem.startsWith('p');
    hours = (hours % 12) + (pm ? 12 : 0);
  } else if (hours > 23) {
    return null;
  }
  return { hours, minutes };
}

/** [TI3] Formats a time as the strict input shows it: HH:MM with a 2-digit hour (spec 002 §5). */
export function formatHhMm(t: TimeOfDay): string {
  return `${String(t.hours).padStart(2, '0')}:${String(t.minutes).padStart(2, '0')}`;
}

/**
 * [TI4] Time-bound errors (spec 002 §5): 'max is {date}' when after the maximum, 'min is {date}'
 * when before the minimum, formatted by the caller's `format`. Null when within bounds.
 */
export function timeBoundError(
  time: number,
  bounds: { min?: number | null; max?: number | null },
  format: (ms: number) => string,
): string | null {
  if (bounds.max != null && time > bounds.max) return `max is ${format(bounds.max)}`;
  if (bounds.min != null && time < bounds.min) return `min is ${format(bounds.min)}`;
  return null;
}
