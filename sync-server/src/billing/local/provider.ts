import Stripe from 'stripe';
import type { LocalPaymentStore } from '../../store/payments-local/types.js';
import {
  PaymentRefusedError,
  ProviderRequestError,
  type CustomerInput,
  type PaymentProvider,
  type PostalAddress,
  type ProviderCard,
  type ProviderCustomer,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderPayment,
  type ProviderPrice,
  type ProviderSubscription,
  type SubscriptionInput,
} from '../provider.js';
import { taxLocatable } from './address.js';
import { checkCard, REFUSAL_TEXTS, type CardEntry } from './cards.js';
import {
  LocalCore,
  reported,
  type LocalEventBody,
  type StoredCard,
  type StoredCustomer,
  type StoredSubscription,
} from './core.js';
import { LocalSubscriptions } from './subscriptions.js';

/** How old a signed event may be when it arrives (the real provider's library default: 5 minutes). */
export const WEBHOOK_TOLERANCE_S = 300;

const card = ({ id, brand, last4, expMonth, expYear }: StoredCard): ProviderCard => ({
  id,
  brand,
  last4,
  expMonth,
  expYear,
});
const customer = ({ orgId: _org, created: _created, ...rest }: StoredCustomer): ProviderCustomer => rest;

function checkAddress(address: PostalAddress | null | undefined): void {
  if (address && !taxLocatable(address)) {
    throw new PaymentRefusedError('invalid_address_for_tax', REFUSAL_TEXTS.invalid_address_for_tax);
  }
}

