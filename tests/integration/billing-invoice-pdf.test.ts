/**
 * Issue 37: the local provider's invoices have a PDF as the real provider's do (invoice_pdf). On
 * the real server: an office subscribes with the success card, its invoice lists a pdfUrl beside
 * the hosted page, and that URL answers a one-page PDF, printed by the server's Chromium printer,
 * whose text names the invoice and its total; an unknown invoice is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './accounts-client.js';
import { pdfText } from './report-helpers.js';
import { orgMember, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';

let server: TestServer;
let office: OrgMember;

const cookieOf = (browser: Browser): string => [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

beforeAll(async () => {
  server = await startServer();
  office = await orgMember(server.url);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("the local provider's invoice PDF (issue 37)", () => {
  it('lists a pdfUrl that answers the invoice as a one-page PDF', async () => {
    const entered = await fetch(`${server.url}/api/billing/local/payment-methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieOf(office.browser) },
      body: JSON.stringify({
        number: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: '123',
      }),
    });
    const { id } = (await entered.json()) as { id: string };
    const card = await office.browser.gql(
      'mutation ($o: String, $pm: String!) { addCard(orgId: $o, paymentMethodId: $pm) { last4 } }',
      {
        o: office.orgId,
        pm: id,
      },
    );
    expect(card.code).toBeFalsy();
    const plans = await office.browser.gql<{ availablePlans: { id: string; lookupKey: string }[] }>(
      'query { availablePlans { id lookupKey } }',
    );
    const plus = plans.data!.availablePlans.find((p) => p.lookupKey === 'plus_monthly')!;
    const subscribed = await office.browser.gql(
      'mutation ($o: String, $p: String!) { subscribe(orgId: $o, priceId: $p) { status } }',
      {
        o: office.orgId,
        p: plus.id,
      },
    );
    expect(subscribed.code).toBeFalsy();

    const listed = await office.browser.gql<{
      invoices: { invoices: { id: string; hostedUrl: string | null; pdfUrl: string | null }[] };
    }>('query ($o: String) { invoices(orgId: $o, first: 5) { invoices { id hostedUrl pdfUrl } } }', {
      o: office.orgId,
    });
    const invoice = listed.data!.invoices.invoices[0]!;
    expect(invoice.pdfUrl).toBe(`${invoice.hostedUrl}/pdf`);

    const reply = await fetch(`${server.url}${invoice.pdfUrl}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await reply.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain(`Invoice ${invoice.id}`);
    expect(text).toMatch(/Total \$/);
    // One page: a page break (form feed) only after the last page.
    expect(text.split('\f').filter((page) => page.trim() !== '')).toHaveLength(1);

    const unknown = await fetch(`${server.url}/api/billing/local/invoices/in_local${'0'.repeat(24)}/pdf`);
    expect(unknown.status).toBe(404);
  }, 180_000);
});
