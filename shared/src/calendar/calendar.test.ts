import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from '../enums.js';
import {
  addMonths,
  appointmentDisplay,
  appointmentStatusColour,
  calendarFilterParams,
  calendarGrid,
  dayKey,
  parseCalendarDate,
  parseCalendarMonth,
  readCalendarFilters,
  type AppointmentDisplayInput,
} from './calendar.js';

describe('calendar month filter', () => {
  it.each([
    ['2026-11', { year: 2026, month: 11 }],
    ['1000-01', { year: 1000, month: 1 }], // spec 000 §3: year 1000…
    ['3000-12', { year: 3000, month: 12 }], // …to 3000
  ])('[CAL1] reads %s (spec 000 §3)', (text, expected) => {
    expect(parseCalendarMonth(text)).toEqual(expected);
  });

  it.each(['0999-12', '3001-01', '2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', '', null, undefined])(
    '[CAL1] refuses %s (spec 000 §3: YYYY-MM, year 1000-3000)',
    (text) => {
      expect(parseCalendarMonth(text)).toBeNull();
    },
  );

  it.each([
    ['1', 1],
    ['29', 29], // 2028 is a leap year
    ['30', null],
    ['0', null],
    ['x', null],
    ['1.5', null],
    [null, null],
  ])('[CAL2] date %s of February 2028 is %s', (text, expected) => {
    expect(parseCalendarDate(text, { year: 2028, month: 2 })).toBe(expected);
  });

  it('moves across years', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });
});

describe('calendar grid (spec 002 §9)', () => {
  it('[CAL3] November 2026 starts on the Sunday a week before the week of the 1st and ends a week after the last', () => {
    // 1 Nov 2026 is a Sunday: its week starts that day, one week before is Sun 25 Oct.
    // 30 Nov 2026 is a Monday: its week ends Sat 5 Dec, one week after is Sat 12 Dec.
    const grid = calendarGrid({ year: 2026, month: 11 });
    expect(dayKey(grid.start)).toBe('2026-10-25');
    expect(dayKey(grid.end)).toBe('2026-12-13');
    expect(grid.weeks).toHaveLength(7);
    expect(dayKey(grid.weeks.at(-1)!.at(-1)!)).toBe('2026-12-12');
  });

  it('[CAL3] weeks start on Sunday and have 7 days, for every month of 2024-2027', () => {
    for (let year = 2024; year <= 2027; year++) {
      for (let month = 1; month <= 12; month++) {
        const grid = calendarGrid({ year, month });
        for (const week of grid.weeks) {
          expect(week).toHaveLength(7);
          expect(week[0]!.getDay()).toBe(0);
        }
        // One whole week before the 1st and after the last day.
        const first = new Date(year, month - 1, 1);
        const last = new Date(year, month, 0);
        expect(grid.weeks[0]!.every((d) => d < first)).toBe(true);
        expect(grid.weeks.at(-1)!.every((d) => d > last)).toBe(true);
        expect(grid.weeks.flat().filter((d) => d.getMonth() === month - 1 && d.getFullYear() === year)).toHaveLength(
          last.getDate(),
        );
      }
    }
  });

  it('[CAL3] February 2026 (starts on Sunday, 4 full weeks) shows 6 weeks', () => {
    const grid = calendarGrid({ year: 2026, month: 2 });
    expect(dayKey(grid.start)).toBe('2026-01-25');
    expect(grid.weeks).toHaveLength(6);
  });
});

describe('status colours (spec 002 §3)', () => {
  it.each([
    ['booked', 'cyan'], // light blue
    ['arrived', 'orange'],
    ['fulfilled', 'green'],
    ['checked-in', 'yellow'],
    ['pending', 'yellow'],
    ['proposed', 'yellow'],
    ['entered-in-error', 'red'],
    ['noshow', 'red'],
    ['cancelled', 'red'],
    ['waitlist', 'gray'],
  ] as const)('[CAL4] %s is %s', (status, colour) => {
    expect(appointmentStatusColour(status)).toBe(colour);
  });

  it('[CAL4] every status has a colour', () => {
    for (const s of APPOINTMENT_STATUSES) expect(appointmentStatusColour(s)).toBeTruthy();
  });
});

describe('appointment display (spec 000 §4)', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  const hour = 3_600_000;
  const base: AppointmentDisplayInput = {
    status: 'booked',
    start: now + hour,
    end: now + 2 * hour,
    liveVitals: false,
    finalized: false,
  };
  it.each([
    ['future', { ...base }, 'future', false],
    ['now', { ...base, start: now - hour, end: now + hour }, 'now', false],
    ['starting this instant', { ...base, start: now, end: now + hour }, 'now', false],
    ['past and not done', { ...base, start: now - 2 * hour, end: now - hour }, 'incomplete', false],
    ['live vitals', { ...base, start: now - 2 * hour, end: now - hour, liveVitals: true }, 'live', false],
    ['fulfilled', { ...base, status: 'fulfilled', start: now - 2 * hour }, 'complete', false],
    ['finalized', { ...base, start: now - 2 * hour, end: now - hour, finalized: true }, 'complete', false],
    ['cancelled', { ...base, status: 'cancelled' }, 'complete', false],
    ['noshow', { ...base, status: 'noshow' }, 'complete', true],
    ['entered-in-error', { ...base, status: 'entered-in-error', liveVitals: true }, 'complete', true],
    ['not scheduled', { ...base, status: 'proposed', start: null, end: null }, 'future', false],
  ] as const)('[CAL5] %s shows as %s', (_name, input, state, strikethrough) => {
    expect(appointmentDisplay(input as AppointmentDisplayInput, now)).toEqual({ state, strikethrough });
  });
});

/** A query string's parameters (shared has no DOM URLSearchParams). */
function query(text: string): { get: (name: string) => string | null } {
  const map = new Map(
    text
      .split('&')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  return { get: (name) => map.get(name) ?? null };
}

describe('calendar filters in the query string (spec 000 §3)', () => {
  const today = new Date(2026, 10, 22);
  it('[CAL6] defaults to the current month and no filters', () => {
    expect(readCalendarFilters(query(''), today)).toEqual({
      month: { year: 2026, month: 11 },
      date: null,
      locationId: null,
      providerId: null,
    });
  });

  it('[CAL6] round-trips month, date, locationId and providerId', () => {
    const filters = readCalendarFilters(query('month=2027-02&date=14&locationId=loc-1&providerId=prc-2'), today);
    expect(filters).toEqual({ month: { year: 2027, month: 2 }, date: 14, locationId: 'loc-1', providerId: 'prc-2' });
    expect(calendarFilterParams(filters)).toEqual({
      month: '2027-02',
      date: '14',
      locationId: 'loc-1',
      providerId: 'prc-2',
    });
  });

  it('[CAL6] drops a date that is not a day of the month and an invalid month', () => {
    const f = readCalendarFilters(query('month=2027-13&date=31'), today);
    expect(f.month).toEqual({ year: 2026, month: 11 });
    expect(f.date).toBeNull();
    expect(calendarFilterParams(f)).toEqual({ month: '2026-11' });
  });
});
