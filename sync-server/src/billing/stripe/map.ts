import type { SubscriptionStatusName } from '@vigil/shared';
import type Stripe from 'stripe';
import {
  CARD_BRANDS,
  ProviderRequestError,
  type CardBrand,
  type InvoiceStatus,
  type PostalAddress,
  type ProviderCard,
  type ProviderCustomer,
  type ProviderInvoice,
  type ProviderInvoiceLine,
  type ProviderPayment,
  type ProviderPrice,
  type ProviderSubscription,
} from '../provider.js';

/*
 * The real provider's objects (API version pinned by the `stripe` library, 2026-10-28) mapped to
 * Vigil's provider shapes (billing/provider.ts): seconds become epoch milliseconds, expandable
 * references become ids, and the fields this API version moved are read where they now live (a
 * subscription's period on its item, an invoice's subscription under `parent`, a line's proration
 * under its `parent`). Each mapper is total over the documented object; a value outside the
 * documented set is refused loudly rather than guessed (docs/decisions.md, session 24).
 */

/** Seconds since the epoch, as the provider counts them, to Vigil's milliseconds. */
export const ms = (seconds: number): number => seconds * 1000;
const msOrNull = (seconds: number | null | undefined): number | null => (seconds == null ? null : ms(seconds));

/** Vigil's milliseconds to the provider's seconds, rounded up so a trial never ends before the time Vigil gave. */
export const seconds = (millis: number): number => Math.ceil(millis / 1000);

/** The id of an expandable reference (a string, or the object when it was expanded). */
export function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (ref == null) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

/**
 * [decision] The provider's subscription statuses in Vigil's vocabulary. Five are the same word.
 * `incomplete` (a first charge not made: only with `allow_incomplete`, which Vigil never sends)
 * is `past_due`: money is owed and paying the open invoice makes it active, exactly the past-due
 * path. `incomplete_expired` (terminal: the first invoice voided) is `canceled`: a new
 * subscription is needed. `paused` (a trial ended with no card under `trial_settings` that Vigil
 * never sets, or the pause endpoint it never calls) is `unpaid`: nothing is being collected and
 * the office is not ok until someone acts.
 */
export const STATUS_FROM_STRIPE: Readonly<Record<string, SubscriptionStatusName>> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'unpaid',
  canceled: 'canceled',
  incomplete: 'past_due',
  incomplete_expired: 'canceled',
  paused: 'unpaid',
};

export function subscriptionStatus(status: string): SubscriptionStatusName {
  const mapped = STATUS_FROM_STRIPE[status];
  if (!mapped) throw new ProviderRequestError(`Unknown subscription status '${status}'.`);
  return mapped;
}

const INVOICE_STATUSES: readonly InvoiceStatus[] = ['draft', 'open', 'paid', 'void', 'uncollectible'];

export function invoiceStatus(status: string | null): InvoiceStatus {
  // A preview (the upcoming invoice) is a draft that has not been created yet.
  if (status === null) return 'draft';
  const found = INVOICE_STATUSES.find((s) => s === status);
  if (!found) throw new ProviderRequestError(`Unknown invoice status '${status}'.`);
  return found;
}

export function cardBrand(brand: string): CardBrand {
  return CARD_BRANDS.find((b) => b === brand) ?? 'unknown';
}

export function address(a: Stripe.Address | null | undefined): PostalAddress | null {
  if (!a) return null;
  return {
    line1: a.line1 ?? '',
    line2: a.line2 ?? null,
    city: a.city ?? '',
    state: a.state ?? '',
    postalCode: a.postal_code ?? '',
    country: a.country ?? '',
  };
}

/** Vigil's address as the provider's address parameter. */
export function addressParam(a: PostalAddress): Stripe.AddressParam {
  return {
    line1: a.line1,
    line2: a.line2 ?? '',
    city: a.city,
    state: a.state,
    postal_code: a.postalCode,
    country: a.country,
  };
}

export function customer(c: Stripe.Customer): ProviderCustomer {
  return {
    id: c.id,
    email: c.email ?? '',
    name: c.name ?? '',
    billingAddress: address(c.address),
    shipping: c.shipping?.address ? { name: c.shipping.name ?? '', address: address(c.shipping.address)! } : null,
    defaultCardId: idOf(c.invoice_settings.default_payment_method),
  };
}

