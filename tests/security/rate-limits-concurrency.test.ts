import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, latestCode, signUp, solveBotCheck } from '../integration/accounts-client.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { SERVER_START_TIMEOUT_MS } from './http.js';
import { appendAuditRecords, withStores } from '../utils/stores.js';

/**
 * Issue 24 item 4: a limit checked before the asynchronous work (argon2, the bot check, mail)
 * let 200 parallel attempts all pass it. Every limit of sync-server/src/auth/limits.ts is hit
 * here with a burst of parallel requests: no more than the room left under the limit pass.
 * Bursts are bounded (at most 50 requests), go to 127.0.0.1 only, and each uses its own client
 * address (X-Forwarded-For behind TRUST_PROXY=1) so the per-IP limits of one do not touch another.
 */
const PASSWORD = 'amber quarry 38 willow';
const HOUR = 60 * 60_000;

const SIGN_IN = 'mutation ($e: String!, $p: String!) { signIn(email: $e, password: $p) { user { id } } }';
const RESET = 'mutation ($e: String!) { sendPasswordReset(email: $e) }';
const SEND_CODE = 'mutation ($to: String!) { sendMfaVerification(to: $to, channel: "email") }';
const VERIFY_CODE =
  'mutation ($to: String!, $code: String!) { verifyMfaCode(to: $to, channel: "email", code: $code) { user { id } } }';

