import Stripe from 'stripe';
import {
  PaymentRefusedError,
  ProviderRequestError,
  type CardSetup,
  type CustomerInput,
  type PaymentProvider,
  type ProviderCard,
  type ProviderCustomer,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderPayment,
  type ProviderPrice,
  type ProviderSubscription,
  type SubscriptionInput,
} from '../provider.js';
import { call, isMissing, translate } from './errors.js';
import * as map from './map.js';

/** How old a signed event may be when it arrives (the library's default: 5 minutes). */
export const WEBHOOK_TOLERANCE_S = 300;

/** The provider's text when a customer with no card is charged (the local provider answers the same). */
export const NO_PAYMENT_SOURCE = 'This customer has no attached payment source.';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** The fetch the library sends its requests with (tests answer recorded responses). */
  fetch?: typeof fetch;
}

type Change = { priceId?: string; quantity?: number };

/**
 * The payment provider over the real provider's official library (issue 37), used when its keys
 * are configured (billing/select.ts). Every method is one or a few API calls, mapped to Vigil's
 * shapes by stripe/map.ts and its errors by stripe/errors.ts, with the semantics the local
 * provider imitates: a subscription is created or changed with `error_if_incomplete` (a refused
 * charge creates or changes nothing), changes are prorated by the provider, cancelling is at the
 * period's end, and events are verified with the library's signature check on the server's clock.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      httpClient: Stripe.createFetchHttpClient(options.fetch ?? fetch),
      maxNetworkRetries: 2,
    });
    this.webhookSecret = options.webhookSecret;
  }

  async createPrice(input: Omit<ProviderPrice, 'id' | 'active'>): Promise<ProviderPrice> {
    const created = await call(() =>
      this.stripe.prices.create({
        currency: input.currency,
        unit_amount: input.amount,
        recurring: { interval: input.interval },
        // A new price replaces the plan's old one, so it takes over the plan's lookup key.
        lookup_key: input.lookupKey,
        transfer_lookup_key: true,
        product_data: { name: input.productName },
        expand: ['product'],
      }),
    );
    return map.price(created, input.productName);
  }

  async archivePrice(priceId: string): Promise<void> {
    await call(() => this.stripe.prices.update(priceId, { active: false }));
  }

  async createCustomer(input: CustomerInput): Promise<ProviderCustomer> {
    const hasAddress = Boolean(input.billingAddress ?? input.shipping);
    const created = await call(() =>
      this.stripe.customers.create({
        email: input.email,
        name: input.name,
        metadata: { orgId: input.orgId },
        ...(input.billingAddress && { address: map.addressParam(input.billingAddress) }),
        ...(input.shipping && {
          shipping: { name: input.shipping.name, address: map.addressParam(input.shipping.address) },
        }),
        // An address the tax engine cannot locate is refused now, not at the first invoice.
        ...(hasAddress && { tax: { validate_location: 'immediately' as const } }),
      }),
    );
    return map.customer(created);
  }

  async updateCustomer(customerId: string, input: Partial<Omit<CustomerInput, 'orgId'>>): Promise<ProviderCustomer> {
    const { billingAddress, shipping } = input;
    const updated = await call(() =>
      this.stripe.customers.update(customerId, {
        ...(input.email !== undefined && { email: input.email }),
        ...(input.name !== undefined && { name: input.name }),
        // An empty string clears a field at the provider.
        ...(billingAddress !== undefined && { address: billingAddress ? map.addressParam(billingAddress) : '' }),
        ...(shipping !== undefined && {
          shipping: shipping ? { name: shipping.name, address: map.addressParam(shipping.address) } : '',
        }),
        ...((billingAddress || shipping) && { tax: { validate_location: 'immediately' as const } }),
      }),
    );
    return map.customer(updated);
  }

  async getCustomer(customerId: string): Promise<ProviderCustomer | null> {
    try {
      const found = await this.stripe.customers.retrieve(customerId);
      return found.deleted ? null : map.customer(found);
    } catch (e) {
      if (isMissing(e)) return null;
      throw translate(e);
    }
  }

  async createCardSetup(customerId: string): Promise<CardSetup> {
    // The provider's documented way to save a card for a subscription's later charges: a
    // SetupIntent for the customer, usage off_session (the bank's authentication, when it asks
    // for one, happens now, in the browser, rather than at a renewal no one is there to approve).
    // Cards only: the browser's card entry confirms it with confirmCardSetup.
    const intent = await call(() =>
      this.stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      }),
    );
    if (!intent.client_secret) throw new ProviderRequestError(`The card setup '${intent.id}' has no client secret.`);
    return { clientSecret: intent.client_secret };
  }

  async attachCard(customerId: string, paymentMethodId: string): Promise<ProviderCard> {
    const found = await call(() => this.stripe.paymentMethods.retrieve(paymentMethodId));
    const owner = map.idOf(found.customer);
    if (owner !== null && owner !== customerId) {
      // Another organisation's card: refused as the provider refuses an unknown one, saying nothing of it.
      throw new ProviderRequestError(`No such payment method: '${paymentMethodId}'`);
    }
    // A card a confirmed SetupIntent saved is already the customer's (the provider attached it on
    // success, after the bank's checks); one tokenised without a setup is attached here, which
    // checks it with its bank: a declining card is refused.
    const card =
      owner === customerId
        ? found
        : await call(() => this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
    const saved = map.card(card);
    await call(() =>
      this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: card.id } }),
    );
    return saved;
  }

  async listCards(customerId: string): Promise<ProviderCard[]> {
    const page = await call(() => this.stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }));
    return page.data.map(map.card);
  }

  async detachCard(customerId: string, cardId: string): Promise<void> {
    const pm = await call(() => this.stripe.paymentMethods.retrieve(cardId));
    if (map.idOf(pm.customer) !== customerId) throw new ProviderRequestError(`No such payment method: '${cardId}'`);
    const owner = await this.customerObject(customerId);
    await call(() => this.stripe.paymentMethods.detach(cardId));
    // As the local provider does, another card takes the detached default's place (none: the default is cleared).
    if (map.idOf(owner.invoice_settings.default_payment_method) !== cardId) return;
    const [next] = await this.listCards(customerId);
    await call(() =>
      this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: next?.id ?? '' } }),
    );
  }

  async createSubscription(input: SubscriptionInput): Promise<ProviderSubscription> {
    const created = await call(() =>
      this.stripe.subscriptions.create({
        customer: input.customerId,
        items: [{ price: input.priceId, quantity: input.quantity }],
        // A first charge refused (or needing authentication) answers 402 and creates nothing.
        payment_behavior: 'error_if_incomplete',
        proration_behavior: 'create_prorations',
        ...(input.trialEnd !== null && { trial_end: map.seconds(input.trialEnd) }),
      }),
    );
    return map.subscription(created);
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    try {
      return map.subscription(await this.stripe.subscriptions.retrieve(subscriptionId));
    } catch (e) {
      if (isMissing(e)) return null;
      throw translate(e);
    }
  }

  async updateSubscription(subscriptionId: string, change: Change): Promise<ProviderSubscription> {
    const item = await this.item(subscriptionId);
    const updated = await call(() =>
      this.stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, ...itemChange(change) }],
        proration_behavior: 'create_prorations',
        // A change billed at once (a new interval) whose charge is refused changes nothing.
        payment_behavior: 'error_if_incomplete',
      }),
    );
    return map.subscription(updated);
  }

  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return this.setCancelAtPeriodEnd(subscriptionId, true);
  }

  resumeSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return this.setCancelAtPeriodEnd(subscriptionId, false);
  }

  async previewInvoice(subscriptionId: string, change: Change = {}): Promise<ProviderInvoice> {
    const changed = change.priceId !== undefined || change.quantity !== undefined;
    const item = changed ? await this.item(subscriptionId) : null;
    const preview = await call(() =>
      this.stripe.invoices.createPreview({
        subscription: subscriptionId,
        ...(item && {
          subscription_details: {
            items: [{ id: item.id, ...itemChange(change) }],
            proration_behavior: 'create_prorations',
          },
        }),
      }),
    );
    return map.invoice(preview, true);
  }

  async payInvoice(invoiceId: string): Promise<ProviderInvoice> {
    return map.invoice(await call(() => this.stripe.invoices.pay(invoiceId)));
  }

  async listInvoices(
    customerId: string,
    page: { limit: number; startingAfter?: string },
  ): Promise<{ invoices: ProviderInvoice[]; hasMore: boolean }> {
    const list = await call(() =>
      this.stripe.invoices.list({
        customer: customerId,
        limit: page.limit,
        ...(page.startingAfter !== undefined && { starting_after: page.startingAfter }),
      }),
    );
    return { invoices: list.data.map((inv) => map.invoice(inv)), hasMore: list.has_more };
  }

  async pay(
    customerId: string,
    amount: number,
    currency: string,
    description: string,
    metadata: Record<string, string>,
  ): Promise<ProviderPayment> {
    const owner = await this.customerObject(customerId);
    const paymentMethod = map.idOf(owner.invoice_settings.default_payment_method);
    if (!paymentMethod) throw new PaymentRefusedError('card_declined', NO_PAYMENT_SOURCE);
    // Off-session: a card that needs its holder's authentication is refused (402
    // authentication_required) rather than left waiting for a challenge no one will see.
    const intent = await call(() =>
      this.stripe.paymentIntents.create({
        amount,
        currency,
        customer: customerId,
        payment_method: paymentMethod,
        off_session: true,
        confirm: true,
        description,
        metadata,
      }),
    );
    if (intent.status !== 'succeeded') {
      throw new ProviderRequestError(`The payment '${intent.id}' did not succeed (${intent.status}).`);
    }
    return map.payment(intent, 'succeeded');
  }

  async refund(paymentId: string): Promise<ProviderPayment> {
    const refund = await call(() =>
      this.stripe.refunds.create({ payment_intent: paymentId, expand: ['payment_intent'] }),
    );
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new ProviderRequestError(
        `The refund of '${paymentId}' ${refund.status === 'failed' ? 'failed' : 'was canceled'}.`,
      );
    }
    const intent = refund.payment_intent;
    if (!intent || typeof intent === 'string')
      throw new ProviderRequestError(`The refund of '${paymentId}' has no payment.`);
    return map.payment(intent, 'refunded');
  }

  verifyEvent(rawBody: string, signatureHeader: string, now: number): ProviderEvent {
    const event = Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      this.webhookSecret,
      WEBHOOK_TOLERANCE_S,
      undefined,
      now,
    );
    const object = event.data.object as unknown;
    const isSubscription = event.type.startsWith('customer.subscription.');
    const isInvoice = event.type.startsWith('invoice.');
    return {
      id: event.id,
      type: event.type,
      created: map.ms(event.created),
      subscription: isSubscription ? map.subscription(object as Stripe.Subscription) : null,
      invoice: isInvoice ? invoiceOfEvent(object as Stripe.Invoice) : null,
    };
  }

  private async customerObject(customerId: string): Promise<Stripe.Customer> {
    const found = await call(() => this.stripe.customers.retrieve(customerId));
    if (found.deleted) throw new ProviderRequestError(`No such customer: '${customerId}'`);
    return found;
  }

  private async item(subscriptionId: string): Promise<Stripe.SubscriptionItem> {
    return map.firstItem(await call(() => this.stripe.subscriptions.retrieve(subscriptionId)));
  }

  private async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription> {
    const updated = await call(() =>
      this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
    );
    return map.subscription(updated);
  }
}

function itemChange(change: Change): { price?: string; quantity?: number } {
  return {
    ...(change.priceId !== undefined && { price: change.priceId }),
    ...(change.quantity !== undefined && { quantity: change.quantity }),
  };
}

/** An event's invoice: the upcoming one (`invoice.upcoming`) is a preview, with no id or an `upcoming_` one. */
function invoiceOfEvent(inv: Stripe.Invoice): ProviderInvoice {
  return map.invoice(inv, !inv.id || inv.id.startsWith('upcoming_'));
}
