import type { CardBrand, RefusalCode } from '../provider.js';

/*
 * The local provider's cards (issue 37): the real provider's documented test card numbers and
 * what each does, and its texts for the refusals, so a test or a demo behaves as against the
 * real provider in test mode. Source: the provider's testing documentation ("Test card numbers",
 * "Declined payments"); the texts are the messages it answers for those decline codes.
 */

/** What a card does when it is saved and when it is charged. */
export type CardBehaviour =
  | 'succeeds'
  /** Refused when saved: a generic decline. */
  | 'declined'
  /** Saved; every charge refused for insufficient funds. */
  | 'insufficientFunds'
  /** Saved; every charge off-session needs the cardholder's authentication (3-D Secure). */
  | 'requiresAuthentication'
  /** Saved; every charge declined (a card that fails after it was attached). */
  | 'failsAfterAttach';

export const REFUSAL_TEXTS: Readonly<Record<RefusalCode, string>> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_required: 'Your card was declined. This transaction requires authentication.',
  incorrect_number: 'Your card number is incorrect.',
  expired_card: 'Your card has expired.',
  invalid_address_for_tax:
    'The address you entered is not valid for tax purposes. Please check your address and try again.',
};

/** A number that is valid but not one of the test cards: the provider's test mode refuses it. */
export const LIVE_CARD_IN_TEST_MODE =
  'Your card was declined. Your request was in test mode, but used a non test card.';

interface TestCard {
  brand: CardBrand;
  behaviour: CardBehaviour;
}

/** The documented test numbers (spaces removed). */
export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { brand: 'visa', behaviour: 'succeeds' },
  '4000056655665556': { brand: 'visa', behaviour: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', behaviour: 'succeeds' },
  '2223003122003222': { brand: 'mastercard', behaviour: 'succeeds' },
  '378282246310005': { brand: 'amex', behaviour: 'succeeds' },
  '6011111111111117': { brand: 'discover', behaviour: 'succeeds' },
  '3056930009020004': { brand: 'diners', behaviour: 'succeeds' },
  '3566002020360505': { brand: 'jcb', behaviour: 'succeeds' },
  '4000000000000002': { brand: 'visa', behaviour: 'declined' },
  '4000000000009995': { brand: 'visa', behaviour: 'insufficientFunds' },
  '4000002500003155': { brand: 'visa', behaviour: 'requiresAuthentication' },
  '4000000000000341': { brand: 'visa', behaviour: 'failsAfterAttach' },
};

/** Whether a card number's check digit is right. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardEntry {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardCheck =
  | { ok: true; brand: CardBrand; behaviour: CardBehaviour; last4: string }
  | { ok: false; code: RefusalCode; message: string };

/**
 * What the provider answers to a card entered (its tokenisation step): an incorrect number, an
 * expired card and a non-test number are refused; a test number answers its brand and behaviour.
 * `now` is the provider's clock (expiry: the end of the month given).
 */
export function checkCard(entry: CardEntry, now: number): CardCheck {
  const digits = entry.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) return { ok: false, code: 'incorrect_number', message: REFUSAL_TEXTS.incorrect_number };
  const month = entry.expMonth;
  const year = entry.expYear < 100 ? 2000 + entry.expYear : entry.expYear;
  const validMonth = Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year);
  if (!validMonth || Date.UTC(year, month, 1) <= now) {
    return { ok: false, code: 'expired_card', message: REFUSAL_TEXTS.expired_card };
  }
  const card = TEST_CARDS[digits];
  if (!card) return { ok: false, code: 'card_declined', message: LIVE_CARD_IN_TEST_MODE };
  return { ok: true, brand: card.brand, behaviour: card.behaviour, last4: digits.slice(-4) };
}

/** What charging a saved card of this behaviour does: null when it is paid, else the refusal. */
export function chargeRefusal(behaviour: CardBehaviour): { code: RefusalCode; message: string } | null {
  switch (behaviour) {
    case 'succeeds':
      return null;
    case 'insufficientFunds':
      return { code: 'insufficient_funds', message: REFUSAL_TEXTS.insufficient_funds };
    case 'requiresAuthentication':
      return { code: 'authentication_required', message: REFUSAL_TEXTS.authentication_required };
    case 'declined':
    case 'failsAfterAttach':
      return { code: 'card_declined', message: REFUSAL_TEXTS.card_declined };
  }
}
