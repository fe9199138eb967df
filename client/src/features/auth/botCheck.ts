import { AUTH_TEXTS } from '@vigil/shared';
import type * as AltchaLib from 'altcha/lib';

/** Why a bot check could not produce a token: each has its spec 000 §8 text. */
export class BotCheckError extends Error {
  constructor(readonly text: string) {
    super(text);
    this.name = 'BotCheckError';
  }
}

/**
 * Runs the self-hosted proof-of-work bot check (ALTCHA, in place of the spec's third-party
 * captcha): fetches a signed challenge, finds its counter with Web Crypto, and returns the
 * token sign-up and sign-in send. Failures carry the spec's bot-protection texts.
 */
export async function runBotCheck(): Promise<string> {
  let lib: typeof AltchaLib;
  try {
    lib = await import('altcha/lib');
  } catch {
    throw new BotCheckError(AUTH_TEXTS.botLoadFailed);
  }
  let challenge: Parameters<typeof lib.solveChallenge>[0]['challenge'];
  try {
    const res = await fetch('/api/bot-check/challenge', { credentials: 'same-origin', cache: 'no-store' });
    if (!res.ok) throw new Error(String(res.status));
    challenge = (await res.json()) as typeof challenge;
  } catch {
    throw new BotCheckError(AUTH_TEXTS.botUnreachable);
  }
  const solution = await lib.solveChallenge({ challenge, deriveKey: lib.sha.deriveKey }).catch(() => null);
  if (!solution) throw new BotCheckError(AUTH_TEXTS.botRunFailed);
  return btoa(JSON.stringify({ challenge, solution }));
}
