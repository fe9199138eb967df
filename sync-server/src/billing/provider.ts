import type { SubscriptionStatusName } from '@vigil/shared';

/*
 * The payment provider behind the subscription and the shop (issue 37). Two implementations: the
 * local provider (billing/local/, the default: its state in the server's database, the provider's
 * documented test cards, its own clock, events signed and posted as the real one posts them) and
 * the adapter over the real provider's official Node library (billing/stripe/, used when its keys
 * are configured). The shapes follow the real provider's objects, reduced to what Vigil reads, so
 * the adapter is a mapping and the local provider a faithful imitation. Amounts are in the
 * currency's minor unit (cents); times are epoch milliseconds.
 */

/** Card brands the provider reports and spec 000 §10 has logos for (anything else: 'unknown'). */
export const CARD_BRANDS = ['amex', 'diners', 'discover', 'jcb', 'mastercard', 'visa', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** A postal address (the provider's address element; a phone number is never collected: spec 000 §7). */
export interface PostalAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface ProviderCustomer {
  id: string;
  email: string;
  name: string;
  billingAddress: PostalAddress | null;
  shipping: { name: string; address: PostalAddress } | null;
  defaultCardId: string | null;
}

/** A saved card: only what the provider reports back; the number never reaches Vigil's server. */
export interface ProviderCard {
  id: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatusName;
  priceId: string;
  /** Billed providers (spec 002 §6: priced per provider). */
  quantity: number;
  start: number;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  trialStart: number | null;
  trialEnd: number | null;
  /** Cancelled at the period's end: active until then (spec 000 §3 cancelledAt). */
  cancelAtPeriodEnd: boolean;
  cancelledAt: number | null;
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

export interface ProviderInvoiceLine {
  description: string;
  quantity: number;
  amount: number;
  /** A proration of a change within the period. */
  proration: boolean;
}

export interface ProviderInvoice {
  /** Null for a preview (the upcoming invoice). */
  id: string | null;
  customerId: string;
  subscriptionId: string | null;
  status: InvoiceStatus;
  currency: string;
  total: number;
  amountDue: number;
  amountPaid: number;
  created: number;
  dueDate: number | null;
  periodStart: number;
  periodEnd: number;
  /** The provider's hosted page and PDF, when it has them. */
  hostedUrl: string | null;
  pdfUrl: string | null;
  lines: ProviderInvoiceLine[];
}

/** A one-off payment (a shop order). */
export interface ProviderPayment {
  id: string;
  customerId: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'refunded';
  created: number;
}

/** The events Vigil acts on (the provider's names). */
export const PROVIDER_EVENT_TYPES = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
export type ProviderEventType = (typeof PROVIDER_EVENT_TYPES)[number];

/** A verified event: its id (processed once), type, time and the object it carries. */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  subscription: ProviderSubscription | null;
  invoice: ProviderInvoice | null;
}

/**
 * A refusal the provider gives for a card or a payment (a decline, insufficient funds, an
 * authentication the card needs, an address not valid for tax). `message` is the provider's own
 * text, shown to the user as given (issue 37: "the decline card leaves it unchanged with the
 * provider's message").
 */
export type RefusalCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'authentication_required'
  | 'incorrect_number'
  | 'expired_card'
  | 'invalid_address_for_tax';

export class PaymentRefusedError extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentRefusedError';
  }
}

/** A request the provider cannot carry out: an unknown object, or one in a state that does not allow it. */
export class ProviderRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRequestError';
  }
}

export interface CustomerInput {
  email: string;
  name: string;
  /** Vigil's organisation id, kept in the provider's metadata. */
  orgId: string;
  billingAddress?: PostalAddress | null;
  shipping?: { name: string; address: PostalAddress } | null;
}

export interface SubscriptionInput {
  customerId: string;
  priceId: string;
  quantity: number;
  /** The trial's end to keep (a trial office subscribing before its end keeps the rest of it). */
  trialEnd: number | null;
}

