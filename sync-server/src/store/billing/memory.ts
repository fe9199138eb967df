import { MemoryDatabase } from '../memory/database.js';
import type { BillingStore, OrgBilling } from './types.js';

interface State {
  accounts: OrgBilling[];
  events: string[];
}

/** Organisations' provider accounts in memory: the second implementation of the contract. */
export class MemoryBillingStore implements BillingStore {
  private readonly state;

  constructor(private readonly db = new MemoryDatabase()) {
    this.state = db.table<State>({ accounts: [], events: [] });
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  get(orgId: string): Promise<OrgBilling | null> {
    return this.db.run(() => structuredClone(this.state.value.accounts.find((a) => a.orgId === orgId) ?? null));
  }

  byCustomer(provider: OrgBilling['provider'], customerId: string): Promise<OrgBilling | null> {
    return this.db.run(() =>
      structuredClone(
        this.state.value.accounts.find((a) => a.provider === provider && a.customerId === customerId) ?? null,
      ),
    );
  }

  put(billing: OrgBilling): Promise<void> {
    return this.db.run(() => {
      const clash = this.state.value.accounts.find(
        (a) => a.orgId !== billing.orgId && a.provider === billing.provider && a.customerId === billing.customerId,
      );
      if (clash) throw new Error('UNIQUE constraint failed: org_billing.provider, org_billing.customer_id');
      this.state.value.accounts = [
        ...this.state.value.accounts.filter((a) => a.orgId !== billing.orgId),
        structuredClone(billing),
      ];
    });
  }

  claimEvent(provider: OrgBilling['provider'], eventId: string): Promise<boolean> {
    return this.db.run(() => {
      const key = `${provider}:${eventId}`;
      if (this.state.value.events.includes(key)) return false;
      this.state.value.events.push(key);
      return true;
    });
  }
}
