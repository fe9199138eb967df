import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { memoryOrgWorld, postgresOrgWorld, seedOrgs, sqliteOrgWorld, type OrgSeed } from '../orgs/seed.test-util.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryBillingStore } from './memory.js';
import { PostgresBillingStore } from './postgres.js';
import { SqliteBillingStore } from './sqlite.js';
import type { BillingStore, OrgBilling } from './types.js';

const ORGS: OrgSeed[] = [
  { id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' },
  { id: 'other', fhirId: 'o2', name: 'Other', type: 'regular' },
];

/** Every BillingStore implementation. */
const implementations = await runnableImplementations<[string, () => Promise<BillingStore>]>('BillingStore contract', [
  [
    'memory',
    async () => {
      const db = new MemoryDatabase();
      await seedOrgs(memoryOrgWorld(db), ORGS);
      return new MemoryBillingStore(db);
    },
  ],
  [
    'sqlite',
    async () => {
      const db = openMemoryDatabase();
      await seedOrgs(sqliteOrgWorld(db), ORGS);
      return new SqliteBillingStore(db);
    },
  ],
  [
    'postgres',
    async () => {
      const db = await testPostgresDatabase();
      await seedOrgs(postgresOrgWorld(db), ORGS);
      return new PostgresBillingStore(db);
    },
  ],
]);

const account: OrgBilling = {
  orgId: 'office',
  provider: 'local',
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  priceId: 'price_1',
  quantity: 2,
  status: 'trialing',
  start: 100,
  currentPeriodStart: 100,
  currentPeriodEnd: 200,
  trialStart: 100,
  trialEnd: 200,
  cancelAtPeriodEnd: false,
  cancelledAt: null,
  reportedAt: 100,
  updatedAt: 100,
};

describe.each(implementations)('BillingStore contract (%s)', (_, make) => {
  it("keeps one account per organisation, found by the organisation and by the provider's customer", async () => {
    const store = await make();
    expect(await store.get('office')).toBeNull();
    await store.put(account);
    expect(await store.get('office')).toEqual(account);
    expect(await store.byCustomer('local', 'cus_1')).toEqual(account);
    expect(await store.byCustomer('stripe', 'cus_1')).toBeNull();
    await store.put({ ...account, status: 'active', cancelAtPeriodEnd: true, cancelledAt: 150, reportedAt: 150 });
    expect(await store.get('office')).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, cancelledAt: 150 });
    expect(await store.get('other')).toBeNull();
  });

  it('refuses a second organisation on the same provider customer', async () => {
    const store = await make();
    await store.put(account);
    await expect(store.put({ ...account, orgId: 'other' })).rejects.toThrow();
    expect(await store.get('other')).toBeNull();
  });

  it('claims an event id once per provider', async () => {
    const store = await make();
    expect(await store.claimEvent('local', 'evt_1', 'invoice.paid', 1)).toBe(true);
    expect(await store.claimEvent('local', 'evt_1', 'invoice.paid', 2)).toBe(false);
    expect(await store.claimEvent('stripe', 'evt_1', 'invoice.paid', 2)).toBe(true);
  });

  it('undoes a claim and an account of a failed transaction', async () => {
    const store = await make();
    await expect(
      store.transaction(async () => {
        await store.claimEvent('local', 'evt_2', 'customer.subscription.updated', 1);
        await store.put(account);
        throw new Error('failed');
      }),
    ).rejects.toThrow('failed');
    expect(await store.get('office')).toBeNull();
    expect(await store.claimEvent('local', 'evt_2', 'customer.subscription.updated', 3)).toBe(true);
  });
});
