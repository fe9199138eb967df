import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { Browser, fullyAuthenticated, sessionOf, signIn, signUp, userOf, type UserData } from './accounts-client.js';
import { requestCaller, withStores } from '../utils/stores.js';
import { auditEvents } from '../../sync-server/src/store/audit/inspect.test-util.js';
import {
  deleteAccountAuditEvents,
  rewriteAccountAuditEvents,
} from '../../sync-server/src/store/audit/tamper.test-util.js';
import { sessionsOfUser } from '../../sync-server/src/store/sessions/inspect.test-util.js';

const PASSWORD = 'quiet lantern 42 river';

describe('accounts: sign-up, sign-in, sessions and cookies', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('signs a new user up, trims and lowercases the email, and starts a partial session', async () => {
    const browser = new Browser(server.url);
    const result = await signUp(browser, {
      name: 'Dr. Ada Lovelace, DDS',
      email: '  Ada@Example.COM ',
      password: PASSWORD,
    });
    expect(result.code).toBeUndefined();
    const { user, session } = result.data!.signUp;
    expect(user).toMatchObject({
      name: 'Dr. Ada Lovelace, DDS',
      email: 'ada@example.com',
      emailVerified: false,
      hasPw: true,
      mfa: [],
    });
    expect(session.userId).toBe(user.id);
    expect(session.multiFactorLast).toBeNull();
    expect(session.token).toBeNull();
    expect(session.orgs).toEqual({ regular: [], parent: [], vigil: [], reseller: [] });
    // 180 days (spec 001 §9)
    expect(session.sessionExpiresAt - session.sessionRenewedAt).toBe(180 * 24 * 3600 * 1000);
    expect((await userOf(browser))?.id).toBe(user.id);
  });

  it('sets the dev-tok cookie HttpOnly, SameSite=Lax, Path=/, for 180 days, not Secure over http, with a readable identity cookie', async () => {
    const browser = new Browser(server.url);
    const result = await signUp(browser, { email: 'cookies@example.com', password: PASSWORD });
    const token = result.setCookies.find((c) => c.startsWith('dev-tok='))!;
    expect(token).toMatch(/^dev-tok=[A-Za-z0-9_-]{43}; /);
    expect(token).toContain('HttpOnly');
    expect(token).toContain('SameSite=Lax');
    expect(token).toContain('Path=/');
    expect(token).toContain(`Max-Age=${180 * 24 * 3600}`);
    expect(token).not.toContain('Secure');
    const identity = result.setCookies.find((c) => c.startsWith('vigil-uid='))!;
    expect(identity).toContain(`vigil-uid=${result.data!.signUp.user.id}`);
    expect(identity).not.toContain('HttpOnly');
  });

  it('stores the password as argon2id (m=19456, t=2, p=1) and the token only as its SHA-256', async () => {
    const browser = new Browser(server.url);
    await signUp(browser, { email: 'hash@example.com', password: PASSWORD });
    await withStores(server.dataDir, async ({ db, accounts }) => {
      const user = (await accounts.userByEmail('hash@example.com'))!;
      expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      const sessions = await sessionsOfUser(db, user.id);
      expect(sessions).toHaveLength(1);
      const hash = createHash('sha256').update(browser.token!).digest('hex');
      expect(sessions[0]!.token_hash).toBe(hash);
      expect(JSON.stringify(sessions)).not.toContain(browser.token!);
    });
  });

  it('refuses a second account for the same email, whatever its case, with EMAIL_TAKEN', async () => {
    await signUp(new Browser(server.url), { email: 'taken@example.com', password: PASSWORD });
    const again = await signUp(new Browser(server.url), { email: 'TAKEN@example.com', password: PASSWORD });
    expect(again.code).toBe('EMAIL_TAKEN');
  });

  it('refuses short and common passwords and accepts a long passphrase without truncating it', async () => {
    expect((await signUp(new Browser(server.url), { email: 'short@example.com', password: 'seven77' })).code).toBe(
      'INVALID_INPUT',
    );
    expect((await signUp(new Browser(server.url), { email: 'common@example.com', password: 'Password123' })).code).toBe(
      'WEAK_PASSWORD',
    );
    const long = `${'a long passphrase '.repeat(5)}END`; // 93 characters
    expect((await signUp(new Browser(server.url), { email: 'long@example.com', password: long })).code).toBeUndefined();
    expect((await signIn(new Browser(server.url), 'long@example.com', long.slice(0, 72))).code).toBe(
      'INVALID_LOGIN_CREDENTIALS',
    );
    expect((await signIn(new Browser(server.url), 'long@example.com', long)).code).toBeUndefined();
  });

  it('refuses a missing name and a malformed email at the edge', async () => {
    expect(
      (await signUp(new Browser(server.url), { name: '  ', email: 'noname@example.com', password: PASSWORD })).code,
    ).toBe('INVALID_INPUT');
    expect((await signUp(new Browser(server.url), { email: 'not-an-email', password: PASSWORD })).code).toBe(
      'INVALID_EMAIL',
    );
  });

  it('answers a wrong password and an unknown email alike, and audits both', async () => {
    await signUp(new Browser(server.url), { email: 'wrong@example.com', password: PASSWORD });
    expect((await signIn(new Browser(server.url), 'wrong@example.com', 'not the password')).code).toBe(
      'INVALID_LOGIN_CREDENTIALS',
    );
    expect((await signIn(new Browser(server.url), 'nobody@example.com', 'not the password')).code).toBe(
      'INVALID_LOGIN_CREDENTIALS',
    );
    const rows = (await withStores(server.dataDir, ({ db }) => auditEvents(db, { action: 'signInFailed' }))).filter(
      (r) => r.email === 'wrong@example.com' || r.email === 'nobody@example.com',
    );
    expect(rows.map((r) => [r.email, r.outcome, JSON.parse(r.detail!) as unknown])).toEqual([
      ['wrong@example.com', 'failure', { reason: 'wrongPassword' }],
      ['nobody@example.com', 'failure', { reason: 'unknownEmail' }],
    ]);
    expect(rows[0]!.ip).toBe('127.0.0.1');
  });

  it('signs in with the right password (email trimmed) into a fresh session, and the token held before no longer works', async () => {
    const browser = new Browser(server.url);
    await signUp(browser, { email: 'fixation@example.com', password: PASSWORD });
    const before = browser.token!;
    const result = await signIn(browser, '  fixation@example.com ', PASSWORD);
    expect(result.code).toBeUndefined();
    expect(browser.token).not.toBe(before);
    expect(await sessionOf(browser)).not.toBeNull();
    const stale = new Browser(server.url);
    stale.cookies.set('dev-tok', before);
    expect(await sessionOf(stale)).toBeNull();
  });

  it('signs out every session of the user and clears the cookies', async () => {
    const laptop = new Browser(server.url);
    await signUp(laptop, { email: 'signout@example.com', password: PASSWORD });
    const tablet = new Browser(server.url);
    await signIn(tablet, 'signout@example.com', PASSWORD);
    expect(await sessionOf(tablet)).not.toBeNull();
    const out = await laptop.gql<{ signOut: boolean }>('mutation { signOut }');
    expect(out.data?.signOut).toBe(true);
    expect(out.setCookies.some((c) => c.startsWith('dev-tok=;') && c.includes('Max-Age=0'))).toBe(true);
    expect(laptop.token).toBeUndefined();
    expect(await sessionOf(tablet)).toBeNull();
  });

  it('refuses account calls without a session (NO_AUTHENTICATION) and full-auth calls from a partial session (MFA_REQUIRED)', async () => {
    const anonymous = new Browser(server.url);
    expect((await anonymous.gql('mutation { updateUser(properties: { name: "X" }) { id } }')).code).toBe(
      'NO_AUTHENTICATION',
    );
    expect((await anonymous.gql('mutation { extendSession { userId } }')).code).toBe('NO_AUTHENTICATION');
    expect(await sessionOf(anonymous)).toBeNull();
    const partial = new Browser(server.url);
    await signUp(partial, { email: 'partial@example.com', password: PASSWORD });
    expect((await partial.gql('mutation { updateUser(properties: { name: "X" }) { id } }')).code).toBe('MFA_REQUIRED');
    expect((await partial.gql('{ signature { path } }')).code).toBe('MFA_REQUIRED');
  });

  it('updates the profile name, saves, reads and deletes the signature once fully authenticated', async () => {
    const { browser } = await fullyAuthenticated(server.url, 'profile@example.com', PASSWORD);
    const named = await browser.gql<{ updateUser: UserData }>(
      'mutation { updateUser(properties: { name: " Dr. New Name " }) { name } }',
    );
    expect(named.data?.updateUser.name).toBe('Dr. New Name');
    expect((await browser.gql('mutation { updateUser(properties: { name: "" }) { name } }')).code).toBe(
      'INVALID_INPUT',
    );
    expect((await browser.gql('{ signature { path } }')).data).toEqual({ signature: null });
    expect((await browser.gql('mutation { updateSignature(path: "M 1 2 L 3 4 Z") }')).data).toEqual({
      updateSignature: true,
    });
    expect((await browser.gql('{ signature { path } }')).data).toEqual({ signature: { path: 'M 1 2 L 3 4 Z' } });
    expect((await browser.gql('mutation { updateSignature(path: "<script>") }')).code).toBe('INVALID_INPUT');
    expect((await browser.gql('mutation { deleteSignature }')).data).toEqual({ deleteSignature: true });
    expect((await browser.gql('mutation { deleteSignature }')).data).toEqual({ deleteSignature: false });
  });

  it('extends the session and can clear sudo', async () => {
    const { browser } = await fullyAuthenticated(server.url, 'extend@example.com', PASSWORD);
    const before = (await sessionOf(browser))!;
    const extended = await browser.gql<{
      extendSession: { sessionRenewedAt: number; sessionExpiresAt: number; sudoExpiresAt: number | null };
    }>('mutation { extendSession(clearSudo: true) { sessionRenewedAt sessionExpiresAt sudoExpiresAt } }');
    expect(extended.data!.extendSession.sessionRenewedAt).toBeGreaterThanOrEqual(before.sessionRenewedAt);
    expect(extended.data!.extendSession.sessionExpiresAt).toBeGreaterThanOrEqual(before.sessionExpiresAt);
    expect(extended.data!.extendSession.sudoExpiresAt).toBeNull();
  });

  it('keeps the audit table append-only', async () => {
    // Someone with the database file, the triggers left in place: the database itself refuses.
    await withStores(server.dataDir, async ({ db }) => {
      await expect(rewriteAccountAuditEvents(db)).rejects.toThrow(/append-only/);
      await expect(deleteAccountAuditEvents(db)).rejects.toThrow(/append-only/);
    });
  });

  it('looks a websocket request up by cookie or token parameter without side effects', async () => {
    const { browser, user } = await fullyAuthenticated(server.url, 'socket@example.com', PASSWORD);
    await withStores(server.dataDir, async (stores) => {
      const { db } = stores;
      const before = await sessionsOfUser(db, user.id);
      const byCookie = await requestCaller(stores, { cookieHeader: `a=b; dev-tok=${browser.token}` });
      expect(byCookie).toMatchObject({ user: { id: user.id }, subject: { multiFactorValid: true, orgs: [] } });
      expect((await requestCaller(stores, { token: browser.token })).user?.id).toBe(user.id);
      expect((await requestCaller(stores, { token: 'forged' })).user).toBeNull();
      expect((await requestCaller(stores, { cookieHeader: null })).user).toBeNull();
      expect((await requestCaller(stores, { cookieHeader: `tok=${browser.token}` })).user).toBeNull();
      expect(await sessionsOfUser(db, user.id)).toEqual(before);
    });
  });

  it('shows the development outbox as JSON and as a page', async () => {
    await fullyAuthenticated(server.url, 'outbox@example.com', PASSWORD);
    const json = (await (await fetch(`${server.url}/api/dev/outbox?to=outbox@example.com`)).json()) as {
      messages: { to: string; channel: string }[];
    };
    expect(json.messages).toEqual([expect.objectContaining({ to: 'outbox@example.com', channel: 'email' })]);
    const page = await fetch(`${server.url}/dev/outbox`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('outbox@example.com');
    // The address filter is checked at the edge: an address, or nothing for every message.
    const upper = (await (await fetch(`${server.url}/api/dev/outbox?to=%20OUTBOX@Example.com%20`)).json()) as {
      messages: unknown[];
    };
    expect(upper.messages).toHaveLength(1);
    const tooLong = await fetch(`${server.url}/api/dev/outbox?to=${'a'.repeat(321)}`);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: 'INVALID_INPUT' });
    expect((await fetch(`${server.url}/dev/outbox?to=${'a'.repeat(321)}`)).status).toBe(400);
  });
});

