import { createHash, randomBytes, randomInt } from 'node:crypto';
import { MFA_CODE_LENGTH } from '@vigil/shared';

/** A session token: 256 random bits, base64url. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex: how tokens and codes are stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit code from a cryptographic source (spec 000 §5). */
export function newNumericCode(): string {
  return String(randomInt(0, 10 ** MFA_CODE_LENGTH)).padStart(MFA_CODE_LENGTH, '0');
}

/** A long single-use code for links (password reset). */
export function newLinkCode(): string {
  return randomBytes(24).toString('base64url');
}
