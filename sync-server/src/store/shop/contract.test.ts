import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { memoryOrgWorld, postgresOrgWorld, seedOrgs, sqliteOrgWorld, type OrgSeed } from '../orgs/seed.test-util.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryShopStore } from './memory.js';
import { PostgresShopStore } from './postgres.js';
import { SqliteShopStore } from './sqlite.js';
import type { NewOrder, ProductRecord, ShopStore } from './types.js';

const ORGS: OrgSeed[] = [
  { id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' },
  { id: 'other', fhirId: 'o2', name: 'Other', type: 'regular' },
];

/** Every ShopStore implementation. */
const implementations = await runnableImplementations<[string, () => Promise<ShopStore>]>('ShopStore contract', [
  [
    'memory',
    async () => {
      const db = new MemoryDatabase();
      await seedOrgs(memoryOrgWorld(db), ORGS);
      return new MemoryShopStore(db);
    },
  ],
  [
    'sqlite',
    async () => {
      const db = openMemoryDatabase();
      await seedOrgs(sqliteOrgWorld(db), ORGS);
      return new SqliteShopStore(db);
    },
  ],
  [
    'postgres',
    async () => {
      const db = await testPostgresDatabase();
      await seedOrgs(postgresOrgWorld(db), ORGS);
      return new PostgresShopStore(db);
    },
  ],
]);

const product = (id: string, name: string, stock: number, active = true): ProductRecord => ({
  id,
  name,
  description: `${name} for the operatory`,
  sku: id.toUpperCase(),
  category: 'Monitors',
  price: 10_000,
  currency: 'usd',
  stock,
  images: [],
  active,
  createdAt: 1,
  updatedAt: 1,
});

const newOrder = (id: string, orgId = 'office'): NewOrder => ({
  id,
  orgId,
  status: 'paid',
  lines: [{ productId: 'oxi', name: 'Oximeter', unitPrice: 10_000, quantity: 1 }],
  subtotal: 10_000,
  shipping: 1_500,
  total: 11_500,
  currency: 'usd',
  shippingAddress: null,
  paymentId: 'pi_1',
  carrier: null,
  trackingNumber: null,
  placedBy: 'usr-founder',
  placedByTeam: false,
  createdAt: 10,
  fulfilledAt: null,
  shippedAt: null,
  refundedAt: null,
  updatedAt: 10,
});

describe.each(implementations)('ShopStore contract (%s)', (_, make) => {
  it('lists products by name a page at a time, the archived ones only when asked', async () => {
    const store = await make();
    await store.putProduct(product('scan', 'Barcode scanner', 3));
    await store.putProduct(product('oxi', 'Pulse oximeter', 5));
    await store.putProduct(product('cap', 'Capnograph', 2));
    await store.putProduct(product('old', 'Analog monitor', 0, false));
    const first = await store.products({ activeOnly: true, limit: 2 });
    expect(first.items.map((p) => p.id)).toEqual(['scan', 'cap']);
    expect(first.hasMore).toBe(true);
    expect(await store.products({ activeOnly: true, limit: 2, after: 'cap' })).toMatchObject({
      items: [{ id: 'oxi' }],
      hasMore: false,
    });
    expect((await store.products({ activeOnly: false, limit: 10 })).items.map((p) => p.id)).toEqual([
      'old',
      'scan',
      'cap',
      'oxi',
    ]);
    await store.putProduct({ ...product('oxi', 'Pulse oximeter', 9), price: 12_000, createdAt: 99 });
    expect(await store.product('oxi')).toMatchObject({ stock: 9, price: 12_000, createdAt: 1 });
  });

  it('takes stock for every line or none, and gives it back', async () => {
    const store = await make();
    await store.putProduct(product('oxi', 'Pulse oximeter', 5));
    await store.putProduct(product('cap', 'Capnograph', 1));
    expect(
      await store.takeStock([
        { productId: 'oxi', quantity: 2 },
        { productId: 'cap', quantity: 2 },
      ]),
    ).toBe(false);
    expect((await store.product('oxi'))?.stock).toBe(5);
    expect(await store.takeStock([{ productId: 'unknown', quantity: 1 }])).toBe(false);
    expect(
      await store.takeStock([
        { productId: 'oxi', quantity: 2 },
        { productId: 'cap', quantity: 1 },
      ]),
    ).toBe(true);
    expect((await store.product('cap'))?.stock).toBe(0);
    await store.returnStock([{ productId: 'cap', quantity: 1 }]);
    expect((await store.product('cap'))?.stock).toBe(1);
  });

  it('lets exactly the stock through when many take at once', async () => {
    const store = await make();
    await store.putProduct(product('oxi', 'Pulse oximeter', 5));
    const taken = await Promise.all(
      Array.from({ length: 12 }, () => store.takeStock([{ productId: 'oxi', quantity: 1 }])),
    );
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect((await store.product('oxi'))?.stock).toBe(0);
  });

  it("keeps each user's cart in each organisation, in the order added", async () => {
    const store = await make();
    await store.putProduct(product('oxi', 'Pulse oximeter', 5));
    await store.putProduct(product('cap', 'Capnograph', 1));
    await store.setCartLine('office', 'u1', 'cap', 1);
    await store.setCartLine('office', 'u1', 'oxi', 2);
    await store.setCartLine('office', 'u1', 'cap', 3);
    await store.setCartLine('office', 'u2', 'oxi', 1);
    await store.setCartLine('other', 'u1', 'oxi', 4);
    expect(await store.cart('office', 'u1')).toEqual([
      { productId: 'cap', quantity: 3 },
      { productId: 'oxi', quantity: 2 },
    ]);
    await store.setCartLine('office', 'u1', 'cap', 0);
    expect(await store.cart('office', 'u1')).toEqual([{ productId: 'oxi', quantity: 2 }]);
    await store.clearCart('office', 'u1');
    expect(await store.cart('office', 'u1')).toEqual([]);
    expect(await store.cart('office', 'u2')).toEqual([{ productId: 'oxi', quantity: 1 }]);
    expect(await store.cart('other', 'u1')).toEqual([{ productId: 'oxi', quantity: 4 }]);
  });

  it('numbers orders in sequence, lists them newest first by organisation and status', async () => {
    const store = await make();
    const a = await store.createOrder(newOrder('ord-a'));
    const b = await store.createOrder(newOrder('ord-b', 'other'));
    const c = await store.createOrder(newOrder('ord-c'));
    expect([a.seq < b.seq, b.seq < c.seq]).toEqual([true, true]);
    expect(await store.order('ord-b')).toEqual(b);
    await expect(store.createOrder(newOrder('ord-a'))).rejects.toThrow();
    expect((await store.orders({ orgId: 'office', limit: 10 })).items.map((o) => o.id)).toEqual(['ord-c', 'ord-a']);
    const first = await store.orders({ limit: 2 });
    expect(first).toMatchObject({ items: [{ id: 'ord-c' }, { id: 'ord-b' }], hasMore: true });
    expect((await store.orders({ limit: 2, after: 'ord-b' })).items.map((o) => o.id)).toEqual(['ord-a']);
    await store.updateOrder('ord-a', 'paid', { status: 'fulfilled', fulfilledAt: 20, updatedAt: 20 });
    expect((await store.orders({ status: 'paid', limit: 10 })).items.map((o) => o.id)).toEqual(['ord-c', 'ord-b']);
  });

  it('moves an order only from the status the caller saw', async () => {
    const store = await make();
    await store.createOrder(newOrder('ord-a'));
    const moves = await Promise.all([
      store.updateOrder('ord-a', 'paid', { status: 'refunded', refundedAt: 30, updatedAt: 30 }),
      store.updateOrder('ord-a', 'paid', { status: 'fulfilled', fulfilledAt: 31, updatedAt: 31 }),
    ]);
    expect(moves.filter(Boolean)).toHaveLength(1);
    const held = await store.order('ord-a');
    expect(held?.status === 'refunded' ? held.refundedAt : held?.fulfilledAt).not.toBeNull();
    expect(await store.updateOrder('missing', 'paid', { status: 'fulfilled' })).toBe(false);
  });

  it('undoes stock taken and an order made in a failed transaction', async () => {
    const store = await make();
    await store.putProduct(product('oxi', 'Pulse oximeter', 5));
    await expect(
      store.transaction(async () => {
        await store.takeStock([{ productId: 'oxi', quantity: 2 }]);
        await store.createOrder(newOrder('ord-a'));
        throw new Error('payment refused');
      }),
    ).rejects.toThrow('payment refused');
    expect((await store.product('oxi'))?.stock).toBe(5);
    expect(await store.order('ord-a')).toBeNull();
  });
});
