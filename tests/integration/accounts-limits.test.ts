import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import {
  Browser,
  fullyAuthenticated,
  latestCode,
  outbox,
  sessionOf,
  signIn,
  signUp,
  solveBotCheck,
} from './accounts-client.js';

const PASSWORD = 'copper meadow 19 tide';

function resetCodeFrom(body: string): string {
  const code = /mode=resetPassword&oobCode=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  if (!code) throw new Error('no reset link');
  return code;
}

describe('accounts: password reset', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('answers an unknown address with USER_NOT_FOUND (spec 000 §5) and sends nothing', async () => {
    const result = await new Browser(server.url).gql('mutation { sendPasswordReset(email: "ghost@example.com") }');
    expect(result.code).toBe('USER_NOT_FOUND');
    expect(await outbox(server.url, 'ghost@example.com')).toEqual([]);
  });

  it('resets the password with the emailed link: the code shows the email, works once, and ends every session', async () => {
    const { browser } = await fullyAuthenticated(server.url, 'forgot@example.com', PASSWORD);
    const anonymous = new Browser(server.url);
    expect((await anonymous.gql('mutation { sendPasswordReset(email: " Forgot@Example.com ") }')).data).toEqual({
      sendPasswordReset: true,
    });
    const message = (await outbox(server.url, 'forgot@example.com')).at(-1)!;
    expect(message.body).toContain(`${server.url}/auth/action?mode=resetPassword&oobCode=`);
    const code = resetCodeFrom(message.body);
    expect(
      (await anonymous.gql('query ($code: String!) { verifyPasswordResetCode(code: $code) }', { code })).data,
    ).toEqual({
      verifyPasswordResetCode: 'forgot@example.com',
    });
    const confirm =
      'mutation ($code: String!, $password: String!) { confirmPasswordReset(code: $code, password: $password) }';
    expect((await anonymous.gql(confirm, { code, password: 'short' })).code).toBe('INVALID_INPUT');
    expect((await anonymous.gql(confirm, { code, password: 'a fresh start 2026' })).data).toEqual({
      confirmPasswordReset: true,
    });
    expect(await sessionOf(browser)).toBeNull();
    expect((await anonymous.gql(confirm, { code, password: 'second use 2026' })).code).toBe('INVALID_RESET_CODE');
    expect(
      (await anonymous.gql('query ($code: String!) { verifyPasswordResetCode(code: $code) }', { code })).code,
    ).toBe('INVALID_RESET_CODE');
    expect((await signIn(new Browser(server.url), 'forgot@example.com', PASSWORD)).code).toBe(
      'INVALID_LOGIN_CREDENTIALS',
    );
    expect((await signIn(new Browser(server.url), 'forgot@example.com', 'a fresh start 2026')).code).toBeUndefined();
  });

  it('voids a reset link sent before the password was changed under sudo', async () => {
    const email = 'voided@example.com';
    const { browser } = await fullyAuthenticated(server.url, email, PASSWORD);
    await new Browser(server.url).gql('mutation ($e: String!) { sendPasswordReset(email: $e) }', { e: email });
    const code = resetCodeFrom((await outbox(server.url, email)).at(-1)!.body);
    await browser.gql('mutation ($to: String!) { sendMfaVerification(to: $to, channel: "email", sudo: true) }', {
      to: email,
    });
    const sudoCode = await latestCode(server.url, email);
    const sudo = await browser.gql(
      'mutation ($to: String!, $code: String!) { verifyMfaCode(to: $to, channel: "email", code: $code, sudo: true) { user { id } } }',
      { to: email, code: sudoCode },
    );
    expect(sudo.errors).toBeUndefined();
    const changed = await browser.gql('mutation { changePassword(password: "a new secret for 2027") { user { id } } }');
    expect(changed.errors).toBeUndefined();
    const stale = await new Browser(server.url).gql('query ($code: String!) { verifyPasswordResetCode(code: $code) }', {
      code,
    });
    expect(stale.code).toBe('INVALID_RESET_CODE');
  });

  it('refuses a made-up reset code', async () => {
    const result = await new Browser(server.url).gql(
      'query { verifyPasswordResetCode(code: "abcdefghijklmnopqrstuvwxyz012345") }',
    );
    expect(result.code).toBe('INVALID_RESET_CODE');
  });
});

