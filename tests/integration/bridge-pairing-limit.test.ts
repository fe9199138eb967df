import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_PAIRING_LIMITS } from '../../sync-server/src/bridges/service.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { createOrg, person, type Person } from './orgs-helpers.js';

/*
 * Issue 38 follow-up: pairing codes guessed over and over from one address are refused
 * TOO_MANY_REQUESTS by the one rate limiter (per client address, counted from the audit trail),
 * a right code too; another address still pairs. The server trusts X-Forwarded-For so the test
 * can speak from two addresses.
 */

const OFFICE = 'pairing-limit-office';
let server: TestServer;
let admin: Person;

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1' } });
  admin = await person(server, 'admin@pairing-limit.test');
  const made = await createOrg(admin, OFFICE);
  if (made.code) throw new Error(made.code);
}, 120_000);

afterAll(async () => {
  await server?.dispose();
});

async function pairingCode(): Promise<string> {
  const made = await admin.browser.gql<{ createBridgePairingCode: { code: string } }>(
    'mutation ($o: String) { createBridgePairingCode(orgId: $o, location: "Operatory 1") { code } }',
    { o: OFFICE },
  );
  if (made.code) throw new Error(made.code);
  return made.data!.createBridgePairingCode.code;
}

async function pair(code: string, from: string): Promise<{ status: number; error?: string }> {
  const res = await fetch(`${server.url}/api/bridge/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ code, name: 'Front desk computer' }),
  });
  const body = (await res.json()) as { error?: string; code?: string };
  return { status: res.status, error: body.error ?? body.code };
}

describe('pairing a Vigil Bridge is rate-limited per client address (issue 38)', () => {
  it('refuses every attempt from an address after too many wrong codes, a right code too, and not another address', async () => {
    const guesser = '203.0.113.7';
    for (let i = 0; i < BRIDGE_PAIRING_LIMITS.failuresPerIp; i++) {
      expect(await pair('AAAA-AAAA', guesser)).toMatchObject({ status: 401 });
    }
    const code = await pairingCode();
    expect(await pair(code, guesser)).toEqual({ status: 403, error: 'TOO_MANY_REQUESTS' });
    // The refused attempt did not take the code: the office's own computer pairs with it.
    expect(await pair(code, '198.51.100.20')).toMatchObject({ status: 201 });
  });
});
