import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEmrLaunch, type EmrLaunchClaims } from '../../sync-server/src/auth/emr.js';
import { orgMember, uniqueOrgId, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { Browser, sessionOf } from './accounts-client.js';
import { withStores } from '../utils/stores.js';
import { adminCli, person, sudo } from './orgs-helpers.js';
import { auditEvents } from '../../sync-server/src/store/audit/inspect.test-util.js';

const SECRET = 'an emr launch secret that is long enough 0123456789';
const MINUTE = 60_000;

function claims(member: OrgMember, change: Partial<EmrLaunchClaims> = {}): EmrLaunchClaims {
  const now = Date.now();
  return {
    orgId: member.orgId,
    email: member.email,
    iat: now,
    exp: now + 2 * MINUTE,
    nonce: randomBytes(16).toString('hex'),
    returnUrl: 'https://emr.example.com/chart/123',
    ...change,
  };
}

async function launch(server: TestServer, token: string): Promise<Response> {
  return fetch(`${server.url}/api/emr/launch?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
}

/** A browser holding the cookies a launch response set. */
function browserFrom(server: TestServer, res: Response): Browser {
  const browser = new Browser(server.url);
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const eq = pair!.indexOf('=');
    if (!/Max-Age=0/i.test(header)) browser.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
  return browser;
}

describe('accounts: EMR single-organisation sessions (spec 000 §1, §2, §4)', () => {
  let server: TestServer;
  let member: OrgMember;
  let otherOrg: string;

  beforeAll(async () => {
    server = await startServer({ env: { EMR_LAUNCH_SECRET: SECRET } });
    member = await orgMember(server.url);
    otherOrg = uniqueOrgId('second');
    const created = await member.browser.gql(
      'mutation ($orgId: String, $n: String!) { createOrg(orgId: $orgId, orgType: "regular", orgName: $n) { orgId } }',
      { orgId: otherOrg, n: 'Second Practice' },
    );
    expect(created.errors).toBeUndefined();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it('starts a 30-minute session limited to the launching organisation, with multi-factor vouched for by the EMR', async () => {
    const res = await launch(server, signEmrLaunch(SECRET, claims(member, { path: '/profile' })));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/profile');
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('dev-tok='))).toContain('HttpOnly');
    expect(cookies.find((c) => c.startsWith('vigil-emr-return='))).toContain(
      encodeURIComponent('https://emr.example.com/chart/123'),
    );
    const browser = browserFrom(server, res);
    const session = (await sessionOf(browser))!;
    expect(session.singleOrg).toBe(member.orgId);
    expect(session.sessionExpiresAt - session.sessionRenewedAt).toBe(30 * MINUTE);
    expect(session.multiFactorAuthExp).toBe(session.sessionExpiresAt);
    expect(session.orgs.regular).toEqual([{ id: member.orgId }]);

    // Its own organisation answers; the user's other organisation does not (cross-org refused).
    const own = await browser.gql('query ($id: String!) { org(orgId: $id) { id } }', { id: member.orgId });
    expect(own.data).toEqual({ org: { id: member.orgId } });
    const other = await browser.gql('query ($id: String!) { org(orgId: $id) { id } }', { id: otherOrg });
    expect(other.data?.org ?? null).toBeNull();
    expect(other.code).toBe('NOT_AUTHORIZED');
    const headers = { cookie: `dev-tok=${browser.token}` };
    expect((await fetch(`${server.url}/api/fhir/${member.orgId}/Patient`, { headers })).status).toBe(200);
    expect((await fetch(`${server.url}/api/fhir/${otherOrg}/Patient`, { headers })).status).toBe(403);
    // spec 000 §5: no name change from a session tied to a single EMR organisation.
    expect((await browser.gql('mutation { updateUser(properties: { name: "Dr. EMR" }) { name } }')).code).toBe(
      'NOT_AUTHORIZED',
    );
    // A normal session of the same user still reaches both.
    const full = await member.browser.gql('query ($id: String!) { org(orgId: $id) { id } }', { id: otherOrg });
    expect(full.data).toEqual({ org: { id: otherOrg } });
  });

  it('refuses a replayed, tampered, stale or foreign launch, and audits each refusal', async () => {
    const token = signEmrLaunch(SECRET, claims(member));
    expect((await launch(server, token)).status).toBe(302);
    expect((await launch(server, token)).status).toBe(403);
    const [payload, signature] = signEmrLaunch(SECRET, claims(member)).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims(member), orgId: otherOrg })).toString('base64url');
    expect((await launch(server, `${forged}.${signature}`)).status).toBe(403);
    expect((await launch(server, `${payload}.${signature}x`)).status).toBe(403);
    expect(
      (await launch(server, signEmrLaunch('another secret that is long enough 0123456', claims(member)))).status,
    ).toBe(403);
    const issued = Date.now() - 10 * MINUTE;
    expect(
      (await launch(server, signEmrLaunch(SECRET, claims(member, { iat: issued, exp: issued + 4 * MINUTE })))).status,
    ).toBe(403);
    expect(
      (await launch(server, signEmrLaunch(SECRET, claims(member, { exp: Date.now() + 60 * MINUTE })))).status,
    ).toBe(403);
    const stranger = await orgMember(server.url);
    expect((await launch(server, signEmrLaunch(SECRET, claims(stranger, { orgId: member.orgId })))).status).toBe(403);
    const reasons = (
      await withStores(server.dataDir, ({ db }) => auditEvents(db, { action: 'emrLaunch', outcome: 'failure' }))
    ).map((r) => (JSON.parse(r.detail!) as { reason: string }).reason);
    expect(reasons).toEqual(expect.arrayContaining(['replayed', 'invalidToken', 'notAMember']));
    expect(reasons).toHaveLength(7);
  });

  it('[EMR9] refuses the signed link for an office connected over SMART until the Vigil team turns legacyIntegrations on', async () => {
    const office = await orgMember(server.url);
    expect((await launch(server, signEmrLaunch(SECRET, claims(office)))).status).toBe(302);
    const connected = await office.browser.gql(
      'mutation ($o: String!) { setEmrConnection(orgId: $o, iss: "https://emr.example.com/fhir", clientId: "vigil", clientSecret: null) { iss } }',
      { o: office.orgId },
    );
    expect(connected.errors).toBeUndefined();
    expect((await launch(server, signEmrLaunch(SECRET, claims(office)))).status).toBe(403);

    const uber = await person(server, `uber-${office.orgId}@emr.test`);
    expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);
    await sudo(server, uber);
    const flag = await uber.browser.gql(
      'mutation ($o: String!) { addOrgFeature(orgId: $o, featureName: "legacyIntegrations") { name } }',
      { o: office.orgId },
    );
    expect(flag.errors).toBeUndefined();
    expect((await launch(server, signEmrLaunch(SECRET, claims(office)))).status).toBe(302);
    // Another office, never connected over SMART, was never affected; the refusal was audited with its reason.
    expect((await launch(server, signEmrLaunch(SECRET, claims(member)))).status).toBe(302);
    const reasons = (
      await withStores(server.dataDir, ({ db }) => auditEvents(db, { action: 'emrLaunch', outcome: 'failure' }))
    ).map((r) => (JSON.parse(r.detail!) as { reason: string }).reason);
    expect(reasons).toContain('legacyIntegrationsOff');
  });

  it('ends an EMR session left alone for 30 minutes', async () => {
    const res = await launch(server, signEmrLaunch(SECRET, claims(member)));
    const browser = browserFrom(server, res);
    expect((await sessionOf(browser))?.singleOrg).toBe(member.orgId);
    const dataDir = server.dataDir;
    await server.stop();
    const later = await startServer({
      dataDir,
      env: { EMR_LAUNCH_SECRET: SECRET, VIGIL_TEST_CLOCK_OFFSET_MS: String(31 * MINUTE) },
    });
    try {
      const moved = new Browser(later.url);
      for (const [k, v] of browser.cookies) moved.cookies.set(k, v);
      expect(await sessionOf(moved)).toBeNull();
      // Launching again starts a new one: the EMR is the way back in (spec 000 §2).
      const then = Date.now() + 31 * MINUTE;
      const again = claims(member, { iat: then, exp: then + 2 * MINUTE });
      expect((await launch(later, signEmrLaunch(SECRET, again))).status).toBe(302);
    } finally {
      await later.stop();
    }
  }, 60_000);
});

describe('accounts: EMR launch without a configured secret', () => {
  it('does not exist', async () => {
    const server = await startServer();
    try {
      const res = await fetch(`${server.url}/api/emr/launch?token=x.y`, { redirect: 'manual' });
      expect(res.status).toBe(404);
    } finally {
      await server.dispose();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
