import {
  PaymentRefusedError,
  ProviderRequestError,
  type ProviderInvoice,
  type ProviderInvoiceLine,
  type ProviderPrice,
  type ProviderSubscription,
  type SubscriptionInput,
} from '../provider.js';
import { reported, type LocalCore, type StoredSubscription } from './core.js';
import { addInterval, PAST_DUE_GRACE_MS, prorations, TRIAL_WILL_END_MS } from './periods.js';

type Change = { priceId?: string; quantity?: number };

const periodLine = (price: ProviderPrice, quantity: number): ProviderInvoiceLine => ({
  description: `${quantity} × ${price.productName} (per provider, per ${price.interval})`,
  quantity,
  amount: price.amount * quantity,
  proration: false,
});

const label = (price: ProviderPrice, quantity: number): string => `${quantity} × ${price.productName}`;

/** Lines owed: when they total below zero, the rest is carried to the next invoice as a credit. */
function carried(lines: ProviderInvoiceLine[]): ProviderInvoiceLine[] {
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  return total < 0 ? [{ description: 'Credit carried over', quantity: 1, amount: total, proration: true }] : [];
}

/**
 * The local provider's subscriptions (issue 37): created with or without a trial, changed with
 * prorations (a change of interval starts a new period, invoiced at once), cancelled at the
 * period's end and resumed, and moved through their lifecycle by `tick` on the provider's clock
 * (trial_will_end 3 days before a trial ends; renewal charges; past due, then unpaid after 14
 * days; ended at the period's end when cancelled). Each step is one transaction with its events.
 */
export class LocalSubscriptions {
  constructor(private readonly core: LocalCore) {}

  create(input: SubscriptionInput): Promise<ProviderSubscription> {
    const core = this.core;
    return core.store.transaction(async () => {
      const at = await core.clock();
      const price = await core.get('price', input.priceId);
      if (!price.active) throw new ProviderRequestError(`The price '${price.id}' is archived.`);
      if (!Number.isInteger(input.quantity) || input.quantity < 0) throw new ProviderRequestError('Invalid quantity.');
      await core.get('customer', input.customerId);
      const trial = input.trialEnd !== null && input.trialEnd > at;
      const end = trial ? input.trialEnd! : addInterval(at, price.interval);
      const lines = trial ? [] : [periodLine(price, input.quantity)];
      const total = price.amount * input.quantity;
      if (!trial && total > 0) await core.charge(input.customerId, total, price.currency, at);
      const sub: StoredSubscription = {
        id: core.newId('subscription'),
        customerId: input.customerId,
        status: trial ? 'trialing' : 'active',
        priceId: price.id,
        quantity: input.quantity,
        start: at,
        currentPeriodStart: at,
        currentPeriodEnd: end,
        trialStart: trial ? at : null,
        trialEnd: trial ? end : null,
        cancelAtPeriodEnd: false,
        cancelledAt: null,
        pendingLines: [],
        trialWillEndSent: false,
        pastDueSince: null,
      };
      await core.put('subscription', sub, sub.customerId, at);
      const invoice = await core.invoice(sub, lines, { start: at, end }, at, true);
      await core.emit('customer.subscription.created', reported(sub), at);
      await core.emit('invoice.paid', invoice, at);
      return reported(sub);
    });
  }

  update(id: string, change: Change): Promise<ProviderSubscription> {
    const core = this.core;
    return core.store.transaction(async () => {
      const at = await core.clock();
      const sub = await this.live(id, 'updated');
      const old = await core.get('price', sub.priceId);
      const next = change.priceId ? await core.get('price', change.priceId) : old;
      if (next.id !== old.id && !next.active) throw new ProviderRequestError(`The price '${next.id}' is archived.`);
      const quantity = change.quantity ?? sub.quantity;
      if (!Number.isInteger(quantity) || quantity < 0) throw new ProviderRequestError('Invalid quantity.');
      const lines = this.changeLines(sub, old, next, quantity, at);
      if (sub.status !== 'trialing' && next.interval !== old.interval) {
        // A new interval starts a new period now, invoiced at once (a refused card changes nothing).
        const total = lines.reduce((sum, l) => sum + l.amount, 0);
        if (total > 0) await core.charge(sub.customerId, total, next.currency, at);
        const period = { start: at, end: addInterval(at, next.interval) };
        Object.assign(sub, {
          currentPeriodStart: period.start,
          currentPeriodEnd: period.end,
          pendingLines: carried(lines),
        });
        await core.emit('invoice.paid', await core.invoice(sub, lines, period, at, true), at);
      } else if (sub.status !== 'trialing') {
        sub.pendingLines = [...sub.pendingLines, ...lines];
      }
      Object.assign(sub, { priceId: next.id, quantity });
      await core.put('subscription', sub, sub.customerId, at);
      await core.emit('customer.subscription.updated', reported(sub), at);
      return reported(sub);
    });
  }