describe('accounts: sign-in rate limit', () => {
  // The bot check is off here (BOT_CHECK=off) so 500 guesses run quickly: the limit must hold on its own.
  it('stops a password-guessing run after 100 failures per hour, then lets the real user in once the hour has passed', async () => {
    const first = await startServer({ env: { BOT_CHECK: 'off' } });
    const dataDir = first.dataDir;
    try {
      await signUp(new Browser(first.url), { email: 'target@example.com', password: PASSWORD });
      const codes: (string | undefined)[] = [];
      for (let i = 0; i < 500; i += 1) {
        codes.push(
          (await signIn(new Browser(first.url), 'target@example.com', `guess number ${i}`, { botToken: null })).code,
        );
      }
      expect(codes.slice(0, 100).every((c) => c === 'INVALID_LOGIN_CREDENTIALS')).toBe(true);
      expect(codes.slice(100).every((c) => c === 'TOO_MANY_REQUESTS')).toBe(true);
      // The right password is refused too while the limit holds: the guesser learns nothing.
      expect((await signIn(new Browser(first.url), 'target@example.com', PASSWORD)).code).toBe('TOO_MANY_REQUESTS');
      // Another account is not affected.
      await signUp(new Browser(first.url), { email: 'bystander@example.com', password: PASSWORD });
      expect((await signIn(new Browser(first.url), 'bystander@example.com', PASSWORD)).code).toBeUndefined();
      await first.stop();

      const later = await startServer({
        dataDir,
        env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(60 * 60_000 + 1000), BOT_CHECK: 'off' },
      });
      try {
        const browser = new Browser(later.url);
        expect((await signIn(browser, 'target@example.com', PASSWORD)).code).toBeUndefined();
        expect(await sessionOf(browser)).not.toBeNull();
      } finally {
        await later.stop();
      }
    } finally {
      await first.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('accounts: proof-of-work bot check', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('hands out signed challenges that are never cached', async () => {
    const res = await fetch(`${server.url}/api/bot-check/challenge`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const challenge = (await res.json()) as { parameters: { algorithm: string; expiresAt: number }; signature: string };
    expect(challenge.parameters.algorithm).toBe('SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt * 1000).toBeGreaterThan(Date.now());
  });

  it('refuses sign-up without a solved challenge, with a forged one, and with one used before (RECAPTCHA_FAILED)', async () => {
    expect(
      (await signUp(new Browser(server.url), { email: 'bot1@example.com', password: PASSWORD, botToken: null })).code,
    ).toBe('RECAPTCHA_FAILED');
    const forged = Buffer.from(
      JSON.stringify({
        challenge: { parameters: { algorithm: 'SHA-256' }, signature: 'x' },
        solution: { counter: 1, derivedKey: '00' },
      }),
    ).toString('base64');
    expect(
      (await signUp(new Browser(server.url), { email: 'bot1@example.com', password: PASSWORD, botToken: forged })).code,
    ).toBe('RECAPTCHA_FAILED');
    const token = await solveBotCheck(server.url);
    expect(
      (await signUp(new Browser(server.url), { email: 'bot1@example.com', password: PASSWORD, botToken: token })).code,
    ).toBeUndefined();
    expect(
      (await signUp(new Browser(server.url), { email: 'bot2@example.com', password: PASSWORD, botToken: token })).code,
    ).toBe('RECAPTCHA_FAILED');
  });

  it('refuses sign-in without a solved challenge, without counting it as a failed password', async () => {
    await signUp(new Browser(server.url), { email: 'bot3@example.com', password: PASSWORD });
    for (let i = 0; i < 120; i += 1) {
      expect((await signIn(new Browser(server.url), 'bot3@example.com', 'guess', { botToken: null })).code).toBe(
        'RECAPTCHA_FAILED',
      );
    }
    expect((await signIn(new Browser(server.url), 'bot3@example.com', PASSWORD)).code).toBeUndefined();
  });
});
