import { dayKey, rescheduleIssue, type Reschedule } from '@vigil/shared';

/* The reschedule form's values and checks (issue 40), pure so they are tested without a screen. */

/** What the reschedule form holds: the device's local day and clock, provider and place ids ('' for none). */
export interface RescheduleValues {
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM` (24 h). */
  startTime: string;
  endTime: string;
  providerId: string;
  locationId: string;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const hm = (d: Date): string => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** The form as the appointment stands (an appointment without a time starts empty). */
export function rescheduleValues(a: {
  start: Date | null;
  end: Date | null;
  providerId: string | null;
  locationId: string | null;
}): RescheduleValues {
  return {
    date: a.start ? dayKey(a.start) : '',
    startTime: a.start ? hm(a.start) : '',
    endTime: a.end ? hm(a.end) : '',
    providerId: a.providerId ?? '',
    locationId: a.locationId ?? '',
  };
}

/** A local day and `HH:MM` as a Date, or null when either is not readable. */
export function localDateTime(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const value = new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  return Number.isNaN(value.getTime()) || value.getDate() !== Number(d[3]) ? null : value;
}

/** The form's messages by field, or the reschedule to send ([APC4]: the end after the start). */
export function readReschedule(
  v: RescheduleValues,
): { ok: true; reschedule: Reschedule } | { ok: false; errors: Partial<Record<keyof RescheduleValues, string>> } {
  const errors: Partial<Record<keyof RescheduleValues, string>> = {};
  const start = localDateTime(v.date, v.startTime);
  const end = localDateTime(v.date, v.endTime);
  if (!localDateTime(v.date, '00:00')) errors.date = 'Enter a date';
  else if (!start) errors.startTime = 'Invalid time input use HH:MM';
  else if (!end) errors.endTime = 'Invalid time input use HH:MM';
  else {
    const problem = rescheduleIssue({ start: start.toISOString(), end: end.toISOString() });
    if (problem) errors.endTime = problem.message;
  }
  if (!v.providerId) errors.providerId = 'Choose a provider';
  if (!start || !end || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    reschedule: {
      start: start.toISOString(),
      end: end.toISOString(),
      providerId: v.providerId,
      locationId: v.locationId || null,
    },
  };
}

/** "1 h 30 min" between two local times of the form, or null when not readable or not after. */
export function durationText(v: Pick<RescheduleValues, 'date' | 'startTime' | 'endTime'>): string | null {
  const start = localDateTime(v.date, v.startTime);
  const end = localDateTime(v.date, v.endTime);
  if (!start || !end || end <= start) return null;
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h > 0 ? `${h} h` : '', m > 0 ? `${m} min` : ''].filter(Boolean).join(' ');
}
