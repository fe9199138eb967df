import { CALENDAR } from '../constants/widgets.js';
import type { AppointmentStatus } from '../enums.js';

/*
 * The calendar's pure rules (spec 002 §2, §3, §9; spec 000 §3, §4). Days are local calendar
 * days written `YYYY-MM-DD`; the caller decides which time zone "local" is (the device's).
 */

/** A calendar month. `month` is 1-12. */
export interface CalendarMonth {
  year: number;
  month: number;
}

/** The years a `month` filter may name (spec 000 §3: YYYY-MM, year 1000-3000). */
export const CALENDAR_YEAR_RANGE = { min: 1000, max: 3000 } as const;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of a local date. */
export function dayKey(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `YYYY-MM` of a month. */
export function monthKey(m: CalendarMonth): string {
  return `${pad(m.year, 4)}-${pad(m.month)}`;
}

/** The month a local date falls in. */
export function monthOf(date: Date): CalendarMonth {
  return { year: date.getFullYear(), month: date.getMonth() + 1 };
}

/**
 * [CAL1] The `month` filter (spec 000 §3): `YYYY-MM` with a year from 1000 to 3000 and a month
 * 01-12; anything else is null (the calendar then shows the current month).
 */
export function parseCalendarMonth(text: string | null | undefined): CalendarMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < CALENDAR_YEAR_RANGE.min || year > CALENDAR_YEAR_RANGE.max || month < 1 || month > 12) return null;
  return { year, month };
}

/**
 * [CAL2] The `date` filter (spec 000 §3: a number): the selected day of the shown month, or
 * null when absent, not a whole number, or not a day of that month.
 */
export function parseCalendarDate(text: string | null | undefined, m: CalendarMonth): number | null {
  if (!text || !/^\d{1,2}$/.test(text)) return null;
  const day = Number(text);
  return day >= 1 && day <= daysInMonth(m) ? day : null;
}

/** Days in a month (28-31). */
export function daysInMonth(m: CalendarMonth): number {
  return new Date(m.year, m.month, 0).getDate();
}

/** The month before or after (`delta` months away). */
export function addMonths(m: CalendarMonth, delta: number): CalendarMonth {
  const index = m.year * 12 + (m.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** A local date `days` after another (across daylight-saving changes). */
function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/**
 * [CAL3] The grid of a month (spec 002 §9): whole weeks starting on Sunday, from the week of the
 * 1st to the week of the last day, plus one week before and one after. Returns the first day
 * shown, the day after the last one (local midnights) and the days, 7 per row.
 */
export function calendarGrid(m: CalendarMonth): { start: Date; end: Date; weeks: Date[][] } {
  const first = new Date(m.year, m.month - 1, 1);
  const last = new Date(m.year, m.month - 1, daysInMonth(m));
  const lead = (first.getDay() - CALENDAR.weekStartsOn + 7) % 7;
  const trail = (CALENDAR.weekStartsOn + 6 - last.getDay() + 7) % 7;
  const start = addDays(first, -lead - 7 * CALENDAR.paddingWeeks);
  const end = addDays(last, trail + 7 * CALENDAR.paddingWeeks + 1);
  const weeks: Date[][] = [];
  for (let day = start; day < end; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)));
  }
  return { start, end, weeks };
}

/** Mantine colour names for the status colours of spec 002 §3. */
export type AppointmentStatusColour = 'cyan' | 'orange' | 'green' | 'yellow' | 'red' | 'gray';

/**
 * [CAL4] Status colours (spec 002 §3): booked light blue; arrived orange; fulfilled green;
 * checked-in, pending and proposed yellow; entered-in-error, noshow and cancelled red. Waitlist,
 * which the spec gives no colour, is grey.
 */
export function appointmentStatusColour(status: AppointmentStatus): AppointmentStatusColour {
  switch (status) {
    case 'booked':
      return 'cyan';
    case 'arrived':
      return 'orange';
    case 'fulfilled':
      return 'green';
    case 'checked-in':
    case 'pending':
    case 'proposed':
      return 'yellow';
    case 'entered-in-error':
    case 'noshow':
    case 'cancelled':
      return 'red';
    case 'waitlist':
      return 'gray';
  }
}

/** How an appointment is shown (spec 000 §4 "Appointment display"). */
export type AppointmentDisplayState = 'live' | 'now' | 'future' | 'incomplete' | 'complete';

export interface AppointmentDisplayInput {
  status: AppointmentStatus;
  /** Start and end instants (ms); null when not set. */
  start: number | null;
  end: number | null;
  /** Live vitals are coming in for the case. */
  liveVitals: boolean;
  /** The case's record has been finalized (a report exists). */
  finalized: boolean;
}

/**
 * [CAL5] Appointment display (spec 000 §4): noshow or entered-in-error show as complete with
 * strikethrough; a fulfilled, cancelled or finalized one is complete; a case with live vitals is
 * live; one whose time range holds `now` is now; one starting later is future; a past one not
 * completed is incomplete. An appointment without a time is future (not yet scheduled).
 */
export function appointmentDisplay(
  a: AppointmentDisplayInput,
  now: number,
): { state: AppointmentDisplayState; strikethrough: boolean } {
  if (a.status === 'noshow' || a.status === 'entered-in-error') return { state: 'complete', strikethrough: true };
  if (a.status === 'fulfilled' || a.status === 'cancelled' || a.finalized) {
    return { state: 'complete', strikethrough: false };
  }
  if (a.liveVitals) return { state: 'live', strikethrough: false };
  if (a.start === null) return { state: 'future', strikethrough: false };
  const end = a.end ?? a.start;
  if (a.start <= now && now < Math.max(end, a.start + 1)) return { state: 'now', strikethrough: false };
  if (a.start > now) return { state: 'future', strikethrough: false };
  return { state: 'incomplete', strikethrough: false };
}

/** The labels shown for each display state. */
export const APPOINTMENT_DISPLAY_LABELS: Readonly<Record<AppointmentDisplayState, string>> = {
  live: 'Live',
  now: 'Now',
  future: 'Upcoming',
  incomplete: 'Incomplete',
  complete: 'Complete',
};

/** The calendar's filters as query parameters (spec 000 §3): month, date, locationId, providerId. */
export interface CalendarFilters {
  month: CalendarMonth;
  date: number | null;
  locationId: string | null;
  providerId: string | null;
}

/** What the filters are read from (a URLSearchParams). */
export interface QueryParams {
  get(name: string): string | null;
}

/** [CAL6] Reads the filters from a query string; the month defaults to the one holding `today`. */
export function readCalendarFilters(params: QueryParams, today: Date): CalendarFilters {
  const month = parseCalendarMonth(params.get('month')) ?? monthOf(today);
  return {
    month,
    date: parseCalendarDate(params.get('date'), month),
    locationId: params.get('locationId') || null,
    providerId: params.get('providerId') || null,
  };
}

/** [CAL6] Writes the filters as query parameters (empty ones left out). */
export function calendarFilterParams(f: CalendarFilters): Record<string, string> {
  return {
    month: monthKey(f.month),
    ...(f.date !== null ? { date: String(f.date) } : {}),
    ...(f.locationId ? { locationId: f.locationId } : {}),
    ...(f.providerId ? { providerId: f.providerId } : {}),
  };
}
