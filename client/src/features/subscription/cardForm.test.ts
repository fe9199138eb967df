import { describe, expect, it } from 'vitest';
import {
  CARD_FORM_TEXTS,
  cardBrandOf,
  expiryText,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  parseExpiry,
  readCardForm,
} from './cardForm.js';

// 28 Nov 2026, 12:00 UTC.
const NOW = Date.UTC(2026, 10, 28, 12);

describe('the card form (issue 37)', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['4000000000000002', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['9999', null],
  ])('names the brand of %s: %s', (number, brand) => {
    expect(cardBrandOf(number)).toBe(brand);
  });

  it('checks the Luhn digit of the number', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    // The last digit changed: the check fails.
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('groups the number in fours as it is typed, American Express 4-6-5, and drops anything but digits', () => {
    expect(formatCardNumber('42424242x42424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('puts the slash in the expiry after the month', () => {
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12/2')).toBe('12/2');
  });

  it.each([
    ['12/28', { month: 12, year: 2028 }],
    ['1/30', { month: 1, year: 2030 }],
    ['03/2031', { month: 3, year: 2031 }],
    ['13/28', null],
    ['00/28', null],
    ['1228', null],
    ['', null],
  ])('reads the expiry %s as %j', (typed, parsed) => {
    expect(parseExpiry(typed)).toEqual(parsed);
  });

  it('reads a good card into what the provider card entry takes', () => {
    expect(readCardForm({ number: '4242 4242 4242 4242', expiry: '12/28', cvc: '123' }, NOW)).toEqual({
      card: { number: '4242424242424242', expMonth: 12, expYear: 2028, cvc: '123' },
    });
  });

  it('names each mistake by field', () => {
    expect(readCardForm({ number: '4242 4242 4242 4241', expiry: '1/2', cvc: '12' }, NOW)).toEqual({
      errors: { number: CARD_FORM_TEXTS.number, expiry: CARD_FORM_TEXTS.expiry, cvc: CARD_FORM_TEXTS.cvc },
    });
  });

  it('takes a card through the last day of its expiry month, and refuses it from the month after', () => {
    const card = { number: '4242424242424242', cvc: '123' };
    expect(readCardForm({ ...card, expiry: '11/26' }, NOW).card).toBeDefined();
    expect(readCardForm({ ...card, expiry: '10/26' }, NOW).errors).toEqual({ expiry: CARD_FORM_TEXTS.expired });
    // 1 Dec 2026: November's card has expired.
    expect(readCardForm({ ...card, expiry: '11/26' }, Date.UTC(2026, 11, 1)).errors).toEqual({
      expiry: CARD_FORM_TEXTS.expired,
    });
  });

  it('asks American Express for 4 security digits and the others for 3', () => {
    const amex = { number: '378282246310005', expiry: '12/28' };
    expect(readCardForm({ ...amex, cvc: '123' }, NOW).errors).toEqual({ cvc: CARD_FORM_TEXTS.cvc });
    expect(readCardForm({ ...amex, cvc: '1234' }, NOW).card?.cvc).toBe('1234');
    expect(readCardForm({ number: '4242424242424242', expiry: '12/28', cvc: '1234' }, NOW).errors).toEqual({
      cvc: CARD_FORM_TEXTS.cvc,
    });
  });

  it('shows a saved card expiry as MM/YY', () => {
    expect(expiryText(3, 2028)).toBe('03/28');
  });
});
