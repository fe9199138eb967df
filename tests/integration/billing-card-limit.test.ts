/**
 * Issue 37: card entry is limited, so a stolen session cannot test card numbers at the provider.
 * On the real server with the local provider: after 10 declined cards (4000000000000002) in an hour
 * an organisation's addCard is refused CARD_ATTEMPTS_LIMITED, even for the success card, and still
 * after the server restarts on the same database (the count is the store's, not a process's); the
 * provider's card entry refuses a person after 20 refused numbers with 429.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_TEXTS } from '@vigil/shared';
import type { Browser } from './accounts-client.js';
import { orgMember, signInAgain, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';

let server: TestServer;
let dataDir: string;
let office: OrgMember;

const cookieOf = (browser: Browser): string => [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** The provider's card entry (its browser script's step). */
async function tokenize(
  number: string,
  browser: Browser,
): Promise<{ status: number; body: { id?: string; error?: string; message?: string } }> {
  const reply = await fetch(`${server.url}/api/billing/local/payment-methods`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieOf(browser) },
    body: JSON.stringify({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' }),
  });
  return { status: reply.status, body: (await reply.json()) as { id?: string; error?: string; message?: string } };
}

/** A card entered and saved as the office's: the refusal's code or text, or null when saved. */
async function addCard(number: string, browser: Browser = office.browser): Promise<string | null> {
  const entered = await tokenize(number, browser);
  expect(entered.status).toBe(200);
  const added = await browser.gql(
    'mutation ($o: String, $pm: String!) { addCard(orgId: $o, paymentMethodId: $pm) { last4 } }',
    {
      o: office.orgId,
      pm: entered.body.id,
    },
  );
  return added.code ?? null;
}

async function cards(): Promise<string[]> {
  const r = await office.browser.gql<{ subscription: { cards: { last4: string }[] } }>(
    'query ($o: String) { subscription(orgId: $o) { cards { last4 } } }',
    { o: office.orgId },
  );
  expect(r.code).toBeFalsy();
  return r.data!.subscription.cards.map((c) => c.last4);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-card-limit-'));
  server = await startServer({ dataDir });
  office = await orgMember(server.url);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('card entry limit (issue 37)', () => {
  it('refuses an organisation card entry after 10 declined cards in an hour, across a restart', async () => {
    for (let i = 0; i < 10; i++) expect(await addCard('4000000000000002')).toBe('Your card was declined.');
    expect(await addCard('4242424242424242')).toBe('CARD_ATTEMPTS_LIMITED');
    expect(await cards()).toEqual([]);

    // Another server over the same database counts the same refusals.
    await server.stop();
    server = await startServer({ dataDir });
    office = { ...office, browser: await signInAgain(server.url, office.email) };
    expect(await addCard('4242424242424242')).toBe('CARD_ATTEMPTS_LIMITED');
    expect(await cards()).toEqual([]);
    // The card form shows the catalogue's sentence for the code.
    expect(REFUSAL_TEXTS.CARD_ATTEMPTS_LIMITED).toMatch(/^Too many cards were declined in the last hour\./);
  });

  it("refuses a person's card entry with 429 after 20 refused numbers, before the provider is asked", async () => {
    const other = await orgMember(server.url);
    for (let i = 0; i < 20; i++) {
      const refused = await tokenize('4242424242424241', other.browser);
      expect(refused.status).toBe(402);
    }
    const limited = await tokenize('4242424242424242', other.browser);
    expect(limited).toEqual({ status: 429, body: { error: 'CARD_ATTEMPTS_LIMITED' } });
    // Someone else is not held by it.
    const third = await orgMember(server.url);
    expect((await tokenize('4242424242424242', third.browser)).status).toBe(200);
  });
});
