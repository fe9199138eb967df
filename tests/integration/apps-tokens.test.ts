import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../sync-server/src/apps/signing.js';
import { auditEvents } from '../../sync-server/src/store/audit/inspect.test-util.js';
import { withStores } from '../utils/stores.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { adminCli, createOrg, person, type Person } from './orgs-helpers.js';

/**
 * Issue 42 against the real server: an app made by the team, installed by an office, reaching
 * the FHIR API with a client-credentials token limited to that office and the app's scopes; its
 * webhook receiving a signed delivery, listed with its attempt, and redelivered.
 */
describe('apps: tokens, scopes and webhooks (issue 42)', () => {
  let server: TestServer;
  let admin: Person;
  let other: Person;
  let uber: Person;
  let clientId = '';
  let clientSecret = '';
  let appId = '';
  let installationId = '';
  const received: { id: string; body: string; verified: boolean }[] = [];
  let secret = '';
  const hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const h = (n: string): string | null => (req.headers[n] as string | undefined) ?? null;
      const verified = verifyWebhook(
        secret,
        { id: h('webhook-id'), timestamp: h('webhook-timestamp'), signature: h('webhook-signature') },
        body,
        Math.floor(Date.now() / 1000),
      );
      received.push({ id: h('webhook-id') ?? '', body, verified });
      res.writeHead(200).end('thanks');
    });
  });

  const token = async (orgId: string, id = clientId, pass = clientSecret, scope?: string) => {
    const form = new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
    const res = await fetch(`${server.url}/api/oauth/${orgId}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${id}:${pass}`).toString('base64')}`,
      },
      body: form,
    });
    return {
      status: res.status,
      body: (await res.json()) as { access_token?: string; error?: string; scope?: string },
    };
  };
  const fhir = async (bearer: string, path: string, init: RequestInit = {}): Promise<number> => {
    const res = await fetch(`${server.url}/api/fhir/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/fhir+json' },
    });
    await res.body?.cancel();
    return res.status;
  };
  /** Waits (polling the list, no time limit of its own) until `ok` holds of the webhook's deliveries. */
  const deliveriesWhen = async (
    webhookId: string,
    ok: (d: { id: string; status: string; attempts: { responseStatus: number | null }[] }[]) => boolean,
  ) => {
    for (;;) {
      const r = await admin.browser.gql<{
        webhookDeliveries: { id: string; status: string; attempts: { responseStatus: number | null }[] }[];
      }>(
        'query ($w: String!) { webhookDeliveries(orgId: "office", webhookId: $w, first: 10) { id status attempts { responseStatus } } }',
        { w: webhookId },
      );
      if (r.data && ok(r.data.webhookDeliveries)) return r.data.webhookDeliveries;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  beforeAll(async () => {
    server = await startServer();
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    [admin, other, uber] = (await Promise.all(
      ['admin', 'other', 'uber'].map((n) => person(server, `${n}@apps.test`)),
    )) as [Person, Person, Person];
    expect((await createOrg(admin, 'office')).code).toBeUndefined();
    expect((await createOrg(other, 'elsewhere')).code).toBeUndefined();
    expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);
    const made = await uber.browser.gql<{ createApp: { app: { id: string; clientId: string }; clientSecret: string } }>(
      'mutation { createApp(name: "EMR bridge", scopes: ["system/Patient.read"]) { app { id clientId } clientSecret } }',
    );
    appId = made.data!.createApp.app.id;
    clientId = made.data!.createApp.app.clientId;
    clientSecret = made.data!.createApp.clientSecret;
    const installed = await admin.browser.gql<{ installApp: { id: string } }>(
      'mutation ($a: String!) { installApp(orgId: "office", appId: $a) { id } }',
      { a: appId },
    );
    installationId = installed.data!.installApp.id;
  }, 120_000);

  afterAll(async () => {
    await new Promise((resolve) => hook.close(resolve));
    await server?.dispose();
  });

  it("refuses an office's app creation without privateAppCreation, and lists the team's app to the office", async () => {
    const own = await admin.browser.gql(
      'mutation { createApp(orgId: "office", name: "Mine", scopes: ["system/Patient.read"]) { clientSecret } }',
    );
    expect(own.code).toBe('FEATURE_DISABLED');
    const listed = await admin.browser.gql<{ apps: { id: string }[]; installedApps: { appId: string }[] }>(
      'query { apps(orgId: "office") { id } installedApps(orgId: "office") { appId } }',
    );
    // The team's apps (with the demo's, in a demo database) are every office's to install.
    expect(listed.data?.apps).toContainEqual({ id: appId });
    expect(listed.data?.installedApps).toEqual([{ appId }]);
    const again = await admin.browser.gql('mutation ($a: String!) { installApp(orgId: "office", appId: $a) { id } }', {
      a: appId,
    });
    expect(again.code).toBe('CONFLICT');
  });

  it('gives a token for the office it is installed in, reading within its scopes and nothing else', async () => {
    const t = await token('office');
    expect(t.status).toBe(200);
    expect(t.body.scope).toBe('system/Patient.read');
    const bearer = t.body.access_token!;
    expect(await fhir(bearer, 'office/Patient')).toBe(200);
    // Outside its scopes: another type, a write.
    expect(await fhir(bearer, 'office/Appointment')).toBe(403);
    expect(
      await fhir(bearer, 'office/Patient', {
        method: 'POST',
        body: JSON.stringify({ resourceType: 'Patient', name: [{ family: 'Bot' }] }),
      }),
    ).toBe(403);
    // Another organisation.
    expect(await fhir(bearer, 'elsewhere/Patient')).toBe(403);
    expect(await fhir('vat_not-a-token', 'office/Patient')).toBe(401);
    // Not installed there, a wrong secret, a scope the app does not have.
    expect(await token('elsewhere')).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await token('office', clientId, 'wrong')).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await token('office', clientId, clientSecret, 'system/Patient.write')).toMatchObject({
      status: 400,
      body: { error: 'invalid_scope' },
    });
  });

  it('delivers a signed webhook, lists its attempt and redelivers it with the same webhook-id', async () => {
    const created = await admin.browser.gql<{ createWebhook: { webhook: { id: string }; secret: string } }>(
      `mutation ($i: String!, $u: String!) {
        createWebhook(orgId: "office", installationId: $i, url: $u, events: ["resource.created"], resourceTypes: ["Patient"]) {
          webhook { id } secret
        }
      }`,
      { i: installationId, u: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook` },
    );
    secret = created.data!.createWebhook.secret;
    const webhookId = created.data!.createWebhook.webhook.id;
    const cookie = [...admin.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${server.url}/api/fhir/office/Patient`, {
      method: 'POST',
      headers: { 'content-type': 'application/fhir+json', cookie },
      body: JSON.stringify({ resourceType: 'Patient', name: [{ given: ['Ana'], family: 'Lopez' }] }),
    });
    const patientId = ((await res.json()) as { id: string }).id;
    const [first] = await deliveriesWhen(webhookId, (ds) => ds.some((d) => d.status === 'delivered'));
    expect(first!.attempts).toEqual([{ responseStatus: 200 }]);
    expect(received).toHaveLength(1);
    expect(received[0]!.verified).toBe(true);
    expect(received[0]!.id).toBe(first!.id);
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      type: 'resource.created',
      data: { orgId: 'office', resourceType: 'Patient', id: patientId },
    });

    const again = await admin.browser.gql<{ redeliverWebhook: { status: string } }>(
      'mutation ($d: String!) { redeliverWebhook(orgId: "office", deliveryId: $d) { status } }',
      { d: first!.id },
    );
    expect(again.data?.redeliverWebhook.status).toBe('pending');
    const [redelivered] = await deliveriesWhen(
      webhookId,
      (ds) => ds[0]?.attempts.length === 2 && ds[0].status === 'delivered',
    );
    expect(redelivered!.attempts).toEqual([{ responseStatus: 200 }, { responseStatus: 200 }]);
    expect(received.map((r) => r.id)).toEqual([first!.id, first!.id]);
    // Another office's admin sees none of it.
    const peek = await other.browser.gql(
      'query ($w: String!) { webhookDeliveries(orgId: "office", webhookId: $w) { id } }',
      {
        w: webhookId,
      },
    );
    expect(peek.code).toBe('NOT_AUTHORIZED');
  });

  it('refuses the old secret after a rotation, and every token of an app once uninstalled', async () => {
    const before = (await token('office')).body.access_token!;
    const rotated = await uber.browser.gql<{ rotateAppSecret: { clientSecret: string } }>(
      'mutation ($a: String!) { rotateAppSecret(appId: $a) { clientSecret } }',
      { a: appId },
    );
    expect(await token('office')).toMatchObject({ status: 401 });
    clientSecret = rotated.data!.rotateAppSecret.clientSecret;
    const after = (await token('office')).body.access_token!;
    expect(await fhir(after, 'office/Patient')).toBe(200);
    const gone = await admin.browser.gql<{ uninstallApp: boolean }>(
      'mutation ($i: String!) { uninstallApp(orgId: "office", installationId: $i) }',
      { i: installationId },
    );
    expect(gone.data?.uninstallApp).toBe(true);
    expect(await fhir(before, 'office/Patient')).toBe(401);
    expect(await fhir(after, 'office/Patient')).toBe(401);
    expect(await token('office')).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('audits every change and every token asked for, as who did it', async () => {
    const rows = await withStores(server.dataDir, ({ db }) =>
      auditEvents(db, {
        action: [
          ...['appCreated', 'appInstalled', 'webhookCreated', 'webhookRedelivered', 'appSecretRotated'],
          ...['appUninstalled', 'appTokenIssued'],
        ],
      }),
    );
    const seen = (action: string, outcome = 'success'): (string | null)[] =>
      rows.filter((r) => r.action === action && r.outcome === outcome).map((r) => r.userId);
    expect(seen('appCreated')).toEqual([uber.userId]);
    expect(seen('appInstalled')).toEqual([admin.userId]);
    expect(seen('webhookCreated')).toEqual([admin.userId]);
    expect(seen('webhookRedelivered')).toEqual([admin.userId]);
    expect(seen('appSecretRotated')).toEqual([uber.userId]);
    expect(seen('appUninstalled')).toEqual([admin.userId]);
    expect(seen('appTokenIssued').every((u) => u === `app:${installationId}`)).toBe(true);
    expect(seen('appTokenIssued').length).toBeGreaterThanOrEqual(3);
    expect(seen('appTokenIssued', 'failure').length).toBeGreaterThanOrEqual(4);
  });

  it('gives a token to a signed SMART Backend Services assertion, once per jti', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    const jwks = JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'key-1' }] });
    const made = await uber.browser.gql<{ createApp: { app: { id: string; clientId: string } } }>(
      'mutation ($j: String) { createApp(name: "Signed bridge", scopes: ["system/Patient.read"], jwks: $j) { app { id clientId } } }',
      { j: jwks },
    );
    const signed = made.data!.createApp.app;
    expect(
      (
        await admin.browser.gql('mutation ($a: String!) { installApp(orgId: "office", appId: $a) { id } }', {
          a: signed.id,
        })
      ).code,
    ).toBeUndefined();
    const tokenUrl = `${server.url}/api/oauth/office/token`;
    const enc = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
    const claims = { iss: signed.clientId, sub: signed.clientId, aud: tokenUrl, jti: 'jti-1' };
    // The assertion's exp is the server's clock plus four minutes: read from its Date header.
    const serverNow = Date.parse((await fetch(`${server.url}/api/health`)).headers.get('date')!);
    const data = `${enc({ alg: 'ES384', kid: 'key-1', typ: 'JWT' })}.${enc({ ...claims, exp: Math.floor(serverNow / 1000) + 240 })}`;
    const assertion = `${data}.${sign('sha384', Buffer.from(data), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
    const ask = async () => {
      const res = await fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
        }),
      });
      return { status: res.status, body: (await res.json()) as { access_token?: string; error?: string } };
    };
    const first = await ask();
    expect(first.status).toBe(200);
    expect(await fhir(first.body.access_token!, 'office/Patient')).toBe(200);
    // The same assertion again: a replay.
    expect(await ask()).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });
});