describe('accounts in production', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('names the cookie tok, marks it Secure, and has no outbox route', async () => {
    const result = await signUp(new Browser(server.url), { email: 'prod@example.com', password: PASSWORD });
    const token = result.setCookies.find((c) => c.startsWith('tok='));
    expect(token).toContain('Secure');
    expect(token).toContain('HttpOnly');
    expect((await fetch(`${server.url}/api/dev/outbox`)).status).toBe(404);
    expect(await (await fetch(`${server.url}/dev/outbox`)).text()).not.toContain('Outbox (development)');
  });
});

describe('accounts: the demo user', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('signs in with the README credentials, has a verified email and completes email MFA from the outbox', async () => {
    const browser = new Browser(server.url);
    const result = await signIn(browser, 'demo@vigil.health', 'vigil demo password');
    expect(result.data?.signIn.user).toMatchObject({
      emailVerified: true,
      mfa: [{ channel: 'email', to: 'demo@vigil.health', verified: true }],
    });
    await browser.gql('mutation { sendMfaVerification(to: "demo@vigil.health", channel: "email") }');
    const messages = (await (await fetch(`${server.url}/api/dev/outbox?to=demo@vigil.health`)).json()) as {
      messages: { body: string }[];
    };
    const code = /\d{6}/.exec(messages.messages.at(-1)!.body)![0];
    const verified = await browser.gql<{ verifyMfaCode: { session: { multiFactorLast: number | null } } }>(
      `mutation ($code: String!) { verifyMfaCode(to: "demo@vigil.health", channel: "email", code: $code) { session { multiFactorLast } } }`,
      { code },
    );
    expect(verified.data?.verifyMfaCode.session.multiFactorLast).not.toBeNull();
  });
});
