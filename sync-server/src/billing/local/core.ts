import { randomBytes } from 'node:crypto';
import type { LocalPaymentKind, LocalPaymentStore } from '../../store/payments-local/types.js';
import {
  PaymentRefusedError,
  ProviderRequestError,
  type ProviderCard,
  type ProviderCustomer,
  type ProviderInvoice,
  type ProviderInvoiceLine,
  type ProviderPayment,
  type ProviderPrice,
  type ProviderSubscription,
} from '../provider.js';
import { chargeRefusal, type CardBehaviour } from './cards.js';

/** A card as the local provider keeps it: what it reports, its owner, and what it does when charged. */
export interface StoredCard extends ProviderCard {
  customerId: string | null;
  behaviour: CardBehaviour;
  created: number;
}

export interface StoredCustomer extends ProviderCustomer {
  orgId: string;
  created: number;
}

/** A subscription and what the next invoice owes besides its period (prorations), plus lifecycle marks. */
export interface StoredSubscription extends ProviderSubscription {
  pendingLines: ProviderInvoiceLine[];
  trialWillEndSent: boolean;
  /** When it fell past due (it turns unpaid after PAST_DUE_GRACE_MS). */
  pastDueSince: number | null;
}

/** The kinds of object the local provider stores, by their stored shape. */
export interface LocalObjects {
  customer: StoredCustomer;
  card: StoredCard;
  price: ProviderPrice;
  subscription: StoredSubscription;
  invoice: ProviderInvoice & { id: string };
  payment: ProviderPayment;
}

/** The event body the local provider signs and posts: the real provider's envelope around Vigil's shapes. */
export interface LocalEventBody {
  id: string;
  object: 'event';
  type: string;
  /** Seconds, as the real provider's events. */
  created: number;
  data: { object: ProviderSubscription | ProviderInvoice };
}

const PREFIX: Readonly<Record<LocalPaymentKind, string>> = {
  customer: 'cus',
  card: 'pm',
  price: 'price',
  subscription: 'sub',
  invoice: 'in',
  payment: 'pi',
};

/** The local provider's common steps: its clock, ids, objects, events and charges. */
export class LocalCore {
  constructor(
    readonly store: LocalPaymentStore,
    private readonly realNow: () => number,
  ) {}

  /** The provider's clock: real time plus the offset tests advance it by. */
  async clock(): Promise<number> {
    return this.realNow() + (await this.store.clockOffset());
  }

  newId(kind: LocalPaymentKind | 'event'): string {
    return `${kind === 'event' ? 'evt' : PREFIX[kind]}_local${randomBytes(12).toString('hex')}`;
  }

  async get<K extends LocalPaymentKind>(kind: K, id: string): Promise<LocalObjects[K]> {
    const found = await this.store.get<LocalObjects[K]>(kind, id);
    if (!found) throw new ProviderRequestError(`No such ${kind}: '${id}'`);
    return found;
  }

  async put<K extends LocalPaymentKind>(
    kind: K,
    object: LocalObjects[K] & { id: string },
    customerId: string | null,
    created: number,
  ): Promise<void> {
    await this.store.put({ kind, id: object.id, customerId, created }, object);
  }

  /** Queues an event (sent after the transaction commits, by the sender), in the real provider's envelope. */
  async emit(type: string, object: ProviderSubscription | ProviderInvoice, at: number): Promise<void> {
    const id = this.newId('event');
    const body: LocalEventBody = { id, object: 'event', type, created: Math.floor(at / 1000), data: { object } };
    await this.store.queueEvent({ id, created: this.realNow(), body: JSON.stringify(body) });
  }

  /**
   * Charges a customer's default card: answers the payment, or throws PaymentRefusedError with the
   * card's refusal (nothing stored). A customer without a card is refused as a decline.
   */
  async charge(customerId: string, amount: number, currency: string, at: number): Promise<ProviderPayment> {
    const customer = await this.get('customer', customerId);
    const card = customer.defaultCardId ? await this.store.get<StoredCard>('card', customer.defaultCardId) : null;
    if (!card) throw new PaymentRefusedError('card_declined', 'This customer has no attached payment source.');
    const refusal = chargeRefusal(card.behaviour);
    if (refusal) throw new PaymentRefusedError(refusal.code, refusal.message);
    const payment: ProviderPayment = {
      id: this.newId('payment'),
      customerId,
      amount,
      currency,
      status: 'succeeded',
      created: at,
    };
    await this.put('payment', payment, customerId, at);
    return payment;
  }

  /** Stores an invoice: paid when its amount is 0 or `paid`, else open and due now. */
  async invoice(
    sub: ProviderSubscription,
    lines: ProviderInvoiceLine[],
    period: { start: number; end: number },
    at: number,
    paid: boolean,
  ): Promise<LocalObjects['invoice']> {
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    const amountDue = Math.max(0, total);
    const id = this.newId('invoice');
    const isPaid = paid || amountDue === 0;
    const invoice: LocalObjects['invoice'] = {
      id,
      customerId: sub.customerId,
      subscriptionId: sub.id,
      status: isPaid ? 'paid' : 'open',
      currency: 'usd',
      total,
      amountDue,
      amountPaid: isPaid ? amountDue : 0,
      created: at,
      dueDate: isPaid ? null : at,
      periodStart: period.start,
      periodEnd: period.end,
      hostedUrl: `/api/billing/local/invoices/${id}`,
      // The same page printed (routes/billing.ts), as the real provider's invoice_pdf.
      pdfUrl: `/api/billing/local/invoices/${id}/pdf`,
      lines,
    };
    await this.put('invoice', invoice, sub.customerId, at);
    return invoice;
  }
}

/** The subscription as the provider reports it (its lifecycle marks left out). */
export function reported(sub: StoredSubscription): ProviderSubscription {
  const { pendingLines: _lines, trialWillEndSent: _sent, pastDueSince: _since, ...rest } = sub;
  return rest;
}
