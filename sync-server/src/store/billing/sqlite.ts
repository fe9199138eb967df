import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import { sqliteTransaction } from '../sqlite/transaction.js';
import type { BillingStore, OrgBilling } from './types.js';

interface Row {
  org_id: string;
  provider: OrgBilling['provider'];
  customer_id: string;
  subscription_id: string | null;
  price_id: string | null;
  quantity: number;
  status: OrgBilling['status'];
  start: number | null;
  current_period_start: number | null;
  current_period_end: number | null;
  trial_start: number | null;
  trial_end: number | null;
  cancel_at_period_end: number;
  cancelled_at: number | null;
  reported_at: number;
  updated_at: number;
}

const record = (r: Row): OrgBilling => ({
  orgId: r.org_id,
  provider: r.provider,
  customerId: r.customer_id,
  subscriptionId: r.subscription_id,
  priceId: r.price_id,
  quantity: r.quantity,
  status: r.status,
  start: r.start,
  currentPeriodStart: r.current_period_start,
  currentPeriodEnd: r.current_period_end,
  trialStart: r.trial_start,
  trialEnd: r.trial_end,
  cancelAtPeriodEnd: r.cancel_at_period_end === 1,
  cancelledAt: r.cancelled_at,
  reportedAt: r.reported_at,
  updatedAt: r.updated_at,
});

/** Organisations' provider accounts over better-sqlite3 (org_billing, billing_events; migration 102). */
export class SqliteBillingStore implements BillingStore {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return sqliteTransaction(this.db, fn);
  }

  get(orgId: string): Promise<OrgBilling | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM org_billing WHERE org_id = ?').get(orgId) as Row | undefined;
      return row ? record(row) : null;
    });
  }

  byCustomer(provider: OrgBilling['provider'], customerId: string): Promise<OrgBilling | null> {
    return serialized(this.db, () => {
      const row = this.db
        .prepare('SELECT * FROM org_billing WHERE provider = ? AND customer_id = ?')
        .get(provider, customerId) as Row | undefined;
      return row ? record(row) : null;
    });
  }

  put(b: OrgBilling): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO org_billing (org_id, provider, customer_id, subscription_id, price_id, quantity, status,
             start, current_period_start, current_period_end, trial_start, trial_end, cancel_at_period_end, cancelled_at,
             reported_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (org_id) DO UPDATE SET provider = excluded.provider, customer_id = excluded.customer_id,
             subscription_id = excluded.subscription_id, price_id = excluded.price_id, quantity = excluded.quantity,
             status = excluded.status, start = excluded.start, current_period_start = excluded.current_period_start,
             current_period_end = excluded.current_period_end, trial_start = excluded.trial_start,
             trial_end = excluded.trial_end, cancel_at_period_end = excluded.cancel_at_period_end,
             cancelled_at = excluded.cancelled_at, reported_at = excluded.reported_at, updated_at = excluded.updated_at`,
        )
        .run(
          b.orgId,
          b.provider,
          b.customerId,
          b.subscriptionId,
          b.priceId,
          b.quantity,
          b.status,
          b.start,
          b.currentPeriodStart,
          b.currentPeriodEnd,
          b.trialStart,
          b.trialEnd,
          b.cancelAtPeriodEnd ? 1 : 0,
          b.cancelledAt,
          b.reportedAt,
          b.updatedAt,
        );
    });
  }

  claimEvent(provider: OrgBilling['provider'], eventId: string, type: string, at: number): Promise<boolean> {
    return serialized(
      this.db,
      () =>
        this.db
          .prepare(
            `INSERT INTO billing_events (provider, event_id, type, processed_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (provider, event_id) DO NOTHING`,
          )
          .run(provider, eventId, type, at).changes === 1,
    );
  }
}
