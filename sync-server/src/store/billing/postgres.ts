import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { BillingStore, OrgBilling } from './types.js';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const record = (r: Record<string, unknown>): OrgBilling => ({
  orgId: r.org_id as string,
  provider: r.provider as OrgBilling['provider'],
  customerId: r.customer_id as string,
  subscriptionId: r.subscription_id as string | null,
  priceId: r.price_id as string | null,
  quantity: Number(r.quantity),
  status: r.status as OrgBilling['status'],
  start: num(r.start),
  currentPeriodStart: num(r.current_period_start),
  currentPeriodEnd: num(r.current_period_end),
  trialStart: num(r.trial_start),
  trialEnd: num(r.trial_end),
  cancelAtPeriodEnd: Number(r.cancel_at_period_end) === 1,
  cancelledAt: num(r.cancelled_at),
  reportedAt: Number(r.reported_at),
  updatedAt: Number(r.updated_at),
});

/**
 * Organisations' provider accounts on PostgreSQL (org_billing, billing_events; PG migration 102;
 * issue 43). An account is one upsert; an event is claimed by an insert that does nothing on
 * conflict, so of two instances handed one provider event one processes it.
 */
export class PostgresBillingStore implements BillingStore {
  constructor(private readonly db: PostgresDatabase) {}

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async get(orgId: string): Promise<OrgBilling | null> {
    const { rows } = await this.db.query('SELECT * FROM org_billing WHERE org_id = $1', [orgId]);
    return rows[0] ? record(rows[0]) : null;
  }

  async byCustomer(provider: OrgBilling['provider'], customerId: string): Promise<OrgBilling | null> {
    const { rows } = await this.db.query('SELECT * FROM org_billing WHERE provider = $1 AND customer_id = $2', [
      provider,
      customerId,
    ]);
    return rows[0] ? record(rows[0]) : null;
  }

  async put(b: OrgBilling): Promise<void> {
    await this.db.query(
      `INSERT INTO org_billing (org_id, provider, customer_id, subscription_id, price_id, quantity, status,
         start, current_period_start, current_period_end, trial_start, trial_end, cancel_at_period_end, cancelled_at,
         reported_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (org_id) DO UPDATE SET provider = excluded.provider, customer_id = excluded.customer_id,
         subscription_id = excluded.subscription_id, price_id = excluded.price_id, quantity = excluded.quantity,
         status = excluded.status, start = excluded.start, current_period_start = excluded.current_period_start,
         current_period_end = excluded.current_period_end, trial_start = excluded.trial_start,
         trial_end = excluded.trial_end, cancel_at_period_end = excluded.cancel_at_period_end,
         cancelled_at = excluded.cancelled_at, reported_at = excluded.reported_at, updated_at = excluded.updated_at`,
      [
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
      ],
    );
  }

  async claimEvent(provider: OrgBilling['provider'], eventId: string, type: string, at: number): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `INSERT INTO billing_events (provider, event_id, type, processed_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (provider, event_id) DO NOTHING`,
      [provider, eventId, type, at],
    );
    return rowCount === 1;
  }
}
