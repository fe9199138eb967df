import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEmrLaunch, type EmrLaunchClaims } from '../../sync-server/src/auth/emr.js';
import { Browser, outbox, sessionOf, signUp } from '../integration/accounts-client.js';
import { orgMember, uniqueOrgId, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { SERVER_START_TIMEOUT_MS } from './http.js';
import { fromAddress, inProcessApps } from './in-process.js';

/** Issue 24 item 8: the EMR launch's return path, EMR sessions creating organisations, and the development outbox. */
const SECRET = 'an emr launch secret for the security tests 0123456789';
const MINUTE = 60_000;

function claims(member: OrgMember, change: Partial<EmrLaunchClaims> = {}): EmrLaunchClaims {
  const now = Date.now();
  return {
    orgId: member.orgId,
    email: member.email,
    iat: now,
    exp: now + 2 * MINUTE,
    nonce: randomBytes(16).toString('hex'),
    ...change,
  };
}

describe('security: EMR launch (issue 24 item 8)', () => {
  let server: TestServer;
  let member: OrgMember;

  beforeAll(async () => {
    server = await startServer({ env: { EMR_LAUNCH_SECRET: SECRET }, timeoutMs: SERVER_START_TIMEOUT_MS });
    member = await orgMember(server.url);
  });
  afterAll(async () => {
    await server?.dispose();
  });

  async function launch(change: Partial<EmrLaunchClaims>): Promise<Response> {
    const token = signEmrLaunch(SECRET, claims(member, change));
    return fetch(`${server.url}/api/emr/launch?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
  }

  function browserFrom(res: Response): Browser {
    const browser = new Browser(server.url);
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const eq = pair!.indexOf('=');
      if (!/Max-Age=0/i.test(header)) browser.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return browser;
  }

  it.each([
    ['a tab', '/\t/evil.example/phish'],
    ['a newline', '/\n/evil.example/phish'],
    ['a carriage return', '/org/x\r/evil'],
    ['a NUL', '/\u0000/evil.example'],
    ['a backslash', '/\\/evil.example'],
  ])('refuses a return path with %s: the signed launch opens the organisation, never that path', async (_, p) => {
    const res = await launch({ path: p });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/org/${member.orgId}`);
    // The session still starts: the EMR's user is who the token says.
    expect((await sessionOf(browserFrom(res)))?.singleOrg).toBe(member.orgId);
  });

  it('opens a clean return path of ours as given', async () => {
    const res = await launch({ path: `/org/${member.orgId}/cases` });
    expect(res.headers.get('location')).toBe(`/org/${member.orgId}/cases`);
  });

  it("drops a 'Return to EMR' address with a control character", async () => {
    const res = await launch({ returnUrl: 'https://emr.example.com/\tchart' });
    expect(res.status).toBe(302);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vigil-emr-return='));
    expect(cookie).toMatch(/^vigil-emr-return=;.*Max-Age=0/);
  });

  it('refuses createOrg and createOnboardingOrg from an EMR single-organisation session; a normal session of the same user may', async () => {
    const emr = browserFrom(await launch({}));
    expect((await sessionOf(emr))?.singleOrg).toBe(member.orgId);
    const orgId = uniqueOrgId('emr');
    const created = await emr.gql(
      'mutation ($orgId: String, $n: String!) { createOrg(orgId: $orgId, orgType: "regular", orgName: $n) { orgId } }',
      { orgId, n: 'From the EMR' },
    );
    expect(created.code).toBe('NOT_AUTHORIZED');
    const onboarding = await emr.gql(
      'mutation ($n: String!) { createOnboardingOrg(orgType: "regular", orgName: $n) { orgId } }',
      { n: 'From the EMR' },
    );
    expect(onboarding.code).toBe('NOT_AUTHORIZED');
    // Nothing was made: the ID is still free, and the user's organisations are as before.
    const free = await member.browser.gql('query ($id: String) { orgIdAvailability(orgId: $id) }', { id: orgId });
    expect(free.data ?? free.code).toEqual({ orgIdAvailability: 'available' });
    const normal = await member.browser.gql(
      'mutation ($orgId: String, $n: String!) { createOrg(orgId: $orgId, orgType: "regular", orgName: $n) { orgId } }',
      { orgId, n: 'From the office' },
    );
    expect(normal.data).toEqual({ createOrg: { orgId } });
  });
});

describe('security: the development outbox faces this machine only (issue 24 item 8)', () => {
  const apps = inProcessApps();
  const app = apps.app;

  afterAll(() => {
    apps.dispose();
  });

  it.each(['192.168.1.23', '10.0.0.7', '::ffff:192.168.1.23', 'fe80::1', '203.0.113.9'])(
    'refuses the outbox (JSON and page) to a client at %s with 403',
    async (address) => {
      const a = app();
      const api = await a.request('/api/dev/outbox?to=someone@example.com', {}, fromAddress(address));
      expect(api.status).toBe(403);
      expect(await api.json()).toMatchObject({ error: 'OUTBOX_LOCAL_ONLY' });
      const page = await a.request('/dev/outbox', {}, fromAddress(address));
      expect(page.status).toBe(403);
      expect(await page.text()).toContain('DEV_OUTBOX_REMOTE=on');
    },
  );

  it.each(['127.0.0.1', '127.0.1.1', '::1', '::ffff:127.0.0.1'])('serves it to this machine (%s)', async (address) => {
    const a = app();
    const api = await a.request('/api/dev/outbox', {}, fromAddress(address));
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual({ messages: [] });
    expect((await a.request('/dev/outbox', {}, fromAddress(address))).status).toBe(200);
  });

  it('refuses a request relayed by a proxy on this machine for a client elsewhere', async () => {
    const a = app();
    const relayed = (headers: Record<string, string>): Promise<Response> =>
      Promise.resolve(a.request('/api/dev/outbox', { headers }, fromAddress('127.0.0.1')));
    expect((await relayed({ 'x-forwarded-for': '192.168.1.23' })).status).toBe(403);
    expect((await relayed({ 'x-forwarded-for': '127.0.0.1, 192.168.1.23' })).status).toBe(403);
    expect((await relayed({ forwarded: 'for=192.168.1.23' })).status).toBe(403);
    expect((await relayed({ 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
  });

  it('serves other machines only when DEV_OUTBOX_REMOTE=on, and never exists in production', async () => {
    const open = app({ DEV_OUTBOX_REMOTE: 'on' });
    expect((await open.request('/api/dev/outbox', {}, fromAddress('192.168.1.23'))).status).toBe(200);
    const other = app({ DEV_OUTBOX_REMOTE: 'yes' });
    expect((await other.request('/api/dev/outbox', {}, fromAddress('192.168.1.23'))).status).toBe(403);
    const production = app({ NODE_ENV: 'production', DEV_OUTBOX_REMOTE: 'on' });
    expect((await production.request('/api/dev/outbox', {}, fromAddress('127.0.0.1'))).status).toBe(404);
  });

  it('works for a real client on loopback: the real server hands its sign-in code to a browser on this machine', async () => {
    const server = await startServer({ timeoutMs: SERVER_START_TIMEOUT_MS });
    try {
      const email = 'outbox-loopback@example.com';
      const browser = new Browser(server.url);
      await signUp(browser, { email, password: 'pebble orchard 73 comet' });
      await browser.gql('mutation ($to: String!) { sendMfaVerification(to: $to, channel: "email") }', { to: email });
      const messages = await outbox(server.url, email);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.body).toMatch(/\b\d{6}\b/);
    } finally {
      await server.dispose();
    }
  }, 120_000);
});