  /** Cancels at the period's end (for a trial: at the trial's end). */
  cancel(id: string): Promise<ProviderSubscription> {
    return this.mark(id, true);
  }

  resume(id: string): Promise<ProviderSubscription> {
    return this.mark(id, false);
  }

  async preview(id: string, change: Change = {}): Promise<ProviderInvoice> {
    const core = this.core;
    const at = await core.clock();
    const sub = await core.get('subscription', id);
    if (
      sub.status === 'canceled' ||
      (sub.cancelAtPeriodEnd && change.priceId === undefined && change.quantity === undefined)
    ) {
      throw new ProviderRequestError('No upcoming invoice: the subscription ends at its period end.');
    }
    const old = await core.get('price', sub.priceId);
    const next = change.priceId ? await core.get('price', change.priceId) : old;
    const quantity = change.quantity ?? sub.quantity;
    const now = sub.status !== 'trialing' && next.interval !== old.interval;
    const start = now ? at : sub.currentPeriodEnd;
    const lines = now
      ? this.changeLines(sub, old, next, quantity, at)
      : sub.status === 'trialing'
        ? [periodLine(next, quantity)]
        : [...sub.pendingLines, ...this.changeLines(sub, old, next, quantity, at), periodLine(next, quantity)];
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    return {
      id: null,
      customerId: sub.customerId,
      subscriptionId: sub.id,
      status: 'draft',
      currency: next.currency,
      total,
      amountDue: Math.max(0, total),
      amountPaid: 0,
      created: at,
      dueDate: start,
      periodStart: start,
      periodEnd: addInterval(start, next.interval),
      hostedUrl: null,
      pdfUrl: null,
      lines,
    };
  }

  payInvoice(invoiceId: string): Promise<ProviderInvoice> {
    const core = this.core;
    return core.store.transaction(async () => {
      const at = await core.clock();
      const invoice = await core.get('invoice', invoiceId);
      if (invoice.status !== 'open') throw new ProviderRequestError(`The invoice '${invoiceId}' is not open.`);
      await core.charge(invoice.customerId, invoice.amountDue, invoice.currency, at);
      const paid = { ...invoice, status: 'paid' as const, amountPaid: invoice.amountDue };
      await core.put('invoice', paid, paid.customerId, paid.created);
      await core.emit('invoice.paid', paid, at);
      if (invoice.subscriptionId) {
        const sub = await core.get('subscription', invoice.subscriptionId);
        if (sub.status === 'past_due' || sub.status === 'unpaid') {
          Object.assign(sub, { status: 'active', pastDueSince: null });
          await core.put('subscription', sub, sub.customerId, sub.start);
          await core.emit('customer.subscription.updated', reported(sub), at);
        }
      }
      return paid;
    });
  }

  /** Moves every subscription through what is due at the provider's clock. */
  async tick(): Promise<void> {
    let after: string | undefined;
    for (;;) {
      const page = await this.core.store.list<StoredSubscription>('subscription', { limit: 100, startingAfter: after });
      for (const sub of page.items) await this.core.store.transaction(() => this.advance(sub.id));
      if (!page.hasMore || page.items.length === 0) return;
      after = page.items.at(-1)!.id;
    }
  }

