import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import {
  Browser,
  fullyAuthenticated,
  latestCode,
  outbox,
  SESSION_FIELDS,
  sessionOf,
  signIn,
  signUp,
  USER_FIELDS,
  userOf,
  type SessionData,
  type UserData,
} from './accounts-client.js';
import { withStores } from '../utils/stores.js';
import { auditEvents } from '../../sync-server/src/store/audit/inspect.test-util.js';

const PASSWORD = 'amber falcon 77 meadow';
const SEND =
  'mutation ($to: String!, $channel: String!, $sudo: Boolean) { sendMfaVerification(to: $to, channel: $channel, sudo: $sudo) }';
const VERIFY = `mutation ($to: String!, $channel: String!, $code: String!, $sudo: Boolean) {
  verifyMfaCode(to: $to, channel: $channel, code: $code, sudo: $sudo) { user { ${USER_FIELDS} } session { ${SESSION_FIELDS} } }
}`;
type Verified = { verifyMfaCode: { user: UserData; session: SessionData } };

/** Any 6-digit code other than the right one. */
function wrong(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe('accounts: MFA codes and sudo', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('sets up email MFA: the code from the outbox verifies the option and the email, makes MFA valid and rotates the token', async () => {
    const browser = new Browser(server.url);
    await signUp(browser, { email: 'setup@example.com', password: PASSWORD });
    expect((await browser.gql(SEND, { to: 'setup@example.com', channel: 'email' })).data).toEqual({
      sendMfaVerification: true,
    });
    const code = await latestCode(server.url, 'setup@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const tokenBefore = browser.token!;
    const result = await browser.gql<Verified>(VERIFY, { to: 'setup@example.com', channel: 'email', code });
    expect(result.code).toBeUndefined();
    const { user, session } = result.data!.verifyMfaCode;
    expect(user.mfa).toEqual([{ channel: 'email', to: 'setup@example.com', verified: true }]);
    expect(user.emailVerified).toBe(true);
    expect(session.multiFactorLast).not.toBeNull();
    // Valid for the 12-hour multi-factor idle timeout (docs/decisions.md), inside the session.
    expect(session.multiFactorAuthExp! - session.multiFactorLast!).toBe(12 * 60 * 60_000);
    expect(session.multiFactorAuthExp!).toBeLessThan(session.sessionExpiresAt);
    expect(browser.token).not.toBe(tokenBefore);
    const stale = new Browser(server.url);
    stale.cookies.set('dev-tok', tokenBefore);
    expect(await sessionOf(stale)).toBeNull();
  });

  it('refuses to send email MFA to an address other than the account’s own', async () => {
    const browser = new Browser(server.url);
    await signUp(browser, { email: 'own@example.com', password: PASSWORD });
    expect((await browser.gql(SEND, { to: 'someone-else@example.com', channel: 'email' })).code).toBe('NOT_AUTHORIZED');
    expect(await outbox(server.url, 'someone-else@example.com')).toEqual([]);
  });

  it('refuses a code used twice', async () => {
    const browser = new Browser(server.url);
    await signUp(browser, { email: 'replay@example.com', password: PASSWORD });
    await browser.gql(SEND, { to: 'replay@example.com', channel: 'email' });
    const code = await latestCode(server.url, 'replay@example.com');
    expect((await browser.gql(VERIFY, { to: 'replay@example.com', channel: 'email', code })).code).toBeUndefined();
    expect((await browser.gql(VERIFY, { to: 'replay@example.com', channel: 'email', code })).code).toBe('CODE_EXPIRED');
  });

  it('refuses a code verified from a session other than the one that asked for it', async () => {
    const asker = new Browser(server.url);
    await signUp(asker, { email: 'bound@example.com', password: PASSWORD });
    const other = new Browser(server.url);
    await signIn(other, 'bound@example.com', PASSWORD);
    await asker.gql(SEND, { to: 'bound@example.com', channel: 'email' });
    const code = await latestCode(server.url, 'bound@example.com');
    expect((await other.gql(VERIFY, { to: 'bound@example.com', channel: 'email', code })).code).toBe('CODE_EXPIRED');
    expect((await asker.gql(VERIFY, { to: 'bound@example.com', channel: 'email', code })).code).toBeUndefined();
  });

  it('voids a code after 5 wrong tries: the right code on the 6th try is refused', async () => {
    const browser = new Browser(server.url);
    await signUp(browser, { email: 'tries@example.com', password: PASSWORD });
    await browser.gql(SEND, { to: 'tries@example.com', channel: 'email' });
    const code = await latestCode(server.url, 'tries@example.com');
    for (let i = 0; i < 5; i += 1) {
      expect((await browser.gql(VERIFY, { to: 'tries@example.com', channel: 'email', code: wrong(code) })).code).toBe(
        'CODE_MISMATCH',
      );
    }
    expect((await browser.gql(VERIFY, { to: 'tries@example.com', channel: 'email', code })).code).toBe('CODE_EXPIRED');
    expect((await sessionOf(browser))?.multiFactorLast).toBeNull();
  });

  it('accepts the right code after 4 wrong tries', async () => {
    const browser = new Browser(server.url);
    await signUp(browser, { email: 'fourtries@example.com', password: PASSWORD });
    await browser.gql(SEND, { to: 'fourtries@example.com', channel: 'email' });
    const code = await latestCode(server.url, 'fourtries@example.com');
    for (let i = 0; i < 4; i += 1)
      await browser.gql(VERIFY, { to: 'fourtries@example.com', channel: 'email', code: wrong(code) });
    expect((await browser.gql(VERIFY, { to: 'fourtries@example.com', channel: 'email', code })).code).toBeUndefined();
  });

  it('refuses codes that are not exactly 6 digits at the edge', async () => {
    const browser = new Browser(server.url);
    await signUp(browser, { email: 'format@example.com', password: PASSWORD });
    for (const code of ['12345', '1234567', '12345a', ' 123456']) {
      expect((await browser.gql(VERIFY, { to: 'format@example.com', channel: 'email', code })).code).toBe(
        'INVALID_INPUT',
      );
    }
  });

  it('sends SMS codes only to CAN, USA, GBR and AUS numbers, reading a 10-digit number as +1', async () => {
    const browser = new Browser(server.url);
    await signUp(browser, { email: 'sms@example.com', password: PASSWORD });
    expect((await browser.gql(SEND, { to: '+33 6 12 34 56 78', channel: 'sms' })).code).toBe('INVALID_PHONE');
    expect((await browser.gql(SEND, { to: '+49 30 123456', channel: 'sms' })).code).toBe('INVALID_PHONE');
    expect((await browser.gql(SEND, { to: '(415) 555-2671', channel: 'sms' })).code).toBeUndefined();
    const messages = await outbox(server.url, '+14155552671');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.channel).toBe('sms');
    const code = await latestCode(server.url, '+14155552671');
    const result = await browser.gql<Verified>(VERIFY, { to: '4155552671', channel: 'sms', code });
    expect(result.data?.verifyMfaCode.user.sms).toBe('+14155552671');
    expect(result.data?.verifyMfaCode.user.emailVerified).toBe(false);
    for (const to of ['+44 20 7946 0958', '+61 2 9374 4000', '+1 416 555 0123']) {
      expect((await browser.gql(SEND, { to, channel: 'sms', sudo: true })).code).toBe('NOT_AUTHORIZED');
    }
  });

  it('refuses sensitive changes without a fresh sudo, then allows them after a sudo code', async () => {
    const { browser } = await fullyAuthenticated(server.url, 'sudo@example.com', PASSWORD);
    expect(
      (await browser.gql('mutation { changePassword(password: "a brand new secret 9") { user { id } } }')).code,
    ).toBe('SUDO_REQUIRED');
    expect((await browser.gql('mutation { changeEmail(email: "sudo2@example.com") { id } }')).code).toBe(
      'SUDO_REQUIRED',
    );
    expect((await browser.gql(SEND, { to: 'sudo@example.com', channel: 'email', sudo: true })).code).toBeUndefined();
    const code = await latestCode(server.url, 'sudo@example.com');
    // A sudo code is not a sign-in code.
    expect((await browser.gql(VERIFY, { to: 'sudo@example.com', channel: 'email', code })).code).toBe('CODE_EXPIRED');
    const sudo = await browser.gql<Verified>(VERIFY, { to: 'sudo@example.com', channel: 'email', code, sudo: true });
    const session = sudo.data!.verifyMfaCode.session;
    expect(session.sudoExpiresAt! - session.sudoLast!).toBe(15 * 60 * 1000);
    const changed = await browser.gql(
      'mutation { changePassword(password: "a brand new secret 9") { user { hasPw } } }',
    );
    expect(changed.code).toBeUndefined();
    expect((await signIn(new Browser(server.url), 'sudo@example.com', PASSWORD)).code).toBe(
      'INVALID_LOGIN_CREDENTIALS',
    );
    expect((await signIn(new Browser(server.url), 'sudo@example.com', 'a brand new secret 9')).code).toBeUndefined();
  });

  it('ends the other sessions when the password changes, keeping the one that changed it', async () => {
    const { browser } = await fullyAuthenticated(server.url, 'others@example.com', PASSWORD);
    const other = new Browser(server.url);
    await signIn(other, 'others@example.com', PASSWORD);
    await browser.gql(SEND, { to: 'others@example.com', channel: 'email', sudo: true });
    await browser.gql(VERIFY, {
      to: 'others@example.com',
      channel: 'email',
      code: await latestCode(server.url, 'others@example.com'),
      sudo: true,
    });
    await browser.gql('mutation { changePassword(password: "another fine secret 3") { user { id } } }');
    expect(await sessionOf(other)).toBeNull();
    expect(await sessionOf(browser)).not.toBeNull();
  });

  it('changes the email under sudo; the new address starts unverified and a taken one is refused', async () => {
    const { browser } = await fullyAuthenticated(server.url, 'move@example.com', PASSWORD);
    await signUp(new Browser(server.url), { email: 'occupied@example.com', password: PASSWORD });
    await browser.gql(SEND, { to: 'move@example.com', channel: 'email', sudo: true });
    await browser.gql(VERIFY, {
      to: 'move@example.com',
      channel: 'email',
      code: await latestCode(server.url, 'move@example.com'),
      sudo: true,
    });
    expect((await browser.gql('mutation { changeEmail(email: "occupied@example.com") { id } }')).code).toBe(
      'EMAIL_TAKEN',
    );
    const moved = await browser.gql<{ changeEmail: UserData }>(
      'mutation { changeEmail(email: "Moved@Example.com") { email emailVerified } }',
    );
    expect(moved.data?.changeEmail).toEqual({ email: 'moved@example.com', emailVerified: false });
  });

  it('sends and verifies an email verification code', async () => {
    const browser = new Browser(server.url);
    await signUp(browser, { email: 'verify@example.com', password: PASSWORD });
    expect((await browser.gql('mutation { sendEmailVerification }')).data).toEqual({ sendEmailVerification: true });
    const [message] = await outbox(server.url, 'verify@example.com');
    expect(message!.body).toMatch(/\/auth\/action\?mode=verifyEmail&oobCode=\d{6}/);
    const code = await latestCode(server.url, 'verify@example.com');
    expect(
      (await browser.gql('mutation ($code: String!) { verifyEmailCode(code: $code) { id } }', { code: wrong(code) }))
        .code,
    ).toBe('CODE_MISMATCH');
    const ok = await browser.gql<{ verifyEmailCode: UserData }>(
      'mutation ($code: String!) { verifyEmailCode(code: $code) { emailVerified } }',
      { code },
    );
    expect(ok.data?.verifyEmailCode.emailVerified).toBe(true);
    expect((await userOf(browser))?.emailVerified).toBe(true);
  });

  it('writes every account event to the audit trail with who, what, when, from where and the outcome', async () => {
    const { browser, user } = await fullyAuthenticated(server.url, 'audited@example.com', PASSWORD);
    await browser.gql(SEND, { to: 'audited@example.com', channel: 'email', sudo: true });
    const code = await latestCode(server.url, 'audited@example.com');
    await browser.gql(VERIFY, { to: 'audited@example.com', channel: 'email', code, sudo: true });
    await browser.gql('mutation { changePassword(password: "audited password 42") { user { id } } }');
    await browser.gql('mutation { changeEmail(email: "audited2@example.com") { id } }');
    await browser.gql('mutation { signOut }');
    expect((await signIn(new Browser(server.url), 'audited2@example.com', 'wrong password')).code).toBe(
      'INVALID_LOGIN_CREDENTIALS',
    );
    const rows = await withStores(server.dataDir, ({ db }) => auditEvents(db, { userId: user.id }));
    expect(rows.map((r) => `${r.action}:${r.outcome}`)).toEqual([
      'signUp:success',
      // The terms and the privacy policy accepted with the sign-up (issue 40, spec 000 §7).
      'legalAccepted:success',
      'legalAccepted:success',
      'mfaCodeSent:success',
      'mfaOptionAdded:success',
      'mfaCodeSent:success',
      'sudoVerified:success',
      'passwordChanged:success',
      'emailChanged:success',
      'signOut:success',
      'signInFailed:failure',
    ]);
    expect(rows.every((r) => r.ip === '127.0.0.1' && r.at > 0)).toBe(true);
  });

  it('skips sudo for a user with no verified MFA option (spec 000 §6)', async () => {
    const browser = new Browser(server.url);
    await signUp(browser, { email: 'skip@example.com', password: PASSWORD });
    expect((await browser.gql(SEND, { to: 'skip@example.com', channel: 'email', sudo: true })).data).toEqual({
      sendMfaVerification: true,
    });
    expect((await sessionOf(browser))?.sudoExpiresAt).not.toBeNull();
    expect(await outbox(server.url, 'skip@example.com')).toEqual([]);
  });
});

