import { ID_RANDOM_LENGTH } from './constants/case.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of 62 below 256: bytes at or above it are rejected so every character is equally likely. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);
/** The part of Web Crypto shared/ needs; typed here because shared/ compiles without DOM or Node types. */
interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
}
const webCrypto = (globalThis as unknown as { crypto: RandomSource }).crypto;

const PREFIX_PATTERN = /^[a-z][a-z0-9]{0,15}$/;

/** Id prefixes by kind of record. */
export const ID_PREFIXES = {
  patient: 'pat',
  appointment: 'apt',
  composition: 'cmp',
  location: 'loc',
  practitioner: 'prc',
  observation: 'obs',
  binary: 'bin',
  vital: 'vit',
  dose: 'dos',
  event: 'evt',
  ivSite: 'ivs',
  airway: 'awy',
  wave: 'wav',
  invitation: 'inv',
  user: 'usr',
} as const;

/**
 * A random alphanumeric string of `length` characters from the platform's cryptographic
 * source (Web Crypto: browsers and Node alike).
 */
export function randomAlphanumeric(length: number = ID_RANDOM_LENGTH): string {
  let out = '';
  // getRandomValues fills at most 65,536 bytes a call.
  const bytes = new Uint8Array(Math.min(Math.max(length * 2, 16), 4096));
  while (out.length < length) {
    webCrypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < UNBIASED_LIMIT) out += ALPHABET[byte % ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * A new id: prefix, a hyphen, and 14 random alphanumerics (spec 001 §9), e.g. `pat-4fQx9LmZ0aB2cD`.
 * The hyphen keeps every id a valid FHIR id (`[A-Za-z0-9\-\.]{1,64}`).
 */
export function newId(prefix: string): string {
  if (!PREFIX_PATTERN.test(prefix)) throw new Error(`Invalid id prefix: ${prefix}`);
  return `${prefix}-${randomAlphanumeric()}`;
}
