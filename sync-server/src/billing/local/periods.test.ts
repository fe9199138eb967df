import { describe, expect, it } from 'vitest';
import { addInterval, prorations } from './periods.js';

const utc = (y: number, m: number, d: number, h = 0): number => Date.UTC(y, m - 1, d, h);

describe('billing periods of the local provider', () => {
  it('adds a month on the same day and time of day, in UTC', () => {
    expect(addInterval(utc(2026, 11, 28, 23), 'month')).toBe(utc(2026, 12, 28, 23));
    expect(addInterval(utc(2026, 12, 15), 'month')).toBe(utc(2027, 1, 15));
  });

  it('ends a period from the 31st on the last day of a shorter month', () => {
    expect(addInterval(utc(2027, 1, 31), 'month')).toBe(utc(2027, 2, 28));
    expect(addInterval(utc(2028, 1, 31), 'month')).toBe(utc(2028, 2, 29));
    expect(addInterval(utc(2027, 3, 31), 'month')).toBe(utc(2027, 4, 30));
  });

  it('adds a year, 29 February to 28 February', () => {
    expect(addInterval(utc(2026, 11, 28), 'year')).toBe(utc(2027, 11, 28));
    expect(addInterval(utc(2028, 2, 29), 'year')).toBe(utc(2029, 2, 28));
  });

  it('prorates a change half way through the period: credit the old, charge the new, to the cent', () => {
    const period = { start: utc(2026, 11, 1), end: utc(2026, 11, 1) + 30 * 86_400_000 };
    const at = period.start + 15 * 86_400_000;
    expect(
      prorations({ oldTotal: 29_800, newTotal: 44_700, oldLabel: '2 × Plus', newLabel: '3 × Plus' }, period, at),
    ).toEqual([
      { description: 'Unused time on 2 × Plus', quantity: 1, amount: -14_900, proration: true },
      { description: 'Remaining time on 3 × Plus', quantity: 1, amount: 22_350, proration: true },
    ]);
  });

  it('rounds each line to the cent and prorates nothing at or after the period end', () => {
    const period = { start: 0, end: 3 };
    expect(
      prorations({ oldTotal: 100, newTotal: 200, oldLabel: 'a', newLabel: 'b' }, period, 1).map((l) => l.amount),
    ).toEqual([-67, 133]);
    expect(prorations({ oldTotal: 100, newTotal: 200, oldLabel: 'a', newLabel: 'b' }, period, 3)).toEqual([]);
  });
});
