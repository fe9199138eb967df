import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { Browser, signUp } from './accounts-client.js';
import { appendAuditRecords } from '../utils/stores.js';

const PASSWORD = 'slate orchard 64 river';
const HOUR = 60 * 60_000;

/** A GraphQL call from a client address, as the trusted reverse proxy reports it (X-Forwarded-For, last hop). */
async function callFrom(
  server: TestServer,
  ip: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<string | undefined> {
  const res = await fetch(`${server.url}/api/graphql`, {
    method: 'POST',
    // The first hop is whatever the client wrote; only the one the proxy appended counts.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.9.9, ${ip}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { errors?: { message: string }[] };
  return body.errors?.[0]?.message;
}

const SIGN_IN = 'mutation ($e: String!, $p: String!) { signIn(email: $e, password: $p) { user { id } } }';
const RESET = 'mutation ($e: String!) { sendPasswordReset(email: $e) }';

describe('accounts: per-IP abuse limits behind a trusted proxy', () => {
  it('stops sign-in from an address after 1000 failures in an hour (spread over accounts), not other addresses, and lifts it after the hour', async () => {
    const env = { BOT_CHECK: 'off', TRUST_PROXY: '1' };
    const first = await startServer({ env });
    const dataDir = first.dataDir;
    try {
      await signUp(new Browser(first.url), { email: 'real@example.com', password: PASSWORD, botToken: null });
      // 996 failures from one address earlier this hour, over 20 accounts (under the per-account limit
      // of 100), written straight into the audit table the limit counts (1000 argon2 checks take minutes
      // on this machine) ...
      const t = Date.now() - 10 * 60_000;
      await appendAuditRecords(
        dataDir,
        Array.from({ length: 996 }, (_, i) => ({
          ...{ at: t, userId: null, email: `victim${i % 20}@example.com`, action: 'signInFailed' },
          ...{ outcome: 'failure' as const, ip: '203.0.113.7', userAgent: null, detail: null },
        })),
      );
      // ... and 4 more through the server: the failure is counted against the proxy's hop.
      for (let i = 0; i < 4; i += 1) {
        expect(await callFrom(first, '203.0.113.7', SIGN_IN, { e: `victim${i}@example.com`, p: 'a guess' })).toBe(
          'INVALID_LOGIN_CREDENTIALS',
        );
      }
      // The 1001st attempt from that address is refused, even with the right password of a real account.
      expect(await callFrom(first, '203.0.113.7', SIGN_IN, { e: 'real@example.com', p: PASSWORD })).toBe(
        'TOO_MANY_REQUESTS',
      );
      // Another address (and a forged first hop does not help) signs in.
      expect(await callFrom(first, '198.51.100.4', SIGN_IN, { e: 'real@example.com', p: PASSWORD })).toBeUndefined();
      await first.stop();

      const later = await startServer({ dataDir, env: { ...env, VIGIL_TEST_CLOCK_OFFSET_MS: String(HOUR + 1000) } });
      try {
        expect(await callFrom(later, '203.0.113.7', SIGN_IN, { e: 'real@example.com', p: PASSWORD })).toBeUndefined();
      } finally {
        await later.stop();
      }
    } finally {
      await first.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('allows 20 password-reset requests per address per hour (known addresses or not), then TOO_MANY_REQUESTS', async () => {
    const server = await startServer({ env: { TRUST_PROXY: '1' } });
    try {
      await signUp(new Browser(server.url), { email: 'forgetful@example.com', password: PASSWORD });
      const codes: (string | undefined)[] = [];
      for (let i = 0; i < 20; i += 1) {
        // Unknown addresses count too: probing which addresses have accounts is what the limit bounds.
        codes.push(await callFrom(server, '203.0.113.9', RESET, { e: `nobody${i}@example.com` }));
      }
      // Whole, so a failure shows what came back instead (stop 54's rehearsal: one of them, once, on PostgreSQL).
      expect(codes).toEqual(Array.from({ length: 20 }, () => 'USER_NOT_FOUND'));
      expect(await callFrom(server, '203.0.113.9', RESET, { e: 'forgetful@example.com' })).toBe('TOO_MANY_REQUESTS');
      expect(await callFrom(server, '198.51.100.9', RESET, { e: 'forgetful@example.com' })).toBeUndefined();
    } finally {
      await server.dispose();
    }
  });
});
