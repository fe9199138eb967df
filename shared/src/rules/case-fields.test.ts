import { describe, expect, it } from 'vitest';
import {
  STANDARD_OPERATIVE_CHECKS,
  answerLabel,
  isYesAnswer,
  nextOperativeCheck,
  readPositiveIntegerField,
  readReferral,
  referralDraft,
  sortedChecks,
} from './case-fields.js';

describe('case fields', () => {
  it.each([
    ['', 'ebl', null, null],
    ['150', 'ebl', 150, null],
    [' 20 ', 'ebl', 20, null],
    ['0', 'ebl', null, 'Must be a positive integer'],
    ['-5', 'ebl', null, 'Must be a positive integer'],
    ['12.5', 'ebl', null, 'Must be a positive integer'],
    ['abc', 'ebl', null, 'Must be a positive integer'],
    ['97', 'finalRoomAirSpO2', 97, null],
    ['100', 'finalRoomAirSpO2', 100, null],
    ['101', 'finalRoomAirSpO2', null, 'max is 100'],
    ['0', 'finalRoomAirSpO2', null, 'Must be a positive integer'],
  ] as const)('[CF1] reads %j as %s: %s / %s', (text, field, value, error) => {
    expect(readPositiveIntegerField(text, field)).toEqual({ value, error });
  });

  it('[CF2] keeps a referral only with name, member id and time', () => {
    expect(readReferral({ name: '', memId: ' ', date: '' })).toEqual({ value: null, error: null });
    expect(readReferral({ name: 'Dr. Ortiz', memId: '', date: '2026-11-20' }).error).toBe(
      'Referral needs name, member id and time',
    );
    expect(readReferral({ name: 'Dr. Ortiz', memId: 'M-77', date: '2026-02-30' }).error).toBe(
      'Referral needs name, member id and time',
    );
    const ok = readReferral({ name: ' Dr. Ortiz ', memId: 'M-77', date: '2026-11-20' });
    expect(ok).toEqual({ value: { name: 'Dr. Ortiz', memId: 'M-77', time: '2026-11-20T00:00:00.000Z' }, error: null });
    expect(referralDraft(ok.value)).toEqual({ name: 'Dr. Ortiz', memId: 'M-77', date: '2026-11-20' });
    expect(referralDraft(null)).toEqual({ name: '', memId: '', date: '' });
  });

  it.each([
    ['n', 'No'],
    ['y', 'Yes'],
    ['possible', 'Possibly'],
    ['na', 'N/A'],
    [true, 'Yes'],
    [false, 'No'],
    ['LMP 2 weeks ago', 'LMP 2 weeks ago'],
    ['', null],
    [null, null],
  ] as const)('[CF3] labels the answer %j as %j', (value, label) => {
    expect(answerLabel(value)).toBe(label);
  });

  it('[CF3] asks the follow-up only for a yes or a possibly', () => {
    expect([true, 'y', 'possible', 'n', 'na', false, null].map(isYesAnswer)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('[CF4] adds operative checks in order, refusing blanks and repeats', () => {
    const one = nextOperativeCheck([], ' Consent signed ');
    expect(one).toEqual({ check: { label: 'Consent signed', order: 1, complete: false }, error: null });
    expect(nextOperativeCheck([{ label: 'Consent signed', order: 1 }], 'consent SIGNED').error).toBe(
      'Already in the list',
    );
    expect(nextOperativeCheck([], '  ').error).toBe('Enter the check');
    expect(nextOperativeCheck([{ label: 'A', order: 5 }], 'B').check).toEqual({
      label: 'B',
      order: 6,
      complete: false,
    });
    expect(sortedChecks([{ order: 3 }, { order: 1 }, { order: null }]).map((c) => c.order)).toEqual([null, 1, 3]);
    expect(new Set(STANDARD_OPERATIVE_CHECKS).size).toBe(STANDARD_OPERATIVE_CHECKS.length);
  });
});
