import { describe, expect, it } from 'vitest';
import type { AccountsForCallers } from '../access/caller.js';
import { LocalPaymentProvider } from '../billing/local/provider.js';
import type { BillingWebhooks } from '../billing/webhooks.js';
import { uncaughtErrorAnswer } from '../errors.js';
import { MemoryLocalPaymentStore } from '../store/payments-local/memory.js';
import { billingRoutes, invoicePage } from './billing.js';

const NOW = Date.UTC(2026, 10, 28, 12);
/** Nobody is signed in. */
const signedOut = {
  current: () => Promise.resolve(null),
  liveSession: () => Promise.resolve(null),
  currentOf: () => Promise.resolve(null),
  isMultiFactorValid: () => false,
  hasFreshSudo: () => Promise.resolve(false),
  sessions: { memberships: () => Promise.resolve([]) },
  settings: { cookieName: 'tok' },
} as AccountsForCallers;

function app(paymentsClock: boolean, local: LocalPaymentProvider | null = null) {
  const routes = billingRoutes({
    webhooks: {} as BillingWebhooks,
    local,
    paymentsClock,
    sendEvents: () => Promise.resolve(),
    accounts: signedOut,
    trustProxy: false,
    cards: { attempt: (_who, _meta, run) => run() },
    printer: { print: () => Promise.reject(new Error('not printed here')) },
  });
  routes.onError((err, c) => {
    const { status, body } = uncaughtErrorAnswer(err);
    return c.json(body, status);
  });
  return routes;
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('billing routes (issue 37)', () => {
  it('mounts the local provider pages only with the local provider, and its clock only when allowed', async () => {
    const local = new LocalPaymentProvider(new MemoryLocalPaymentStore(), 'whsec_t', () => NOW);
    expect((await app(true).request('/billing/local/advance-clock', post({ days: 1 }))).status).toBe(404);
    expect((await app(false, local).request('/billing/local/advance-clock', post({ days: 1 }))).status).toBe(404);
    const moved = await app(true, local).request('/billing/local/advance-clock', post({ days: 31 }));
    expect(moved.status).toBe(200);
    expect(await local.clock()).toBe(NOW + 31 * 86_400_000);
    const backwards = await app(true, local).request('/billing/local/advance-clock', post({ days: -1 }));
    expect(backwards.status).toBe(400);
  });

  it('takes a card only from a signed-in caller', async () => {
    const local = new LocalPaymentProvider(new MemoryLocalPaymentStore(), 'whsec_t', () => NOW);
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
    const reply = await app(false, local).request('/billing/local/payment-methods', post(card));
    expect([reply.status, await reply.json()]).toEqual([401, { error: 'NO_AUTHENTICATION' }]);
  });

  it('serves a hosted invoice by its id, escaped, and 404 for an unknown or malformed id', async () => {
    const local = new LocalPaymentProvider(new MemoryLocalPaymentStore(), 'whsec_t', () => NOW);
    const routes = app(false, local);
    expect((await routes.request('/billing/local/invoices/in_local000000000000000000000000')).status).toBe(404);
    expect((await routes.request('/billing/local/invoices/..%2Fetc')).status).toBe(404);
    const html = invoicePage({
      id: 'in_local1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      status: 'paid',
      currency: 'usd',
      total: 14_900,
      amountDue: 14_900,
      amountPaid: 14_900,
      created: NOW,
      dueDate: null,
      periodStart: NOW,
      periodEnd: NOW + 30 * 86_400_000,
      hostedUrl: null,
      pdfUrl: null,
      lines: [{ description: '1 × Advanced <script>', quantity: 1, amount: 14_900, proration: false }],
    });
    expect(html).toContain('1 × Advanced &#60;script&#62;');
    expect(html).toContain('Total $149');
    expect(html).not.toContain('<script>');
  });
});
