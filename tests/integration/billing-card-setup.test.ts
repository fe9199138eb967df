/**
 * Issue 37, the card entry with the real provider: what the client learns from the server to
 * choose its card form, on the real server. With the local provider (no keys) the server info
 * carries no publishable key and a card setup answers no secret, so the client keeps the local
 * provider's form; a server given only some of the real provider's keys refuses to start, naming
 * the ones missing. (The real provider's side is tested against recorded responses in
 * sync-server/src/billing/stripe/provider.test.ts and service.test.ts: no network here.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './accounts-client.js';
import { orgMember, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';

/** The real provider's keys unset, whatever the environment running the tests holds. */
const NO_KEYS = { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_PUBLISHABLE_KEY: '' };

let server: TestServer;
let admin: OrgMember;

beforeAll(async () => {
  server = await startServer({ env: NO_KEYS });
  admin = await orgMember(server.url);
}, 120_000);

afterAll(async () => {
  await server?.dispose();
});

describe('the card entry the client is told to use (issue 37)', () => {
  it('tells a signed-out client the server time and no publishable key with the local provider', async () => {
    const info = await new Browser(server.url).gql<{ serverTime: number; stripePublishableKey: string | null }>(
      'query { serverTime stripePublishableKey }',
    );
    expect(info.code).toBeUndefined();
    expect(info.data?.serverTime).toBeGreaterThan(0);
    expect(info.data?.stripePublishableKey).toBeNull();
  });

  it("answers the office's admin a card setup of the local provider, with no secret, and the local form still saves a card", async () => {
    const setup = await admin.browser.gql<{ startCardSetup: { provider: string; clientSecret: string | null } }>(
      'mutation ($o: String) { startCardSetup(orgId: $o) { provider clientSecret } }',
      { o: admin.orgId },
    );
    expect(setup.data?.startCardSetup).toEqual({ provider: 'local', clientSecret: null });
    const cookie = [...admin.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const reply = await fetch(`${server.url}/api/billing/local/payment-methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }),
    });
    const pm = ((await reply.json()) as { id: string }).id;
    const added = await admin.browser.gql<{ addCard: { last4: string } }>(
      'mutation ($o: String, $pm: String!) { addCard(orgId: $o, paymentMethodId: $pm) { last4 } }',
      { o: admin.orgId, pm },
    );
    expect(added.data?.addCard.last4).toBe('4242');
  });
});

describe('the real provider configured in part (issue 37)', () => {
  it('refuses to start with only the secret key, naming the keys missing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-test-'));
    try {
      const started = startServer({
        dataDir,
        env: { ...NO_KEYS, STRIPE_SECRET_KEY: 'sk_test_vigil_partial' },
      });
      await expect(started).rejects.toThrow(
        'STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY are not set: the real payment provider needs',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
