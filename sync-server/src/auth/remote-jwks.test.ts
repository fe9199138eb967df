import { describe, expect, it } from 'vitest';
import { REMOTE_JWKS, RemoteJwks } from './remote-jwks.js';

const set = (...kids: string[]): string =>
  JSON.stringify({ keys: kids.map((kid) => ({ kty: 'EC', crv: 'P-384', kid, x: 'x', y: 'y' })) });

/** A JWKS address answering `answers()` and counting its calls. */
function fake(answers: () => { status?: number; body: string }) {
  const calls: string[] = [];
  const fetchFn = ((url: string) => {
    calls.push(url);
    const a = answers();
    return Promise.resolve(new Response(a.body, { status: a.status ?? 200 }));
  }) as typeof fetch;
  return { calls, fetchFn };
}

describe('an app’s JWK Set fetched from its address (issue 42)', () => {
  it('keeps it 10 minutes, fetches again for an unknown kid at most every 30 s, and when stale', async () => {
    let now = 0;
    let body = set('k1');
    const { calls, fetchFn } = fake(() => ({ body }));
    const keys = new RemoteJwks({ now: () => now, fetch: fetchFn });
    const url = 'https://vendor.example/jwks.json';
    expect(await keys.keySet(url, 'k1')).toBe(body);
    expect(await keys.keySet(url, 'k1')).toBe(body);
    expect(calls).toHaveLength(1);
    body = set('k2');
    expect(await keys.keySet(url, 'k2')).toBe(set('k2'));
    expect(calls).toHaveLength(2);
    // Another unknown kid within the cooldown: the cached set, no fetch.
    now += REMOTE_JWKS.cooldownMs - 1;
    expect(await keys.keySet(url, 'k9')).toBe(set('k2'));
    expect(calls).toHaveLength(2);
    now += REMOTE_JWKS.maxAgeMs;
    expect(await keys.keySet(url, 'k2')).toBe(set('k2'));
    expect(calls).toHaveLength(3);
  });

  it('refuses an http or private address in production, an oversized, invalid or failed answer', async () => {
    const { calls, fetchFn } = fake(() => ({ body: set('k1') }));
    const prod = new RemoteJwks({ now: () => 0, fetch: fetchFn });
    expect(await prod.keySet('http://vendor.example/jwks', 'k1')).toBe(null);
    expect(await prod.keySet('https://127.0.0.1/jwks', 'k1')).toBe(null);
    expect(await prod.keySet('https://10.1.2.3/jwks', 'k1')).toBe(null);
    expect(calls).toHaveLength(0);
    const dev = new RemoteJwks({ now: () => 0, fetch: fetchFn, localKeys: true });
    expect(await dev.keySet('http://127.0.0.1:9000/jwks', 'k1')).toBe(set('k1'));
    const big = fake(() => ({ body: 'x'.repeat(REMOTE_JWKS.maxChars + 1) }));
    expect(await new RemoteJwks({ now: () => 0, fetch: big.fetchFn }).keySet('https://a.example/j', null)).toBe(null);
    const priv = fake(() => ({ body: JSON.stringify({ keys: [{ kty: 'EC', kid: 'k', d: 'secret' }] }) }));
    expect(await new RemoteJwks({ now: () => 0, fetch: priv.fetchFn }).keySet('https://a.example/j', null)).toBe(null);
    const down = fake(() => ({ status: 500, body: 'no' }));
    expect(await new RemoteJwks({ now: () => 0, fetch: down.fetchFn }).keySet('https://a.example/j', null)).toBe(null);
  });
});
