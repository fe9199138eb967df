import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { Browser, fullyAuthenticated, latestCode, USER_FIELDS, type UserData } from './accounts-client.js';
import { withStores } from '../utils/stores.js';
import { auditEvents } from '../../sync-server/src/store/audit/inspect.test-util.js';

const PASSWORD = 'violet compass 27 shore';
const PHONE = '+14155552671';
const REMOVE = `mutation ($to: String!, $channel: String!) { removeMfaOption(to: $to, channel: $channel) { ${USER_FIELDS} } }`;

async function confirmSudo(server: TestServer, browser: Browser, email: string): Promise<void> {
  await browser.gql('mutation ($to: String!) { sendMfaVerification(to: $to, channel: "email", sudo: true) }', {
    to: email,
  });
  const code = await latestCode(server.url, email);
  const result = await browser.gql(
    'mutation ($to: String!, $code: String!) { verifyMfaCode(to: $to, channel: "email", code: $code, sudo: true) { user { id } } }',
    { to: email, code },
  );
  expect(result.errors).toBeUndefined();
}

describe('accounts: removing and replacing verification options (spec 000 §6: sensitive changes need sudo)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('needs a session and a fresh sudo', async () => {
    expect((await new Browser(server.url).gql(REMOVE, { to: 'x@example.com', channel: 'email' })).code).toBe(
      'NO_AUTHENTICATION',
    );
    const email = 'nosudo@example.com';
    const { browser } = await fullyAuthenticated(server.url, email, PASSWORD);
    expect((await browser.gql(REMOVE, { to: email, channel: 'email' })).code).toBe('SUDO_REQUIRED');
  });

  it('replaces email verification by text messages: adds the number, removes the email option, keeps the last one, and audits it', async () => {
    const email = 'switcher@example.com';
    const { browser, user } = await fullyAuthenticated(server.url, email, PASSWORD);
    await confirmSudo(server, browser, email);
    expect((await browser.gql(REMOVE, { to: email, channel: 'email' })).code).toBe('LAST_MFA_OPTION');

    expect(
      (await browser.gql('mutation ($to: String!) { sendMfaVerification(to: $to, channel: "sms") }', { to: PHONE }))
        .errors,
    ).toBeUndefined();
    const added = await browser.gql(
      'mutation ($to: String!, $code: String!) { verifyMfaCode(to: $to, channel: "sms", code: $code) { user { id } } }',
      { to: PHONE, code: await latestCode(server.url, PHONE) },
    );
    expect(added.errors).toBeUndefined();

    expect((await browser.gql(REMOVE, { to: '+1 555 000 0000', channel: 'sms' })).code).toBe('INVALID_PHONE');
    expect((await browser.gql(REMOVE, { to: 'other@example.com', channel: 'email' })).code).toBe('NOT_FOUND');
    const removed = await browser.gql<{ removeMfaOption: UserData }>(REMOVE, { to: email, channel: 'email' });
    expect(removed.errors).toBeUndefined();
    expect(removed.data!.removeMfaOption.mfa).toEqual([{ channel: 'sms', to: PHONE, verified: true }]);
    // The email address itself stays verified: only the way codes are sent changed.
    expect(removed.data!.removeMfaOption.emailVerified).toBe(true);
    expect((await browser.gql(REMOVE, { to: '(415) 555-2671', channel: 'sms' })).code).toBe('LAST_MFA_OPTION');

    const rows = await withStores(server.dataDir, ({ db }) =>
      auditEvents(db, { userId: user.id, action: ['mfaOptionAdded', 'mfaOptionRemoved'] }),
    );
    expect(rows.map(({ action, outcome }) => ({ action, outcome }))).toEqual([
      { action: 'mfaOptionAdded', outcome: 'success' }, // the email option set up at sign-up
      { action: 'mfaOptionRemoved', outcome: 'failure' },
      { action: 'mfaOptionAdded', outcome: 'success' },
      { action: 'mfaOptionRemoved', outcome: 'success' },
      { action: 'mfaOptionRemoved', outcome: 'failure' },
    ]);
  });
});
