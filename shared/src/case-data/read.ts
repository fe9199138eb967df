/**
 * Tolerant readers over case data. The report prints whatever a case holds: a field of the
 * wrong shape is left out, never fatal (validation reports it elsewhere, spec 001 §5).
 */

export type CaseRecord = Record<string, unknown>;

/** A non-empty trimmed string, or null. */
export function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t === '' ? null : t;
}

export function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function records(value: unknown): CaseRecord[] {
  return Array.isArray(value)
    ? value.filter((v): v is CaseRecord => v !== null && typeof v === 'object' && !Array.isArray(v))
    : [];
}

export function record(value: unknown): CaseRecord | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as CaseRecord) : null;
}

/** A time as epoch ms (epoch ms or an ISO string), or null. */
export function timeOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

/** Yes / No for a boolean, else null. */
export function yesNo(value: unknown): string | null {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  return text(value);
}

/** "14:05" in the given time zone (24-hour clock). */
export function clock(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}

/** "2026-11-22 14:05" in the given time zone. */
export function dateTime(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** "2026-11-22" in the given time zone. */
export function dateOnly(ms: number, timeZone: string): string {
  return dateTime(ms, timeZone).slice(0, 10);
}
