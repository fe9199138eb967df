import type { UnitOfWork } from '../unit-of-work.js';

/*
 * The local payment provider's own state (issue 37; billing/local/): what a real provider keeps
 * on its side (customers, cards, prices, subscriptions, invoices, payments), the events it has to
 * send and its clock's offset. Objects are stored whole (JSON), by kind and id, as the provider's
 * API answers them; the provider's logic lives in billing/local/, never here. Async and
 * transactional (a UnitOfWork), so another implementation passes contract.test.ts.
 */

export const LOCAL_PAYMENT_KINDS = ['customer', 'card', 'price', 'subscription', 'invoice', 'payment'] as const;
export type LocalPaymentKind = (typeof LOCAL_PAYMENT_KINDS)[number];

export interface LocalObjectMeta {
  kind: LocalPaymentKind;
  id: string;
  /** The customer it belongs to (null for a price). */
  customerId: string | null;
  /** Epoch ms on the provider's clock; lists are newest first. */
  created: number;
}

export interface LocalEvent {
  id: string;
  /** The event's JSON as it is sent (signed as these exact bytes). */
  body: string;
  attempts: number;
}

export interface LocalPaymentStore extends UnitOfWork {
  get<T>(kind: LocalPaymentKind, id: string): Promise<T | null>;
  /** Inserts or replaces an object (and its customer: a card is attached); its created time is kept from the first write. */
  put(meta: LocalObjectMeta, body: unknown): Promise<void>;
  /** Newest first (created, then the order they were first stored, descending); `startingAfter` is the last id of the previous page. */
  list<T>(
    kind: LocalPaymentKind,
    query: { customerId?: string; limit: number; startingAfter?: string },
  ): Promise<{ items: T[]; hasMore: boolean }>;
  /** Queues an event to send, in order; an id queued twice is kept once. */
  queueEvent(event: { id: string; created: number; body: string }): Promise<void>;
  /** Events not delivered whose next attempt is due, oldest first. */
  dueEvents(now: number, limit: number): Promise<LocalEvent[]>;
  markDelivered(id: string, at: number): Promise<void>;
  /** A failed delivery: tried again at `nextAttemptAt`. */
  markFailed(id: string, nextAttemptAt: number): Promise<void>;
  /** How far the provider's clock runs ahead of real time (tests advance it), ms. */
  clockOffset(): Promise<number>;
  setClockOffset(ms: number): Promise<void>;
}
