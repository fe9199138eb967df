import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { formatMoney } from '@vigil/shared';
import { z } from 'zod';
import type { AccountsForCallers } from '../access/caller.js';
import type { CardAttempts } from '../billing/card-limits.js';
import type { LocalPaymentProvider } from '../billing/local/provider.js';
import { PaymentRefusedError, type ProviderInvoice } from '../billing/provider.js';
import type { BillingWebhooks } from '../billing/webhooks.js';
import { AppError } from '../errors.js';
import type { PdfPrinter } from '../report/pdf.js';
import { PDF_CSP } from './finalize.js';
import { httpCaller, readJsonBody } from './request.js';

/** The provider's events are small (one subscription or invoice); anything larger is not one. */
const MAX_WEBHOOK_BYTES = 256 * 1024;
const MAX_CARD_BYTES = 1024;
const DAY_MS = 86_400_000;
/** The invoice page's print width in CSS px (its 40rem column with margins fits a letter page). */
const INVOICE_PRINT_WIDTH = 800;

/** The card entry as the provider's browser script sends it (bounded: a card number has at most 19 digits). */
const cardEntry = z.object({
  number: z.string().max(32),
  expMonth: z.number().int().min(0).max(99),
  expYear: z.number().int().min(0).max(9999),
  cvc: z.string().regex(/^\d{3,4}$/),
});
/** The clock moves forward by whole days and milliseconds, at most ten years at once. */
const clockAdvance = z
  .object({ days: z.number().int().min(0).max(3650).optional(), ms: z.number().int().min(0).optional() })
  .refine((v) => (v.days ?? 0) * DAY_MS + (v.ms ?? 0) <= 3650 * DAY_MS);
const invoiceId = z.string().regex(/^in_local[0-9a-f]{24}$/);

export interface BillingRoutesDeps {
  webhooks: BillingWebhooks;
  /** The local provider when it is in use: its card entry and hosted invoice pages are mounted. */
  local: LocalPaymentProvider | null;
  /** Mount the clock route (NODE_ENV=test, or development with LOCAL_PAYMENTS_CLOCK=on). */
  paymentsClock: boolean;
  /** Sends the events the clock made due now rather than at the next poll. */
  sendEvents: () => Promise<void>;
  accounts: AccountsForCallers;
  trustProxy: boolean;
  /** The server's Chromium PDF printer (the reports'): the local provider's invoice PDFs. */
  printer: Pick<PdfPrinter, 'print'>;
  /** The limit of refused cards: the card entry counts a refused number per user (issue 37). */
  cards: Pick<CardAttempts, 'attempt'>;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const day = (t: number): string => new Date(t).toISOString().slice(0, 10);

/** The local provider's hosted invoice page: what the real provider's page shows, without payment. */
export function invoicePage(invoice: ProviderInvoice & { id: string }): string {
  const money = (cents: number): string => escapeHtml(formatMoney(cents, invoice.currency));
  const lines = invoice.lines
    .map((l) => `<tr><td>${escapeHtml(l.description)}</td><td>${l.quantity}</td><td>${money(l.amount)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice ${escapeHtml(invoice.id)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.25rem;border-bottom:1px solid #ccc}</style>
</head><body><main><h1>Invoice</h1>
<p>Invoice ${escapeHtml(invoice.id)} · ${escapeHtml(invoice.status)} · ${day(invoice.created)}</p>
<p>Period ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}</p>
<table><thead><tr><th>Description</th><th>Qty</th><th>Amount</th></tr></thead><tbody>${lines}</tbody></table>
<p>Total ${money(invoice.total)} · Amount due ${money(invoice.amountDue)} · Paid ${money(invoice.amountPaid)}</p>
</main></body></html>`;
}

/**
 * Billing's HTTP side (issue 37). `POST /billing/webhook`: the provider's signed events, read as
 * the raw bytes they were signed as. The local provider's own pages, mounted only when it is in
 * use: `POST /billing/local/payment-methods` (its card entry: the number goes to the provider,
 * never to Vigil's records; signed-in callers only), `GET /billing/local/invoices/{id}` (its
 * hosted invoice page, by an unguessable id as the real provider's; `/pdf` the same printed), and, for tests and demos
 * only, `POST /billing/local/advance-clock`.
 */
export function billingRoutes(deps: BillingRoutesDeps): Hono {
  const app = new Hono();
  const tooLarge = (): never => {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE');
  };

  app.post('/billing/webhook', bodyLimit({ maxSize: MAX_WEBHOOK_BYTES, onError: tooLarge }), async (c) => {
    const outcome = await deps.webhooks.receive(await c.req.text(), c.req.header('stripe-signature'));
    return c.json({ received: true, outcome });
  });

  const local = deps.local;
  if (!local) return app;

  app.post('/billing/local/payment-methods', bodyLimit({ maxSize: MAX_CARD_BYTES, onError: tooLarge }), async (c) => {
    const caller = await httpCaller(c, deps.accounts, deps.trustProxy, { queryToken: false });
    if (!caller.subject.signedIn || !caller.user) throw new AppError(401, 'NO_AUTHENTICATION');
    if (!caller.subject.multiFactorValid) throw new AppError(401, 'MFA_REQUIRED');
    const parsed = cardEntry.safeParse(await readJsonBody(c));
    if (!parsed.success) throw new AppError(400, 'INVALID_INPUT');
    try {
      // A wrong number, expiry or CVC counts toward the user's card limit (CARD_ATTEMPTS_LIMITED when reached).
      const card = await deps.cards.attempt({ userId: caller.user.id, orgId: null }, caller, () =>
        local.tokenizeCard(parsed.data),
      );
      return c.json({
        id: card.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      });
    } catch (err) {
      if (err instanceof PaymentRefusedError) return c.json({ error: err.code, message: err.message }, 402);
      throw err;
    }
  });

  const invoiceOf = async (raw: string): Promise<ProviderInvoice & { id: string }> => {
    const id = invoiceId.safeParse(raw);
    const invoice = id.success ? await local.getInvoice(id.data) : null;
    if (!invoice?.id) throw new AppError(404, 'NOT_FOUND');
    return { ...invoice, id: invoice.id };
  };

  app.get('/billing/local/invoices/:id', async (c) => {
    const invoice = await invoiceOf(c.req.param('id'));
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'");
    return c.html(invoicePage(invoice));
  });

  // The hosted page printed by the reports' Chromium printer (the real provider's invoice_pdf).
  app.get('/billing/local/invoices/:id/pdf', async (c) => {
    const invoice = await invoiceOf(c.req.param('id'));
    const bytes = await deps.printer.print(invoicePage(invoice), INVOICE_PRINT_WIDTH);
    return c.body(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="invoice-${invoice.id}.pdf"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': PDF_CSP,
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
    });
  });

  if (deps.paymentsClock) {
    app.post('/billing/local/advance-clock', async (c) => {
      const parsed = clockAdvance.safeParse(await readJsonBody(c));
      if (!parsed.success) throw new AppError(400, 'INVALID_INPUT');
      await local.advanceClock((parsed.data.days ?? 0) * DAY_MS + (parsed.data.ms ?? 0));
      await deps.sendEvents();
      return c.json({ clock: await local.clock() });
    });
  }
  return app;
}
