import type { PostalAddress } from '../provider.js';

/** US states, DC and the territories the real provider's tax engine knows (two-letter codes). */
const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP'.split(
    ' ',
  ),
);
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));

/**
 * Whether an address can locate its customer for tax (the real provider refuses one it cannot:
 * spec 000 §8 INVALID_ADDRESS_FOR_TAX). The local provider checks what a tax engine needs: a
 * country code, a city and, for the United States and Canada, a known state or province and a
 * postal code of the country's form.
 */
export function taxLocatable(address: PostalAddress): boolean {
  const country = address.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country) || address.line1.trim() === '' || address.city.trim() === '') return false;
  const state = address.state.trim().toUpperCase();
  const postal = address.postalCode.trim().toUpperCase();
  if (country === 'US') return US_STATES.has(state) && /^\d{5}(-\d{4})?$/.test(postal);
  if (country === 'CA') return CA_PROVINCES.has(state) && /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/.test(postal);
  return true;
}
