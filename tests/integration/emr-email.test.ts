import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEmrLaunch } from '../../sync-server/src/auth/emr.js';
import { AUTH_LIMITS } from '../../sync-server/src/auth/limits.js';
import { auditEvents } from '../../sync-server/src/store/audit/inspect.test-util.js';
import { MEMBER_PASSWORD, orgMember, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { withStores } from '../utils/stores.js';
import { Browser, latestCode, outbox, signIn, signUp } from './accounts-client.js';
import { sudo } from './orgs-helpers.js';

/**
 * Session 31 (spec 000 §3 User.emrEmail, §6 "A user with only an EMR email can verify it to enable
 * direct login", the verifyEmrEmail modal): an EMR launch keeps the address it named the user by;
 * a code sent to it through the outbox makes it the verified sign-in email.
 */

const SECRET = 'an emr launch secret that is long enough 0123456789';
const MINUTE = 60_000;
const USER = 'query { user { email emailVerified emrEmail } }';
const SEND = 'mutation { sendEmrEmailVerification }';
const VERIFY = 'mutation ($c: String!) { verifyEmrEmailCode(code: $c) { email emailVerified emrEmail } }';

interface UserFields {
  email: string;
  emailVerified: boolean;
  emrEmail: string | null;
}

/** A browser holding the session an HMAC EMR launch of `email` into `orgId` started. */
async function launched(server: TestServer, orgId: string, email: string): Promise<Browser> {
  const now = Date.now();
  const token = signEmrLaunch(SECRET, {
    orgId,
    email,
    iat: now,
    exp: now + 2 * MINUTE,
    nonce: randomBytes(16).toString('hex'),
  });
  const res = await fetch(`${server.url}/api/emr/launch?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const browser = new Browser(server.url);
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const eq = pair!.indexOf('=');
    if (!/Max-Age=0/i.test(header)) browser.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
  return browser;
}

async function userOf(browser: Browser): Promise<UserFields> {
  const r = await browser.gql<{ user: UserFields }>(USER);
  expect(r.errors).toBeUndefined();
  return r.data!.user;
}

/** Moves the member's sign-in email elsewhere (under sudo), as a user who changed address after an EMR launch. */
async function moveSignInEmail(server: TestServer, member: OrgMember): Promise<string> {
  await sudo(server, { browser: member.browser, email: member.email });
  const moved = `moved-${randomBytes(4).toString('hex')}@vigil.test`;
  const r = await member.browser.gql('mutation ($e: String!) { changeEmail(email: $e) { email } }', { e: moved });
  expect(r.errors).toBeUndefined();
  return moved;
}

describe('accounts: the EMR email (spec 000 §3 emrEmail, §6 verifyEmrEmail)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ env: { EMR_LAUNCH_SECRET: SECRET } });
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('keeps the address a launch named; nothing to verify while it is the verified sign-in email', async () => {
    const member = await orgMember(server.url);
    expect((await userOf(member.browser)).emrEmail).toBeNull();
    const emr = await launched(server, member.orgId, member.email.toUpperCase());
    expect(await userOf(emr)).toEqual({ email: member.email, emailVerified: true, emrEmail: member.email });
    const before = (await outbox(server.url, member.email)).length;
    expect((await emr.gql(SEND)).data).toEqual({ sendEmrEmailVerification: true });
    expect(await outbox(server.url, member.email)).toHaveLength(before);
  });

  it('verifies the EMR email with a code sent to it, making it the verified sign-in email for direct login', async () => {
    const member = await orgMember(server.url);
    await launched(server, member.orgId, member.email);
    const moved = await moveSignInEmail(server, member);
    // The EMR still names the user by the first address: the launch finds them by their EMR email.
    const emr = await launched(server, member.orgId, member.email);
    expect(await userOf(emr)).toEqual({ email: moved, emailVerified: false, emrEmail: member.email });

    // Changing the sign-in email is a sensitive change (spec 000 §6): sudo first.
    expect((await emr.gql(SEND)).code).toBe('SUDO_REQUIRED');
    await sudo(server, { browser: emr, email: member.email });
    expect((await emr.gql(SEND)).data).toEqual({ sendEmrEmailVerification: true });
    const sent = (await outbox(server.url, member.email)).at(-1)!;
    expect(sent.subject).toMatch(/^Verify your EMR email for Vigil: \d{6}$/);
    const code = await latestCode(server.url, member.email);

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await emr.gql(VERIFY, { c: wrong })).code).toBe('CODE_MISMATCH');
    const verified = await emr.gql<{ verifyEmrEmailCode: UserFields }>(VERIFY, { c: code });
    expect(verified.errors).toBeUndefined();
    expect(verified.data!.verifyEmrEmailCode).toEqual({
      email: member.email,
      emailVerified: true,
      emrEmail: member.email,
    });
    // Used once.
    expect((await emr.gql(SEND)).data).toEqual({ sendEmrEmailVerification: true });

    // Direct login with the EMR email and the account's password.
    const direct = new Browser(server.url);
    const signedIn = await signIn(direct, member.email, MEMBER_PASSWORD);
    expect(signedIn.errors).toBeUndefined();
    const trail = await withStores(server.dataDir, ({ db }) => auditEvents(db, { action: 'emrEmailVerified' }));
    expect(trail.map((e): unknown[] => [e.outcome, e.email, JSON.parse(e.detail!) as unknown])).toContainEqual([
      'success',
      member.email,
      { from: moved, to: member.email },
    ]);
  });

  it('refuses an EMR email another account signs in with, and limits the codes sent as the other verify flows', async () => {
    const member = await orgMember(server.url);
    await launched(server, member.orgId, member.email);
    await moveSignInEmail(server, member);
    // Someone else now signs in with the address the EMR knows this user by.
    const other = new Browser(server.url);
    expect((await signUp(other, { email: member.email, password: MEMBER_PASSWORD })).errors).toBeUndefined();
    expect((await member.browser.gql(SEND)).code).toBe('EMAIL_TAKEN');

    const limited = await orgMember(server.url);
    await launched(server, limited.orgId, limited.email);
    await moveSignInEmail(server, limited);
    const outcomes: string[] = [];
    for (let i = 0; i <= AUTH_LIMITS.codesSentPerAccount; i += 1) {
      const r = await limited.browser.gql(SEND);
      outcomes.push(r.code ?? 'ok');
    }
    // The account's earlier codes (sign-up MFA, sudo) count too: the limit is reached within 21 sends.
    expect(outcomes.at(-1)).toBe('TOO_MANY_REQUESTS');
    const emrCodes = (await outbox(server.url, limited.email)).filter((m) => m.subject.includes('EMR email'));
    expect(emrCodes.length).toBe(outcomes.filter((o) => o === 'ok').length);
    expect(emrCodes.length).toBeLessThan(AUTH_LIMITS.codesSentPerAccount);
  });

  it('answers a signed-out caller NO_AUTHENTICATION and a user never launched from an EMR NOT_FOUND', async () => {
    expect((await new Browser(server.url).gql(SEND)).code).toBe('NO_AUTHENTICATION');
    const member = await orgMember(server.url);
    expect((await member.browser.gql(SEND)).code).toBe('NOT_FOUND');
    expect((await member.browser.gql(VERIFY, { c: '123456' })).code).toBe('NOT_FOUND');
  });
});
