import { LEDGER_TEXTS } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { ledgerCaseText, ledgerErrorText, lineStatusText, reconciliationText, stockText } from './texts.js';

describe('ledger texts', () => {
  it.each([
    ['LOT_EXPIRED', LEDGER_TEXTS.expired],
    ['WITNESS_SAME_USER', 'The witness must be someone other than the person wasting.'],
    [
      'WITNESS_INVALID',
      'The witness could not be confirmed: check the email and password of a member of this organisation whose sign-in is not locked.',
    ],
    ['SOMETHING_NEW', 'Something went wrong. Try again.'],
  ])('[IV3] %s reads "%s"', (code, text) => {
    expect(ledgerErrorText(code)).toBe(text);
  });

  it.each([
    [40, 10, 'mg', '4 × 10 mg (40 mg)'],
    [45, 10, 'mg', '4.5 × 10 mg (45 mg)'],
    [100, 300, 'mcg', '0.33 × 300 mcg (100 mcg)'],
    [0, 10, 'mg', '0 × 10 mg (0 mg)'],
  ])('[IV4] %d at %d %s a package reads %s', (balance, pkg, unit, text) => {
    expect(stockText(balance, pkg, unit)).toBe(text);
  });
});

describe('a case line in words', () => {
  it.each([
    [true, 0, 'Reconciled'],
    [false, 6, '6 mg unaccounted for'],
    [false, -2, '2 mg more than drawn'],
    [false, 0.123456, '0.1235 mg unaccounted for'],
  ])('[IV7] reconciles %s, difference %d: %s', (reconciles, difference, text) => {
    expect(lineStatusText({ reconciles, difference, unit: 'mg' })).toBe(text);
  });

  it('[IV7] names drawn, given, wasted and returned in the line’s unit', () => {
    expect(reconciliationText({ drawn: 10, given: 4, wasted: 6, returned: 0, unit: 'mg' })).toBe(
      'Drawn 10 mg · given 4 · wasted 6 · returned 0',
    );
  });
});

describe('a case as the log names it', () => {
  const utc = { locale: 'en-US', timeZone: 'UTC' };
  // Intl writes a narrow no-break space before AM/PM; compare with plain spaces.
  const text = (...args: Parameters<typeof ledgerCaseText>): string => ledgerCaseText(...args).replace(/\s/g, ' ');
  it('[IV8] reads patient · date and time · procedure', () => {
    const c = { patientName: 'Ada Lovelace', start: '2026-11-20T14:00:00.000Z', procedure: 'Third molar extraction' };
    expect(text('apt-1', c, utc)).toBe('Ada Lovelace · Nov 20, 2026, 2:00 PM · Third molar extraction');
  });
  it('[IV8] leaves out what the organisation does not know, and reads by id when nothing is known', () => {
    expect(text('apt-1', { patientName: 'Ada Lovelace', start: null, procedure: null }, utc)).toBe('Ada Lovelace');
    expect(text('apt-1', { patientName: null, start: null, procedure: null }, utc)).toBe('Case apt-1');
    expect(text('apt-1', null, utc)).toBe('Case apt-1');
  });
});
