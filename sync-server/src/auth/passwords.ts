import argon2 from 'argon2';
import { COMMON_PASSWORDS } from './common-passwords.js';

/**
 * argon2id with OWASP's minimum parameters (19 MiB, t=2, p=1). The whole password is hashed:
 * nothing is truncated.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** A hash of a random string, verified against when the user does not exist so timing does not tell. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    await argon2.verify(await dummyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

const COMMON = new Set(COMMON_PASSWORDS);

/** True for a password on the bundled list of the most common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
