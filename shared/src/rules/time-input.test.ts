import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVALID_TIME_INPUT, formatHhMm, parseLenientTime, parseStrictTime, timeBoundError } from './time-input.js';

describe('strict HH:MM', () => {
  it.each([
    ['00:00', { hours: 0, minutes: 0 }],
    ['09:30', { hours: 9, minutes: 30 }],
    ['23:59', { hours: 23, minutes: 59 }],
    ['9:30', null], // the hour needs 2 digits
    ['24:00', null],
    ['12:60', null],
    ['1230', null],
    [' 12:30', null],
  ])('[TI1] %j reads as %j', (text, expected) => {
    expect(parseStrictTime(text)).toEqual(expected);
  });

  it('[TI1] words the error exactly', () => {
    expect(INVALID_TIME_INPUT).toBe('Invalid time input use HH:MM');
  });
});

describe('lenient time', () => {
  it.each([
    ['1:30p', 13, 30], // 1 pm = 13
    ['1:30 pm', 13, 30],
    ['1:30PM', 13, 30],
    ['1:30 a.m.', 1, 30],
    ['930', 9, 30], // 3 digits: hour 9, minutes 30
    ['0930', 9, 30],
    ['2359', 23, 59],
    ['13:30', 13, 30],
    ['9', 9, 0],
    ['9a', 9, 0],
    ['12am', 0, 0], // midnight
    ['12:15am', 0, 15],
    ['12pm', 12, 0], // noon
    ['12:45 p', 12, 45],
    ['0', 0, 0],
    ['  7:05  ', 7, 5],
  ])('[TI2] %j is %s:%s', (text, hours, minutes) => {
    expect(parseLenientTime(text)).toEqual({ hours, minutes });
  });

  it.each([['13pm'], ['0am'], ['24'], ['2400'], ['960'], ['1:60'], ['abc'], [''], ['12345'], ['1:5'], ['1:30x']])(
    '[TI2] %j is not a time',
    (text) => {
      expect(parseLenientTime(text)).toBeNull();
    },
  );

  it('[TI2] round-trips every time of day through HH:MM, H:MM am/pm and HMM (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (hours, minutes) => {
        const t = { hours, minutes };
        expect(parseLenientTime(formatHhMm(t))).toEqual(t);
        expect(parseStrictTime(formatHhMm(t))).toEqual(t);
        const h12 = hours % 12 === 0 ? 12 : hours % 12;
        const mm = String(minutes).padStart(2, '0');
        expect(parseLenientTime(`${h12}:${mm}${hours < 12 ? 'am' : 'p'}`)).toEqual(t);
        expect(parseLenientTime(`${hours}${mm}`)).toEqual(t);
      }),
    );
  });

  it('[TI3] formats with a 2-digit hour', () => {
    expect(formatHhMm({ hours: 7, minutes: 5 })).toBe('07:05');
  });
});

describe('time bounds', () => {
  const fmt = (ms: number): string => `t${ms}`;
  it.each([
    [50, { min: 10, max: 100 }, null],
    [101, { min: 10, max: 100 }, 'max is t100'],
    [9, { min: 10, max: 100 }, 'min is t10'],
    [9, {}, null],
    [100, { max: 100 }, null],
  ])('[TI4] %s within %j gives %j', (time, bounds, message) => {
    expect(timeBoundError(time, bounds, fmt)).toBe(message);
  });
});

describe('lenient time on arbitrary input', () => {
  it('[TI2] never throws and only returns hours 0–23 and minutes 0–59 (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{1,4}(:\d{2})? ?([ap]m?)?$/)), (text) => {
        const r = parseLenientTime(text);
        if (r != null) {
          expect(r.hours).toBeGreaterThanOrEqual(0);
          expect(r.hours).toBeLessThanOrEqual(23);
          expect(r.minutes).toBeGreaterThanOrEqual(0);
          expect(r.minutes).toBeLessThanOrEqual(59);
        }
      }),
    );
  });
});