export function card(pm: Stripe.PaymentMethod): ProviderCard {
  if (!pm.card) throw new ProviderRequestError(`The payment method '${pm.id}' is not a card.`);
  return {
    id: pm.id,
    brand: cardBrand(pm.card.brand),
    last4: pm.card.last4,
    expMonth: pm.card.exp_month,
    expYear: pm.card.exp_year,
  };
}

export function price(p: Stripe.Price, productName: string): ProviderPrice {
  const interval = (['month', 'year'] as const).find((i) => i === p.recurring?.interval);
  if (!interval) throw new ProviderRequestError(`The price '${p.id}' is not billed monthly or yearly.`);
  return {
    id: p.id,
    productName: typeof p.product === 'object' && 'name' in p.product ? p.product.name : productName,
    lookupKey: p.lookup_key ?? '',
    interval,
    amount: p.unit_amount ?? 0,
    currency: p.currency,
    active: p.active,
  };
}

/** The subscription's one item (Vigil subscribes to one price, its quantity the providers billed). */
export function firstItem(s: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = s.items.data[0];
  if (!item) throw new ProviderRequestError(`The subscription '${s.id}' has no item.`);
  return item;
}

export function subscription(s: Stripe.Subscription): ProviderSubscription {
  const item = firstItem(s);
  return {
    id: s.id,
    customerId: idOf(s.customer)!,
    status: subscriptionStatus(s.status),
    priceId: item.price.id,
    quantity: item.quantity ?? 1,
    start: ms(s.start_date),
    // The period lives on the item since API version 2025-03-31.
    currentPeriodStart: ms(item.current_period_start),
    currentPeriodEnd: ms(item.current_period_end),
    trialStart: msOrNull(s.trial_start),
    trialEnd: msOrNull(s.trial_end),
    cancelAtPeriodEnd: s.cancel_at_period_end,
    cancelledAt: msOrNull(s.canceled_at),
  };
}

function lineProration(line: Stripe.InvoiceLineItem): boolean {
  const parent = line.parent;
  return parent?.subscription_item_details?.proration ?? parent?.invoice_item_details?.proration ?? false;
}

export function invoiceLine(line: Stripe.InvoiceLineItem): ProviderInvoiceLine {
  return {
    description: line.description ?? '',
    quantity: line.quantity ?? 1,
    amount: line.amount,
    proration: lineProration(line),
  };
}

/**
 * The period an invoice bills. The provider's own `period_start`/`period_end` on a renewal or an
 * upcoming invoice is the period just ended (when its usage was collected); the period paid for is
 * the one on its subscription lines, so that is what Vigil shows (as the local provider does).
 */
function billedPeriod(inv: Stripe.Invoice): { start: number; end: number } {
  const periods = inv.lines.data.filter((l) => !lineProration(l)).map((l) => l.period);
  if (periods.length === 0) return { start: inv.period_start, end: inv.period_end };
  return { start: Math.min(...periods.map((p) => p.start)), end: Math.max(...periods.map((p) => p.end)) };
}

/** An invoice; `preview` for the upcoming one, which has no id of its own in Vigil. */
export function invoice(inv: Stripe.Invoice, preview = false): ProviderInvoice {
  const period = billedPeriod(inv);
  const status = invoiceStatus(inv.status);
  const unpaid = status === 'open' || status === 'draft';
  return {
    id: preview ? null : inv.id,
    customerId: idOf(inv.customer) ?? '',
    subscriptionId: idOf(inv.parent?.subscription_details?.subscription),
    status,
    currency: inv.currency,
    total: inv.total,
    amountDue: inv.amount_due,
    amountPaid: inv.amount_paid,
    created: ms(inv.created),
    // Charged automatically, an invoice has no due date; it is due when the provider next tries
    // to charge it (for the upcoming invoice: when it is billed).
    dueDate: msOrNull(inv.due_date ?? (unpaid ? (inv.next_payment_attempt ?? (preview ? period.start : null)) : null)),
    periodStart: ms(period.start),
    periodEnd: ms(period.end),
    hostedUrl: inv.hosted_invoice_url ?? null,
    pdfUrl: inv.invoice_pdf ?? null,
    lines: inv.lines.data.map(invoiceLine),
  };
}

export function payment(pi: Stripe.PaymentIntent, status: ProviderPayment['status']): ProviderPayment {
  return {
    id: pi.id,
    customerId: idOf(pi.customer) ?? '',
    amount: pi.amount,
    currency: pi.currency,
    status,
    created: ms(pi.created),
  };
}