/**
 * The local payment provider (issue 37), the default when no real provider is configured: it
 * behaves as the real one in test mode (its test cards, prorations, trial and renewal lifecycle,
 * events signed with its scheme and posted to the server's webhook) and keeps its state in the
 * server's database (store/payments-local/). `tokenizeCard` stands in for the provider's browser
 * script: the card's number goes to the provider, never to Vigil's own records.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local';
  private readonly core: LocalCore;
  private readonly subscriptions: LocalSubscriptions;

  constructor(
    store: LocalPaymentStore,
    private readonly webhookSecret: string,
    realNow: () => number = Date.now,
  ) {
    this.core = new LocalCore(store, realNow);
    this.subscriptions = new LocalSubscriptions(this.core);
  }

  /** The provider's clock (real time plus what tests advanced it by). */
  clock(): Promise<number> {
    return this.core.clock();
  }

  /** Moves the provider's clock forward and runs what falls due (tests and demos: "the day a trial ends"). */
  async advanceClock(ms: number): Promise<void> {
    if (!Number.isInteger(ms) || ms < 0) throw new ProviderRequestError('The clock only moves forward.');
    await this.core.store.setClockOffset((await this.core.store.clockOffset()) + ms);
    await this.subscriptions.tick();
  }

  /** Runs what is due at the provider's clock (the server calls it every minute). */
  tick(): Promise<void> {
    return this.subscriptions.tick();
  }

  /** A card entered in the browser, turned into a payment method id (refused: incorrect, expired, not a test card). */
  async tokenizeCard(entry: CardEntry): Promise<ProviderCard> {
    const at = await this.core.clock();
    const checked = checkCard(entry, at);
    if (!checked.ok) throw new PaymentRefusedError(checked.code, checked.message);
    const stored: StoredCard = {
      id: this.core.newId('card'),
      brand: checked.brand,
      last4: checked.last4,
      expMonth: entry.expMonth,
      expYear: entry.expYear < 100 ? 2000 + entry.expYear : entry.expYear,
      customerId: null,
      behaviour: checked.behaviour,
      created: at,
    };
    await this.core.put('card', stored, null, at);
    return card(stored);
  }

  async createPrice(input: Omit<ProviderPrice, 'id' | 'active'>): Promise<ProviderPrice> {
    if (!Number.isInteger(input.amount) || input.amount < 0) throw new ProviderRequestError('Invalid amount.');
    const price: ProviderPrice = { ...input, id: this.core.newId('price'), active: true };
    await this.core.put('price', price, null, await this.core.clock());
    return price;
  }

  async archivePrice(priceId: string): Promise<void> {
    const price = await this.core.get('price', priceId);
    await this.core.put('price', { ...price, active: false }, null, 0);
  }

  async createCustomer(input: CustomerInput): Promise<ProviderCustomer> {
    checkAddress(input.billingAddress);
    checkAddress(input.shipping?.address);
    const at = await this.core.clock();
    const stored: StoredCustomer = {
      id: this.core.newId('customer'),
      email: input.email,
      name: input.name,
      billingAddress: input.billingAddress ?? null,
      shipping: input.shipping ?? null,
      defaultCardId: null,
      orgId: input.orgId,
      created: at,
    };
    await this.core.put('customer', stored, stored.id, at);
    return customer(stored);
  }

  async updateCustomer(customerId: string, input: Partial<Omit<CustomerInput, 'orgId'>>): Promise<ProviderCustomer> {
    checkAddress(input.billingAddress);
    checkAddress(input.shipping?.address);
    return this.core.store.transaction(async () => {
      const stored = await this.core.get('customer', customerId);
      const next: StoredCustomer = {
        ...stored,
        ...(input.email !== undefined && { email: input.email }),
        ...(input.name !== undefined && { name: input.name }),
        ...(input.billingAddress !== undefined && { billingAddress: input.billingAddress }),
        ...(input.shipping !== undefined && { shipping: input.shipping }),
      };
      await this.core.put('customer', next, customerId, stored.created);
      return customer(next);
    });
  }

  async getCustomer(customerId: string): Promise<ProviderCustomer | null> {
    const stored = await this.core.store.get<StoredCustomer>('customer', customerId);
    return stored ? customer(stored) : null;
  }

  /** No browser step of its own: its card entry route tokenises the card (the client keeps its own form). */
  createCardSetup(customerId: string): Promise<null> {
    return this.core.get('customer', customerId).then(() => null);
  }

  attachCard(customerId: string, paymentMethodId: string): Promise<ProviderCard> {
    return this.core.store.transaction(async () => {
      const owner = await this.core.get('customer', customerId);
      const stored = await this.core.get('card', paymentMethodId);
      if (stored.customerId !== null && stored.customerId !== customerId) {
        throw new ProviderRequestError(`No such payment method: '${paymentMethodId}'`);
      }
      // Saving a card checks it with the bank: a declining card is refused here.
      if (stored.behaviour === 'declined') throw new PaymentRefusedError('card_declined', REFUSAL_TEXTS.card_declined);
      await this.core.put('card', { ...stored, customerId }, customerId, stored.created);
      await this.core.put('customer', { ...owner, defaultCardId: stored.id }, customerId, owner.created);
      return card(stored);
    });
  }

  async listCards(customerId: string): Promise<ProviderCard[]> {
    const { items } = await this.core.store.list<StoredCard>('card', { customerId, limit: 100 });
    return items.map(card);
  }

  detachCard(customerId: string, cardId: string): Promise<void> {
    return this.core.store.transaction(async () => {
      const stored = await this.core.get('card', cardId);
      if (stored.customerId !== customerId) throw new ProviderRequestError(`No such payment method: '${cardId}'`);
      const owner = await this.core.get('customer', customerId);
      await this.core.put('card', { ...stored, customerId: null }, null, stored.created);
      if (owner.defaultCardId === cardId) {
        const others = (await this.listCards(customerId)).filter((c) => c.id !== cardId);
        await this.core.put('customer', { ...owner, defaultCardId: others[0]?.id ?? null }, customerId, owner.created);
      }
    });
  }

  createSubscription(input: SubscriptionInput): Promise<ProviderSubscription> {
    return this.subscriptions.create(input);
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    const found = await this.core.store.get<StoredSubscription>('subscription', subscriptionId);
    return found ? reported(found) : null;
  }

  updateSubscription(
    subscriptionId: string,
    change: { priceId?: string; quantity?: number },
  ): Promise<ProviderSubscription> {
    return this.subscriptions.update(subscriptionId, change);
  }

  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return this.subscriptions.cancel(subscriptionId);
  }

  resumeSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return this.subscriptions.resume(subscriptionId);
  }

  previewInvoice(subscriptionId: string, change?: { priceId?: string; quantity?: number }): Promise<ProviderInvoice> {
    return this.subscriptions.preview(subscriptionId, change);
  }

  payInvoice(invoiceId: string): Promise<ProviderInvoice> {
    return this.subscriptions.payInvoice(invoiceId);
  }

  async getInvoice(invoiceId: string): Promise<ProviderInvoice | null> {
    return this.core.store.get<ProviderInvoice>('invoice', invoiceId);
  }

  async listInvoices(
    customerId: string,
    page: { limit: number; startingAfter?: string },
  ): Promise<{ invoices: ProviderInvoice[]; hasMore: boolean }> {
    const { items, hasMore } = await this.core.store.list<ProviderInvoice>('invoice', { customerId, ...page });
    return { invoices: items, hasMore };
  }

  pay(
    customerId: string,
    amount: number,
    currency: string,
    _description: string,
    _metadata: Record<string, string>,
  ): Promise<ProviderPayment> {
    if (!Number.isInteger(amount) || amount <= 0) return Promise.reject(new ProviderRequestError('Invalid amount.'));
    return this.core.store.transaction(async () =>
      this.core.charge(customerId, amount, currency, await this.core.clock()),
    );
  }

  refund(paymentId: string): Promise<ProviderPayment> {
    return this.core.store.transaction(async () => {
      const payment = await this.core.get('payment', paymentId);
      if (payment.status === 'refunded')
        throw new ProviderRequestError(`The payment '${paymentId}' is already refunded.`);
      const refunded: ProviderPayment = { ...payment, status: 'refunded' };
      await this.core.put('payment', refunded, payment.customerId, payment.created);
      return refunded;
    });
  }

  verifyEvent(rawBody: string, signatureHeader: string, now: number): ProviderEvent {
    // The real provider's library checks the signature scheme both providers use (and the timestamp).
    Stripe.webhooks.signature!.verifyHeader(
      rawBody,
      signatureHeader,
      this.webhookSecret,
      WEBHOOK_TOLERANCE_S,
      undefined,
      now,
    );
    const body = JSON.parse(rawBody) as LocalEventBody;
    const object = body.data.object;
    const isInvoice = body.type.startsWith('invoice.');
    return {
      id: body.id,
      type: body.type,
      created: body.created * 1000,
      subscription: isInvoice ? null : (object as ProviderSubscription),
      invoice: isInvoice ? (object as ProviderInvoice) : null,
    };
  }

  /** The signature header the provider sends with an event's body (its own scheme, timed by real time). */
  sign(rawBody: string, realNow: number): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: this.webhookSecret,
      timestamp: Math.floor(realNow / 1000),
    });
  }
}