/** A plan's price at the provider (spec 002 §3 "Plan price"); prices never change, a new one replaces an old one. */
export interface ProviderPrice {
  id: string;
  productName: string;
  lookupKey: string;
  interval: 'month' | 'year';
  /** Per provider (the subscription's quantity). */
  amount: number;
  currency: string;
  active: boolean;
}

/**
 * A card setup started at the provider (its SetupIntent, usage off_session): the browser's card
 * entry confirms it with the client secret (carrying out 3-D Secure when the bank asks), and the
 * card it saved is then added with `attachCard`. The secret lets the browser confirm this one
 * setup only; it is handed to the organisation's admin who asked for it and never stored.
 */
export interface CardSetup {
  clientSecret: string;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** A new price (the team's plan screens); the catalogue Vigil shows is its own plans table. */
  createPrice(input: Omit<ProviderPrice, 'id' | 'active'>): Promise<ProviderPrice>;
  /** Archives a price: no new subscription to it; existing ones keep it. */
  archivePrice(priceId: string): Promise<void>;
  createCustomer(input: CustomerInput): Promise<ProviderCustomer>;
  /** Refuses an address not valid for tax with PaymentRefusedError('invalid_address_for_tax'). */
  updateCustomer(customerId: string, input: Partial<Omit<CustomerInput, 'orgId'>>): Promise<ProviderCustomer>;
  getCustomer(customerId: string): Promise<ProviderCustomer | null>;
  /**
   * Starts saving a card for later charges (the real provider: a SetupIntent for the customer);
   * null when the provider has no browser step of its own (the local provider: its card entry
   * route tokenises the card, and `attachCard` saves it).
   */
  createCardSetup(customerId: string): Promise<CardSetup | null>;
  /**
   * Makes a card the customer's default, attaching it first unless a confirmed card setup already
   * did; a card attached to another customer is refused (ProviderRequestError).
   */
  attachCard(customerId: string, paymentMethodId: string): Promise<ProviderCard>;
  listCards(customerId: string): Promise<ProviderCard[]>;
  detachCard(customerId: string, cardId: string): Promise<void>;
  /** Charges the first invoice unless a trial runs; a refused card throws PaymentRefusedError and creates nothing. */
  createSubscription(input: SubscriptionInput): Promise<ProviderSubscription>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** A change of plan, interval or providers, prorated by the provider. */
  updateSubscription(
    subscriptionId: string,
    change: { priceId?: string; quantity?: number },
  ): Promise<ProviderSubscription>;
  /** Cancels at the period's end (active until then). */
  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Undoes a cancellation before the period ends. */
  resumeSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** The next invoice, with a change applied when given (the subscription page's preview). */
  previewInvoice(subscriptionId: string, change?: { priceId?: string; quantity?: number }): Promise<ProviderInvoice>;
  /** Charges an open invoice with the customer's default card (a past-due office's new card). */
  payInvoice(invoiceId: string): Promise<ProviderInvoice>;
  /** Past invoices, newest first, a page at a time. */
  listInvoices(
    customerId: string,
    page: { limit: number; startingAfter?: string },
  ): Promise<{ invoices: ProviderInvoice[]; hasMore: boolean }>;
  /** A one-off charge of the default card (a shop order); refused cards throw PaymentRefusedError. */
  pay(
    customerId: string,
    amount: number,
    currency: string,
    description: string,
    metadata: Record<string, string>,
  ): Promise<ProviderPayment>;
  refund(paymentId: string): Promise<ProviderPayment>;
  /**
   * Verifies a webhook's raw body against its signature header (timestamp within the tolerance)
   * and answers the event; throws on a forged or stale one. Processing once per event id is the
   * caller's job (the processed-events store).
   */
  verifyEvent(rawBody: string, signatureHeader: string, now: number): ProviderEvent;
}
