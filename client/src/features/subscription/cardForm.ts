/*
 * The card form's reading of what was typed (issue 37): number, expiry MM/YY and CVC. The card is
 * sent to the payment provider's card entry and never stored by Vigil; this only catches typing
 * mistakes before it is sent (the provider decides whether the card is good).
 */

/** The card brands whose logos the card on file shows (spec 000 §10 "Card brand logos"). */
export const CARD_BRANDS = ['amex', 'diners', 'discover', 'jcb', 'mastercard', 'visa'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const CARD_BRAND_LABELS: Readonly<Record<CardBrand, string>> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  visa: 'Visa',
};

/** A brand's display name; an unknown brand as the provider spelled it. */
export function cardBrandLabel(brand: string): string {
  return (CARD_BRAND_LABELS as Record<string, string>)[brand] ?? brand;
}

/** What the provider's card entry takes. */
export interface CardEntry {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface CardFormValues {
  number: string;
  /** MM/YY as typed. */
  expiry: string;
  cvc: string;
}

export type CardFormErrors = Partial<Record<keyof CardFormValues, string>>;

export const CARD_FORM_TEXTS = {
  number: 'Enter a valid card number.',
  expiry: 'Enter the expiry as MM/YY.',
  expired: 'This card has expired.',
  cvc: 'Enter the 3 or 4 digit security code.',
} as const;

const digitsOf = (s: string): string => s.replace(/[\s-]/g, '');

/** The brand a card number's first digits name (the networks' published ranges), or null. */
export function cardBrandOf(number: string): CardBrand | null {
  const n = digitsOf(number);
  if (/^3[47]/.test(n)) return 'amex';
  if (/^(30[0-5]|309|36|3[89])/.test(n)) return 'diners';
  if (/^35(2[89]|[3-8]\d)/.test(n)) return 'jcb';
  if (/^(6011|64[4-9]|65)/.test(n)) return 'discover';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(n)) return 'mastercard';
  if (/^4/.test(n)) return 'visa';
  return null;
}

/** The Luhn check every card number passes (ISO/IEC 7812). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The number as typed, grouped in fours (American Express 4-6-5), at most 19 digits. */
export function formatCardNumber(typed: string): string {
  const n = typed.replace(/\D/g, '').slice(0, 19);
  if (cardBrandOf(n) === 'amex') return [n.slice(0, 4), n.slice(4, 10), n.slice(10, 15)].filter(Boolean).join(' ');
  return n.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The expiry as typed, with the slash put in after the month: "12/28". */
export function formatExpiry(typed: string): string {
  const n = typed.replace(/\D/g, '').slice(0, 4);
  return n.length > 2 ? `${n.slice(0, 2)}/${n.slice(2)}` : n;
}

/** MM/YY (or MM/YYYY) as a month and a four-digit year; null when it is not one. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/**
 * The card entry from the form, or the errors to show by field. A card is good through the last
 * day of its expiry month (UTC), so it has expired only once that month is over.
 */
export function readCardForm(
  values: CardFormValues,
  now: number,
): { card: CardEntry; errors?: undefined } | { card?: undefined; errors: CardFormErrors } {
  const errors: CardFormErrors = {};
  const number = digitsOf(values.number);
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) errors.number = CARD_FORM_TEXTS.number;
  const expiry = parseExpiry(values.expiry);
  if (!expiry) errors.expiry = CARD_FORM_TEXTS.expiry;
  else {
    const today = new Date(now);
    const current = today.getUTCFullYear() * 12 + today.getUTCMonth();
    if (expiry.year * 12 + (expiry.month - 1) < current) errors.expiry = CARD_FORM_TEXTS.expired;
  }
  const cvc = values.cvc.trim();
  const cvcLength = cardBrandOf(number) === 'amex' ? /^\d{4}$/ : /^\d{3}$/;
  if (!cvcLength.test(cvc)) errors.cvc = CARD_FORM_TEXTS.cvc;
  if (Object.keys(errors).length > 0 || !expiry) return { errors };
  return { card: { number, expMonth: expiry.month, expYear: expiry.year, cvc } };
}

/** A saved card's expiry as "MM/YY". */
export function expiryText(expMonth: number, expYear: number): string {
  return `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
}
