import type { SubscriptionStatusName } from '@vigil/shared';
import type { UnitOfWork } from '../unit-of-work.js';

/*
 * An organisation's account at the payment provider (issue 37): its customer, its subscription
 * as the provider last reported it (through a signed event or the answer to a call), and the
 * provider events already processed, so each is processed once. The organisation's own
 * subscriptionStatus, trialEnd and planId (store/orgs/) are what access reads; the billing
 * service writes both in one unit of work.
 */

export interface OrgBilling {
  orgId: string;
  provider: 'local' | 'stripe';
  customerId: string;
  subscriptionId: string | null;
  priceId: string | null;
  /** Providers billed. */
  quantity: number;
  status: SubscriptionStatusName;
  start: number | null;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  trialStart: number | null;
  trialEnd: number | null;
  cancelAtPeriodEnd: boolean;
  cancelledAt: number | null;
  /** The provider's time of the report this row holds: an older report never overwrites a newer one. */
  reportedAt: number;
  updatedAt: number;
}

export interface BillingStore extends UnitOfWork {
  get(orgId: string): Promise<OrgBilling | null>;
  byCustomer(provider: OrgBilling['provider'], customerId: string): Promise<OrgBilling | null>;
  /** Inserts or replaces the organisation's row; a provider customer already held by another organisation is refused. */
  put(billing: OrgBilling): Promise<void>;
  /** Records a provider event as processed: true the first time its id is seen, false after. */
  claimEvent(provider: OrgBilling['provider'], eventId: string, type: string, at: number): Promise<boolean>;
}