  private async advance(id: string): Promise<void> {
    const core = this.core;
    const at = await core.clock();
    const sub = await core.get('subscription', id);
    if (sub.status === 'canceled') return;
    if (
      sub.status === 'trialing' &&
      !sub.trialWillEndSent &&
      sub.trialEnd! - TRIAL_WILL_END_MS <= at &&
      at < sub.trialEnd!
    ) {
      sub.trialWillEndSent = true;
      await core.put('subscription', sub, sub.customerId, sub.start);
      await core.emit('customer.subscription.trial_will_end', reported(sub), at);
    }
    while (sub.currentPeriodEnd <= at) {
      if (sub.cancelAtPeriodEnd) {
        sub.status = 'canceled';
        await core.put('subscription', sub, sub.customerId, sub.start);
        await core.emit('customer.subscription.deleted', reported(sub), sub.currentPeriodEnd);
        return;
      }
      await this.renew(sub);
    }
    if (sub.status === 'past_due' && sub.pastDueSince !== null && sub.pastDueSince + PAST_DUE_GRACE_MS <= at) {
      sub.status = 'unpaid';
      await core.put('subscription', sub, sub.customerId, sub.start);
      await core.emit('customer.subscription.updated', reported(sub), at);
    }
  }

  /** Bills the next period from the current one's end: paid and active, or open and past due. */
  private async renew(sub: StoredSubscription): Promise<void> {
    const core = this.core;
    const price = await core.get('price', sub.priceId);
    const start = sub.currentPeriodEnd;
    const period = { start, end: addInterval(start, price.interval) };
    const lines = [...sub.pendingLines, periodLine(price, sub.quantity)];
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    let paid = true;
    try {
      if (total > 0) await core.charge(sub.customerId, total, price.currency, start);
    } catch (e) {
      if (!(e instanceof PaymentRefusedError)) throw e;
      paid = false;
    }
    Object.assign(sub, {
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      pendingLines: carried(lines),
      status: paid ? 'active' : sub.status === 'unpaid' ? 'unpaid' : 'past_due',
      pastDueSince: paid ? null : (sub.pastDueSince ?? start),
    });
    await core.put('subscription', sub, sub.customerId, sub.start);
    const invoice = await core.invoice(sub, lines, period, start, paid);
    await core.emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice, start);
    await core.emit('customer.subscription.updated', reported(sub), start);
  }

  private async live(id: string, what: string): Promise<StoredSubscription> {
    const sub = await this.core.get('subscription', id);
    if (sub.status === 'canceled') throw new ProviderRequestError(`A canceled subscription cannot be ${what}.`);
    return sub;
  }

  /** What a change owes: in a trial nothing; a new interval: credit for the unused time and the new period; else prorations. */
  private changeLines(
    sub: StoredSubscription,
    old: ProviderPrice,
    next: ProviderPrice,
    quantity: number,
    at: number,
  ): ProviderInvoiceLine[] {
    if (sub.status === 'trialing') return [];
    const period = { start: sub.currentPeriodStart, end: sub.currentPeriodEnd };
    const oldTotal = old.amount * sub.quantity;
    if (next.interval !== old.interval) {
      const credit = prorations(
        { oldTotal, newTotal: 0, oldLabel: label(old, sub.quantity), newLabel: '' },
        period,
        at,
      );
      return [...sub.pendingLines, ...credit, periodLine(next, quantity)];
    }
    if (next.id === old.id && quantity === sub.quantity) return [];
    const change = {
      oldTotal,
      newTotal: next.amount * quantity,
      oldLabel: label(old, sub.quantity),
      newLabel: label(next, quantity),
    };
    return prorations(change, period, at);
  }

  private mark(id: string, cancel: boolean): Promise<ProviderSubscription> {
    const core = this.core;
    return core.store.transaction(async () => {
      const at = await core.clock();
      const sub = await this.live(id, cancel ? 'cancelled' : 'resumed');
      Object.assign(sub, { cancelAtPeriodEnd: cancel, cancelledAt: cancel ? at : null });
      await core.put('subscription', sub, sub.customerId, sub.start);
      await core.emit('customer.subscription.updated', reported(sub), at);
      return reported(sub);
    });
  }
}
