import { describe, expect, it } from 'vitest';
import { normalizeInstant, parseSearch, SEARCH_LIMITS, TEXT_MAX } from './search-params.js';
import { AppError } from '../../errors.js';

const parse = (type: Parameters<typeof parseSearch>[0], q: string): ReturnType<typeof parseSearch> =>
  parseSearch(type, new URLSearchParams(q));

describe('parseSearch', () => {
  it('reads a date range as two bounds and a partial date as that whole day (UTC)', () => {
    expect(parse('Appointment', 'date=ge2026-11-01&date=lt2026-12-01')).toEqual([
      { name: 'date', op: 'ge', values: ['2026-11-01'] },
      { name: 'date', op: 'lt', values: ['2026-12-01'] },
    ]);
    expect(parse('Appointment', 'date=2026-11-21')).toEqual([{ name: 'date', op: 'sw', values: ['2026-11-21'] }]);
    expect(parse('Appointment', 'date=le2026-11-21')).toEqual([
      { name: 'date', op: 'le', values: [`2026-11-21${TEXT_MAX}`] },
    ]);
    expect(parse('Appointment', 'date=gt2026-11-21T10:00:00+02:00')).toEqual([
      { name: 'date', op: 'gt', values: ['2026-11-21T08:00:00.000Z'] },
    ]);
  });

  it('qualifies bare reference ids and splits tokens with or without a system', () => {
    expect(parse('Appointment', 'patient=pat-1,Patient/pat-2')).toEqual([
      { name: 'patient', op: 'eq', values: ['Patient/pat-1', 'Patient/pat-2'] },
    ]);
    expect(parse('Composition', 'type=http://loinc.org|35089-2')).toEqual([
      { name: 'type', op: 'eq', values: ['http://loinc.org|35089-2'] },
    ]);
    expect(parse('Composition', 'type=35089-2')).toEqual([{ name: 'type:code', op: 'eq', values: ['35089-2'] }]);
    expect(parse('Patient', 'name=AmE&token=abc&_count=3')).toEqual([{ name: 'name', op: 'sw', values: ['ame'] }]);
  });

  it.each([
    ['Patient', 'colour=blue', 'UNKNOWN_SEARCH_PARAMETER'],
    ['Binary', 'name=x', 'UNKNOWN_SEARCH_PARAMETER'],
    ['Patient', 'birthdate=3/4/15', 'INVALID_SEARCH'],
    ['Patient', 'name=', 'INVALID_SEARCH'],
    ['Composition', 'type=a|b,c', 'INVALID_SEARCH'],
  ] as const)('refuses %s?%s with %s', (type, q, code) => {
    expect(() => parse(type, q)).toThrow(AppError);
    try {
      parse(type, q);
    } catch (err) {
      expect((err as AppError).code).toBe(code);
    }
  });

  it('normalises instants to UTC milliseconds so text order is time order', () => {
    expect(normalizeInstant('2026-11-21T09:00:00-05:00')).toBe('2026-11-21T14:00:00.000Z');
    expect(normalizeInstant('2026-11')).toBe('2026-11');
  });

  it('takes 30 parameters and 200 values, and refuses one more of either (issue 24: 1,200 repeats gave a 500)', () => {
    const code = (q: string): string | null => {
      try {
        parse('Appointment', q);
        return null;
      } catch (err) {
        return (err as AppError).code;
      }
    };
    const repeat = (n: number, pair: string): string => Array.from({ length: n }, () => pair).join('&');
    expect(SEARCH_LIMITS).toEqual({ maxParameters: 30, maxValues: 200 });
    expect(code(repeat(30, 'status=booked'))).toBeNull();
    expect(code(repeat(31, 'status=booked'))).toBe('TOO_MANY_SEARCH_PARAMETERS');
    expect(code(repeat(1200, 'status=booked'))).toBe('TOO_MANY_SEARCH_PARAMETERS');
    // Result parameters count too: 1,200 of them are as much work to read.
    expect(code(repeat(1200, '_count=1'))).toBe('TOO_MANY_SEARCH_PARAMETERS');
    const values = (n: number): string => Array.from({ length: n }, (_, i) => `pat-${i}`).join(',');
    expect(code(`patient=${values(200)}`)).toBeNull();
    expect(code(`patient=${values(201)}`)).toBe('TOO_MANY_SEARCH_PARAMETERS');
  });
});