describe('accounts: sudo skipping disallowed', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ env: { SUDO_SKIP: 'off' } });
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('raises CANNOT_SUDO for a user with no verified MFA option', async () => {
    const browser = new Browser(server.url);
    await signUp(browser, { email: 'cannot@example.com', password: PASSWORD });
    expect((await browser.gql(SEND, { to: 'cannot@example.com', channel: 'email', sudo: true })).code).toBe(
      'CANNOT_SUDO',
    );
    expect((await sessionOf(browser))?.sudoExpiresAt).toBeNull();
  });
});

describe('accounts: expiry of codes and sudo (server clock moved forward)', () => {
  it('refuses an MFA code after 10 minutes and a sudo after 13 minutes (15 minus the 2-minute margin)', async () => {
    const first = await startServer();
    const dataDir = first.dataDir;
    try {
      const { browser } = await fullyAuthenticated(first.url, 'later@example.com', PASSWORD);
      await browser.gql(SEND, { to: 'later@example.com', channel: 'email', sudo: true });
      await browser.gql(VERIFY, {
        to: 'later@example.com',
        channel: 'email',
        code: await latestCode(first.url, 'later@example.com'),
        sudo: true,
      });
      const fresh = new Browser(first.url);
      await signIn(fresh, 'later@example.com', PASSWORD);
      await fresh.gql(SEND, { to: 'later@example.com', channel: 'email' });
      const code = await latestCode(first.url, 'later@example.com');
      await first.stop();

      // 10 minutes and 1 second later: the code has expired; sudo is inside its 2-minute margin.
      const later = await startServer({ dataDir, env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(10 * 60_000 + 1000) } });
      try {
        const moved = new Browser(later.url);
        for (const [k, v] of fresh.cookies) moved.cookies.set(k, v);
        expect((await moved.gql(VERIFY, { to: 'later@example.com', channel: 'email', code })).code).toBe(
          'CODE_EXPIRED',
        );
        const sudoer = new Browser(later.url);
        for (const [k, v] of browser.cookies) sudoer.cookies.set(k, v);
        expect(
          (await sudoer.gql('mutation { changePassword(password: "still in time 123") { user { id } } }')).code,
        ).toBeUndefined();
        // The change gave this session a new token: carry it on.
        for (const [k, v] of sudoer.cookies) browser.cookies.set(k, v);
      } finally {
        await later.stop();
      }
      const muchLater = await startServer({ dataDir, env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(13 * 60_000 + 1000) } });
      try {
        const sudoer = new Browser(muchLater.url);
        for (const [k, v] of browser.cookies) sudoer.cookies.set(k, v);
        expect(
          (await sudoer.gql('mutation { changePassword(password: "too late now 123") { user { id } } }')).code,
        ).toBe('SUDO_REQUIRED');
      } finally {
        await muchLater.stop();
      }
    } finally {
      await first.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
