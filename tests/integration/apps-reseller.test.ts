import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { adminCli, createOrg, join, person, type Person } from './orgs-helpers.js';

/**
 * Issue 42, the reseller slice, against the real server: a reseller (an organisation of type
 * reseller, made by the team) makes an app, an office installs it, and the reseller's members see
 * its installations, webhooks and deliveries and its admins redeliver; another reseller, an office
 * admin and a reseller's plain member (for the redeliver) are refused; the internal team passes.
 * Then an app that publishes its JWK Set at an address (jwks_uri) gets a token with a signed
 * assertion, the set fetched from a JWKS server in the test, and a rotated key fetched anew.
 */
describe('the reseller app and app keys from an address (issue 42)', () => {
  let server: TestServer;
  let vendorAdmin: Person;
  let vendorMember: Person;
  let rivalAdmin: Person;
  let officeAdmin: Person;
  let staff: Person;
  let appId = '';
  let installationId = '';
  let webhookId = '';
  let deliveryId = '';
  /** The JWKS server's keys, and how often it was asked. */
  let published: { kid: string; key: KeyObject }[] = [];
  let jwksHits = 0;
  const jwksServer = createServer((_req, res) => {
    jwksHits += 1;
    const keys = published.map((p) => ({ ...p.key.export({ format: 'jwk' }), kid: p.kid }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });

  const gqlOk = async <T>(who: Person, query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const r = await who.browser.gql<T>(query, variables);
    if (r.code) throw new Error(r.code);
    return r.data!;
  };

  beforeAll(async () => {
    server = await startServer();
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    [vendorAdmin, vendorMember, rivalAdmin, officeAdmin, staff] = (await Promise.all(
      ['vendor-admin', 'vendor-member', 'rival-admin', 'office-admin', 'staff'].map((n) =>
        person(server, `${n}@reseller.test`),
      ),
    )) as [Person, Person, Person, Person, Person];
    expect((await adminCli(server, 'make-uber', staff.email)).code).toBe(0);
    // Resellers are made by the team (the maker becomes an admin), then their people invited.
    expect((await createOrg(staff, 'vendor', 'reseller', 'Vendor Inc')).code).toBeUndefined();
    expect((await createOrg(staff, 'rival', 'reseller', 'Rival Inc')).code).toBeUndefined();
    await join(server, staff, 'vendor', vendorAdmin, ['admin']);
    await join(server, staff, 'vendor', vendorMember, ['member']);
    await join(server, staff, 'rival', rivalAdmin, ['admin']);
    expect((await createOrg(officeAdmin, 'office')).code).toBeUndefined();
    const made = await gqlOk<{ createApp: { app: { id: string }; clientSecret: string } }>(
      vendorAdmin,
      'mutation { createApp(orgId: "vendor", name: "Vendor sync", scopes: ["system/Patient.read"]) { app { id } clientSecret } }',
    );
    appId = made.createApp.app.id;
    expect(made.createApp.clientSecret).toMatch(/^vcs_/);
    installationId = (
      await gqlOk<{ installApp: { id: string } }>(
        officeAdmin,
        'mutation ($a: String!) { installApp(orgId: "office", appId: $a) { id } }',
        { a: appId },
      )
    ).installApp.id;
    webhookId = (
      await gqlOk<{ createWebhook: { webhook: { id: string } } }>(
        officeAdmin,
        'mutation ($i: String!) { createWebhook(orgId: "office", installationId: $i, url: "http://127.0.0.1:9/hook", events: ["resource.created"], resourceTypes: ["Patient"]) { webhook { id } } }',
        { i: installationId },
      )
    ).createWebhook.webhook.id;
    const cookie = [...officeAdmin.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    await fetch(`${server.url}/api/fhir/office/Patient`, {
      method: 'POST',
      headers: { 'content-type': 'application/fhir+json', cookie },
      body: JSON.stringify({ resourceType: 'Patient', name: [{ given: ['Re'], family: 'Seller' }] }),
    });
    // The webhook consumer records the delivery within its next pass.
    while (!deliveryId) {
      const listed = await officeAdmin.browser.gql<{ webhookDeliveries: { id: string }[] }>(
        'query ($w: String!) { webhookDeliveries(orgId: "office", webhookId: $w) { id } }',
        { w: webhookId },
      );
      deliveryId = listed.data?.webhookDeliveries[0]?.id ?? '';
      if (!deliveryId) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 240_000);

  afterAll(async () => {
    await new Promise((resolve) => jwksServer.close(resolve));
    await server?.dispose();
  });

  const reads: [string, () => Record<string, unknown>][] = [
    ['query ($r: String!) { resellerApps(resellerId: $r) { id name } }', () => ({})],
    [
      'query ($r: String!, $a: String!) { resellerApp(resellerId: $r, appId: $a) { id clientId } }',
      () => ({ a: appId }),
    ],
    [
      'query ($r: String!, $a: String!) { resellerAppInstallations(resellerId: $r, appId: $a) { id orgId orgName } }',
      () => ({ a: appId }),
    ],
    [
      'query ($r: String!, $a: String!) { resellerWebhooks(resellerId: $r, appId: $a) { id url } }',
      () => ({ a: appId }),
    ],
    [
      'query ($r: String!, $a: String!, $w: String!) { resellerWebhook(resellerId: $r, appId: $a, webhookId: $w) { id } }',
      () => ({ a: appId, w: webhookId }),
    ],
    [
      'query ($r: String!, $a: String!, $w: String!) { resellerWebhookDeliveries(resellerId: $r, appId: $a, webhookId: $w) { id } }',
      () => ({ a: appId, w: webhookId }),
    ],
    [
      'query ($r: String!, $a: String!, $d: String!) { resellerWebhookDelivery(resellerId: $r, appId: $a, deliveryId: $d) { id } }',
      () => ({ a: appId, d: deliveryId }),
    ],
  ];
  const redeliver =
    'mutation ($r: String!, $a: String!, $d: String!) { resellerRedeliverWebhook(resellerId: $r, appId: $a, deliveryId: $d) { id status } }';

  it("shows the reseller's members its app, its installations across organisations, webhooks and deliveries", async () => {
    const data = await gqlOk<{
      resellerApps: { id: string; name: string }[];
      resellerAppInstallations: { id: string; orgId: string; orgName: string }[];
      resellerWebhooks: { id: string }[];
      resellerWebhookDeliveries: { id: string }[];
    }>(
      vendorMember,
      `query ($a: String!, $w: String!) {
        resellerApps(resellerId: "vendor") { id name }
        resellerAppInstallations(resellerId: "vendor", appId: $a) { id orgId orgName }
        resellerWebhooks(resellerId: "vendor", appId: $a) { id }
        resellerWebhookDeliveries(resellerId: "vendor", appId: $a, webhookId: $w) { id }
      }`,
      { a: appId, w: webhookId },
    );
    expect(data.resellerApps).toEqual([{ id: appId, name: 'Vendor sync' }]);
    expect(data.resellerAppInstallations).toEqual([{ id: installationId, orgId: 'office', orgName: 'Org office' }]);
    expect(data.resellerWebhooks).toEqual([{ id: webhookId }]);
    expect(data.resellerWebhookDeliveries).toEqual([{ id: deliveryId }]);
    for (const [query, vars] of reads) {
      expect((await vendorMember.browser.gql(query, { r: 'vendor', ...vars() })).code, query).toBeUndefined();
    }
  });

  it('refuses another reseller, an office admin and the signed out; the internal team passes', async () => {
    for (const [query, vars] of reads) {
      expect((await rivalAdmin.browser.gql(query, { r: 'vendor', ...vars() })).code, query).toBe('NOT_AUTHORIZED');
      expect((await officeAdmin.browser.gql(query, { r: 'vendor', ...vars() })).code, query).toBe('NOT_AUTHORIZED');
      expect((await staff.browser.gql(query, { r: 'vendor', ...vars() })).code, query).toBeUndefined();
      // Another reseller naming vendor's app under its own id: not its app.
      if (query.includes('$a')) {
        expect((await rivalAdmin.browser.gql(query, { r: 'rival', ...vars() })).code, query).toBe('NOT_FOUND');
      }
    }
    // An office is not a reseller: NOT_FOUND past its admin's access check.
    const office = await officeAdmin.browser.gql('query { resellerApps(resellerId: "office") { id } }');
    expect(office.code).toBe('NOT_FOUND');
  });

  it("lets the reseller's admins and the team redeliver, not its plain members nor others", async () => {
    const vars = { r: 'vendor', a: appId, d: deliveryId };
    expect((await vendorMember.browser.gql(redeliver, vars)).code).toBe('NOT_AUTHORIZED');
    expect((await rivalAdmin.browser.gql(redeliver, vars)).code).toBe('NOT_AUTHORIZED');
    expect((await officeAdmin.browser.gql(redeliver, vars)).code).toBe('NOT_AUTHORIZED');
    const again = await vendorAdmin.browser.gql<{ resellerRedeliverWebhook: { id: string; status: string } }>(
      redeliver,
      vars,
    );
    expect(again.data?.resellerRedeliverWebhook).toEqual({ id: deliveryId, status: 'pending' });
    expect((await staff.browser.gql(redeliver, vars)).code).toBeUndefined();
  });

  it("lets the reseller's admin rotate its app's secret, not another reseller's", async () => {
    const q = 'mutation ($a: String!) { rotateAppSecret(appId: $a) { clientSecret } }';
    expect((await vendorAdmin.browser.gql(q, { a: appId })).code).toBeUndefined();
    expect((await rivalAdmin.browser.gql(q, { a: appId })).code).toBe('NOT_AUTHORIZED');
  });

  it('takes a signed assertion checked with the JWK Set fetched from the app’s address, and a rotated key', async () => {
    const jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/.well-known/jwks.json`;
    const first = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    published = [{ kid: 'k1', key: first.publicKey }];
    // A pasted set and an address at once: refused.
    const both = await vendorAdmin.browser.gql(
      'mutation ($u: String, $j: String) { createApp(orgId: "vendor", name: "Both", scopes: ["system/Patient.read"], jwksUrl: $u, jwks: $j) { clientSecret } }',
      { u: jwksUrl, j: JSON.stringify({ keys: [{ ...first.publicKey.export({ format: 'jwk' }), kid: 'k1' }] }) },
    );
    expect(both.code).toBe('INVALID_INPUT');
    const made = await gqlOk<{ createApp: { app: { id: string; clientId: string; jwksUrl: string } } }>(
      vendorAdmin,
      'mutation ($u: String) { createApp(orgId: "vendor", name: "Keyed sync", scopes: ["system/Patient.read"], jwksUrl: $u) { app { id clientId jwksUrl } } }',
      { u: jwksUrl },
    );
    const app = made.createApp.app;
    expect(app.jwksUrl).toBe(jwksUrl);
    await gqlOk(officeAdmin, 'mutation ($a: String!) { installApp(orgId: "office", appId: $a) { id } }', { a: app.id });
    const tokenUrl = `${server.url}/api/oauth/office/token`;
    const serverNow = Date.parse((await fetch(`${server.url}/api/health`)).headers.get('date')!);
    const enc = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
    const ask = async (kid: string, key: KeyObject, jti: string) => {
      const claims = {
        iss: app.clientId,
        sub: app.clientId,
        aud: tokenUrl,
        jti,
        exp: Math.floor(serverNow / 1000) + 240,
      };
      const data = `${enc({ alg: 'ES384', kid, typ: 'JWT' })}.${enc(claims)}`;
      const signature = sign('sha384', Buffer.from(data), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
      const res = await fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: `${data}.${signature}`,
        }),
      });
      return { status: res.status, body: (await res.json()) as { access_token?: string; error?: string } };
    };
    expect((await ask('k1', first.privateKey, 'a1')).status).toBe(200);
    expect(jwksHits).toBe(1);
    // Cached: a second token without asking the JWKS server again.
    expect((await ask('k1', first.privateKey, 'a2')).status).toBe(200);
    expect(jwksHits).toBe(1);
    // The app rotates its key: an unknown kid makes the server fetch the set again.
    const second = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    published = [{ kid: 'k2', key: second.publicKey }];
    expect((await ask('k2', second.privateKey, 'a3')).status).toBe(200);
    expect(jwksHits).toBe(2);
    // A key the set does not hold, within the 30 s cooldown: refused without another fetch.
    const stranger = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    expect(await ask('k3', stranger.privateKey, 'a4')).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect(jwksHits).toBe(2);
    // Signed by a key other than the one its kid names: refused.
    expect((await ask('k2', first.privateKey, 'a5')).status).toBe(401);
  });
});