/** One GraphQL call as a client at `ip` (the trusted proxy's hop), with an optional cookie; the first error code or 'OK'. */
async function call(
  server: TestServer,
  ip: string,
  query: string,
  variables: Record<string, unknown>,
  cookie?: string,
): Promise<string> {
  const res = await fetch(`${server.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { errors?: { message: string }[] };
  return body.errors?.[0]?.message ?? 'OK';
}

/** Sends `n` copies at once (a bounded burst) and counts the answers by code. */
async function burst(n: number, send: (i: number) => Promise<string>): Promise<Record<string, number>> {
  const codes = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  const counts: Record<string, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

function cookieOf(browser: Browser): string {
  return [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

describe('security: every rate limit holds under parallel requests', () => {
  let server: TestServer;

  /** Earlier failures appended to the audit trail the limits count (argon2 for each would take minutes). */
  async function recordEarlier(action: string, rows: { email?: string; userId?: string; ip: string }[]): Promise<void> {
    const at = Date.now() - 10 * 60_000;
    await appendAuditRecords(
      server.dataDir,
      rows.map((r) => ({
        ...{ at, email: r.email ?? null, userId: r.userId ?? null, action, outcome: 'failure' as const },
        ...{ ip: r.ip, userAgent: null, detail: null },
      })),
    );
  }

  function countRecorded(action: string, email: string): Promise<number> {
    return withStores(server.dataDir, ({ audit }) => audit.count(action, Date.now() - HOUR, { email }));
  }

  beforeAll(async () => {
    // The bot check is off so the sign-in limits stand on their own (it has its own test below).
    server = await startServer({ env: { BOT_CHECK: 'off', TRUST_PROXY: '1' }, timeoutMs: SERVER_START_TIMEOUT_MS });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('lets no more than 100 failed sign-ins per account through: 90 earlier, 50 parallel guesses, 10 checked', async () => {
    const email = 'burst-account@example.com';
    await signUp(new Browser(server.url), { email, password: PASSWORD, botToken: null });
    await recordEarlier(
      'signInFailed',
      Array.from({ length: 90 }, () => ({ email, ip: '198.51.100.1' })),
    );
    const counts = await burst(50, (i) => call(server, '198.51.100.2', SIGN_IN, { e: email, p: `guess ${i}` }));
    expect(counts).toEqual({ INVALID_LOGIN_CREDENTIALS: 10, TOO_MANY_REQUESTS: 40 });
    // The limit now holds for the right password as well.
    expect(await call(server, '198.51.100.3', SIGN_IN, { e: email, p: PASSWORD })).toBe('TOO_MANY_REQUESTS');
    // Exactly the 10 checked guesses were recorded: 100 failures in the hour, no more.
    expect(await countRecorded('signInFailed', email)).toBe(100);
  }, 120_000);

  it('lets no more than 1000 failed sign-ins per address through: 990 earlier, 50 parallel over other accounts, 10 checked', async () => {
    const ip = '203.0.113.50';
    await recordEarlier(
      'signInFailed',
      Array.from({ length: 990 }, (_, i) => ({ email: `spread${i % 20}@example.com`, ip })),
    );
    const counts = await burst(50, (i) => call(server, ip, SIGN_IN, { e: `other${i}@example.com`, p: 'a guess' }));
    expect(counts).toEqual({ INVALID_LOGIN_CREDENTIALS: 10, TOO_MANY_REQUESTS: 40 });
    // Another address is not affected.
    expect(await call(server, '203.0.113.51', SIGN_IN, { e: 'other0@example.com', p: 'a guess' })).toBe(
      'INVALID_LOGIN_CREDENTIALS',
    );
  }, 120_000);

  it('lets no more than 5 wrong tries at one code and 30 wrong codes per account through (50 parallel)', async () => {
    const email = 'burst-codes@example.com';
    const browser = new Browser(server.url);
    await signUp(browser, { email, password: PASSWORD, botToken: null });
    const cookie = cookieOf(browser);
    expect(await call(server, '198.51.100.20', SEND_CODE, { to: email }, cookie)).toBe('OK');
    const right = await latestCode(server.url, email);
    const wrong = right === '000000' ? '111111' : '000000';
    const counts = await burst(50, () =>
      call(server, '198.51.100.21', VERIFY_CODE, { to: email, code: wrong }, cookie),
    );
    // 5 tries at the code, then it is void (CODE_EXPIRED, still counted) until 30 failures; then refused.
    expect(counts).toEqual({ CODE_MISMATCH: 5, CODE_EXPIRED: 25, TOO_MANY_REQUESTS: 20 });
    // The right code is refused now too: the code is void and the account is over its limit.
    expect(await call(server, '198.51.100.22', VERIFY_CODE, { to: email, code: right }, cookie)).toBe(
      'TOO_MANY_REQUESTS',
    );
  });

  it('lets no more than 300 wrong codes per address through: 295 earlier, 20 parallel, 5 checked', async () => {
    const ip = '203.0.113.60';
    const email = 'burst-code-ip@example.com';
    const browser = new Browser(server.url);
    await signUp(browser, { email, password: PASSWORD, botToken: null });
    const cookie = cookieOf(browser);
    expect(await call(server, ip, SEND_CODE, { to: email }, cookie)).toBe('OK');
    const right = await latestCode(server.url, email);
    const wrong = right === '000000' ? '111111' : '000000';
    await recordEarlier(
      'mfaCodeFailed',
      Array.from({ length: 295 }, (_, i) => ({ userId: `usr-elsewhere-${i % 30}`, ip })),
    );
    const counts = await burst(20, () => call(server, ip, VERIFY_CODE, { to: email, code: wrong }, cookie));
    expect(counts).toEqual({ CODE_MISMATCH: 5, TOO_MANY_REQUESTS: 15 });
  });

  it('sends no more than 20 codes per account per hour (30 parallel requests)', async () => {
    const email = 'burst-sends@example.com';
    const browser = new Browser(server.url);
    await signUp(browser, { email, password: PASSWORD, botToken: null });
    const cookie = cookieOf(browser);
    const counts = await burst(30, () => call(server, '198.51.100.30', SEND_CODE, { to: email }, cookie));
    expect(counts).toEqual({ OK: 20, TOO_MANY_REQUESTS: 10 });
    const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(((await res.json()) as { messages: unknown[] }).messages).toHaveLength(20);
  });

  it('sends no more than 5 password resets per address per hour (20 parallel requests)', async () => {
    const email = 'burst-reset@example.com';
    await signUp(new Browser(server.url), { email, password: PASSWORD, botToken: null });
    const counts = await burst(20, (i) => call(server, `198.51.100.${100 + i}`, RESET, { e: email }));
    expect(counts).toEqual({ OK: 5, TOO_MANY_REQUESTS: 15 });
    const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const messages = ((await res.json()) as { messages: { subject: string }[] }).messages;
    expect(messages.filter((m) => m.subject === 'Reset your Vigil password')).toHaveLength(5);
  });

  it('answers no more than 20 password-reset requests per address per hour (40 parallel, over several accounts)', async () => {
    const ip = '203.0.113.70';
    const emails = ['reset-a@example.com', 'reset-b@example.com', 'reset-c@example.com', 'reset-d@example.com'];
    for (const email of emails) await signUp(new Browser(server.url), { email, password: PASSWORD, botToken: null });
    // Each account stays under its own 5; unknown addresses count toward the address's 20 as well.
    const targets = [...emails, ...emails, ...emails, ...emails, ...emails];
    const counts = await burst(40, (i) => call(server, ip, RESET, { e: targets[i] ?? `nobody${i}@example.com` }));
    expect((counts.OK ?? 0) + (counts.USER_NOT_FOUND ?? 0)).toBe(20);
    expect(counts.TOO_MANY_REQUESTS).toBe(20);
  });
});

describe('security: a solved bot-check challenge works once under parallel requests', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ timeoutMs: SERVER_START_TIMEOUT_MS });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('lets exactly one of 10 parallel sign-ups with the same solved challenge through', async () => {
    const token = await solveBotCheck(server.url);
    const codes = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const result = await signUp(new Browser(server.url), {
          email: `same-token-${i}@example.com`,
          password: PASSWORD,
          botToken: token,
        });
        return result.code ?? 'OK';
      }),
    );
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'RECAPTCHA_FAILED')).toHaveLength(9);
  });
});
