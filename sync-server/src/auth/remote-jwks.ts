import { appJwksSchema } from '@vigil/shared';
import { publicHttps } from './public-address.js';

/*
 * An app's JWK Set fetched from its address (SMART Backend Services' jwks_uri; issue 42), as
 * `jose`'s createRemoteJWKSet does (jose is not installed here): fetched on first use, kept for
 * 10 minutes, fetched again early when an assertion names a kid the set lacks (a key rotation),
 * but so at most once every 30 seconds per address, so unknown kids cannot make the server hammer it.
 * The answer is bounded (20,000 characters, 5 s, no redirects) and must pass APP6 (public keys,
 * each with its own kid). A production server fetches only https addresses of hosts that are not
 * this machine or a private network (the webhooks' rule, auth/public-address.ts isLocalHost).
 */

export const REMOTE_JWKS = {
  maxAgeMs: 10 * 60 * 1000,
  cooldownMs: 30 * 1000,
  timeoutMs: 5000,
  maxChars: 20_000,
  /** Addresses kept at most (the oldest forgotten first). */
  maxEntries: 1000,
} as const;

interface Entry {
  text: string;
  kids: Set<string>;
  fetchedAt: number;
}

export interface RemoteJwksDeps {
  now: () => number;
  /** Addresses on this machine or a private network, and plain http, allowed (development and tests). */
  localKeys?: boolean;
  fetch?: typeof fetch;
}

export class RemoteJwks {
  private readonly cache = new Map<string, Entry>();
  /** When a kid the cached set lacked last made it fetched again, per address. */
  private readonly lastMiss = new Map<string, number>();

  constructor(private readonly deps: RemoteJwksDeps) {}

  /**
   * The JWK Set (JSON text) published at `url` that should hold `kid`: the cached one while fresh
   * and holding it, else fetched again (cooldown permitting). Null when it cannot be had.
   */
  async keySet(url: string, kid: string | null): Promise<string | null> {
    const now = this.deps.now();
    const cached = this.cache.get(url);
    const fresh = cached !== undefined && now - cached.fetchedAt < REMOTE_JWKS.maxAgeMs;
    if (fresh) {
      if (kid === null || cached.kids.has(kid)) return cached.text;
      // An unknown kid (a rotation): fetched again, unless one did so in the last 30 seconds.
      const last = this.lastMiss.get(url);
      if (last !== undefined && now - last < REMOTE_JWKS.cooldownMs) return cached.text;
      this.lastMiss.set(url, now);
    }
    const text = await this.fetchSet(url);
    if (text === null) return fresh ? cached.text : null;
    this.cache.delete(url);
    this.cache.set(url, { text, kids: new Set(appJwksSchema.parse(text).keys.map((k) => k.kid)), fetchedAt: now });
    if (this.cache.size > REMOTE_JWKS.maxEntries) {
      const oldest = this.cache.keys().next().value!;
      this.cache.delete(oldest);
      this.lastMiss.delete(oldest);
    }
    return text;
  }

  private async fetchSet(url: string): Promise<string | null> {
    if (!this.deps.localKeys && !publicHttps(url)) return null;
    try {
      const res = await (this.deps.fetch ?? fetch)(url, {
        headers: { accept: 'application/json, application/jwk-set+json' },
        redirect: 'error',
        signal: AbortSignal.timeout(REMOTE_JWKS.timeoutMs),
      });
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        return null;
      }
      const text = await boundedText(res.body, REMOTE_JWKS.maxChars);
      if (text === null || !appJwksSchema.safeParse(text).success) return null;
      return text;
    } catch {
      return null;
    }
  }
}

/** The body as text, or null (and the rest left unread) when it is longer than `max` characters. */
async function boundedText(body: ReadableStream<Uint8Array>, max: number): Promise<string | null> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
    if (text.length > max) {
      await reader.cancel();
      return null;
    }
  }
}
