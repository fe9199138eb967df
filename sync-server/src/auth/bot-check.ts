import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { randomBytes } from 'node:crypto';

/**
 * Self-hosted proof-of-work bot check (ALTCHA) in place of the spec's third-party captcha
 * (spec 000 §7). The server hands out signed challenges; sign-up and sign-in need a solved one,
 * each usable once. Secrets are per process: a restart voids outstanding challenges.
 */
export interface BotCheck {
  readonly enabled: boolean;
  challenge(): Promise<Challenge>;
  /** True when the token is a fresh, correctly solved challenge of ours (then used up). */
  verify(token: string | null | undefined): Promise<boolean>;
}

/** Challenges live 10 minutes; the counter range sets the work (about a second in a browser). */
export const BOT_CHECK = { validityMs: 10 * 60_000, counterMin: 5_000, counterMax: 20_000 } as const;

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function decode(token: string): Payload | null {
  try {
    const json = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Partial<Payload>;
    if (!json.challenge?.parameters || typeof json.challenge.signature !== 'string' || !json.solution) return null;
    return json as Payload;
  } catch {
    return null;
  }
}

export function createBotCheck(enabled: boolean, now: () => number): BotCheck {
  const hmacSignatureSecret = randomBytes(32).toString('hex');
  const hmacKeySignatureSecret = randomBytes(32).toString('hex');
  /** Signatures of used challenges → their expiry, so a solved challenge works once. */
  const used = new Map<string, number>();

  return {
    enabled,
    challenge: () =>
      createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(BOT_CHECK.counterMin, BOT_CHECK.counterMax),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        expiresAt: new Date(now() + BOT_CHECK.validityMs),
      }),
    verify: async (token) => {
      if (!enabled) return true;
      if (!token || token.length > 10_000) return false;
      const payload = decode(token);
      if (!payload) return false;
      const signature = payload.challenge.signature!;
      const t = now();
      for (const [key, expires] of used) if (expires < t) used.delete(key);
      if (used.has(signature)) return false;
      // Taken before the verification's await, so parallel requests with one solved challenge
      // cannot all pass (issue 24 item 4); given back when the solution turns out wrong.
      used.set(signature, t + BOT_CHECK.validityMs);
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => null);
      if (!result?.verified) {
        used.delete(signature);
        return false;
      }
      return true;
    },
  };
}
