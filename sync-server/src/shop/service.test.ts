import { SHOP_TEXTS, type OrgRole, type OrgType } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { NO_SUDO, type Caller } from '../access/caller.js';
import { Entitlements } from '../access/entitlements.js';
import { OrgAccess } from '../access/index.js';
import { LocalPaymentProvider } from '../billing/local/provider.js';
import { refusalOf as refusal } from '../errors.test-util.js';
import { MemoryBillingStore } from '../store/billing/memory.js';
import { MemoryDatabase } from '../store/memory/database.js';
import { addMembership, memoryOrgWorld, signUp } from '../store/orgs/seed.test-util.js';
import { MemoryLocalPaymentStore } from '../store/payments-local/memory.js';
import { MemoryShopStore } from '../store/shop/memory.js';
import { ShopService } from './service.js';

const NOW = Date.UTC(2026, 10, 28, 23, 45);
const ORIGIN = { at: NOW, ip: null, userAgent: null };
const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function world() {
  const db = new MemoryDatabase();
  const w = memoryOrgWorld(db);
  for (const id of ['usr-admin', 'usr-staff', 'usr-other', 'usr-uber']) await signUp(w, id);
  await addMembership(w, { id: 'office', fhirId: 'o1', name: 'Smile Dental', type: 'regular' }, 'usr-admin', ['admin']);
  await addMembership(w, { id: 'office', fhirId: 'o1', name: 'Smile Dental', type: 'regular' }, 'usr-staff', [
    'member',
  ]);
  await addMembership(w, { id: 'other', fhirId: 'o2', name: 'Other', type: 'regular' }, 'usr-other', ['admin']);
  for (const org of ['office', 'other']) {
    await w.orgs.setFeature(org, 'store', true, 'usr-uber', ORIGIN, {
      action: 'orgFeatureAdded',
      userId: null,
      detail: {},
    });
  }
  const provider = new LocalPaymentProvider(new MemoryLocalPaymentStore(), 'whsec_test', () => NOW);
  const billing = new MemoryBillingStore(db);
  const shop = new MemoryShopStore(db);
  const access = new OrgAccess({
    parentsOf: (id) => w.orgs.parentsOf(id),
    entitlements: new Entitlements({ features: (id) => w.orgs.features(id) }),
  });
  const service = new ShopService({ shop, provider, billing, orgs: w.orgs, access, now: () => NOW });
  const caller = (userId: string, orgId: string, type: OrgType, roles: OrgRole[]): Caller => ({
    user: { id: userId, name: userId, email: `${userId}@example.com`, emailVerified: true },
    sessionId: `s-${userId}`,
    subject: { signedIn: true, multiFactorValid: true, orgs: [{ id: orgId, type, roles }] },
    singleOrg: null,
    freshSudo: NO_SUDO,
    ip: null,
    userAgent: null,
    origin: '',
    transport: 'graphql',
  });
  const admin = caller('usr-admin', 'office', 'regular', ['admin']);
  const staff = caller('usr-staff', 'office', 'regular', ['member']);
  const uber = caller('usr-uber', 'vigil', 'vigil', ['uber']);
  /** Gives the office a customer with a card at the provider. */
  const payWith = async (number: string) => {
    const customer = await provider.createCustomer({
      email: 'office@example.com',
      name: 'Smile Dental',
      orgId: 'office',
    });
    const pm = await provider.tokenizeCard({ number, expMonth: 12, expYear: 2030, cvc: '123' });
    await provider.attachCard(customer.id, pm.id);
    await billing.put({
      orgId: 'office',
      provider: 'local',
      customerId: customer.id,
      subscriptionId: null,
      priceId: null,
      quantity: 0,
      status: 'active',
      start: null,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      trialStart: null,
      trialEnd: null,
      cancelAtPeriodEnd: false,
      cancelledAt: null,
      reportedAt: 0,
      updatedAt: NOW,
    });
  };
  const oximeter = await service.saveProduct(uber, {
    product: { name: 'Pulse oximeter', sku: 'OX-1', category: 'Monitors', price: 12_500, stock: 3, images: [PNG_1X1] },
  });
  const capnograph = await service.saveProduct(uber, {
    product: { name: 'Capnograph', sku: 'CP-1', category: 'Monitors', price: 89_000, stock: 1 },
  });
  return { service, shop, w, admin, staff, uber, caller, payWith, oximeter, capnograph };
}

describe('ShopService (issue 37)', () => {
  it('shows the catalogue to members when the store is on, and to no one else', async () => {
    const { service, w, staff, caller } = await world();
    expect((await service.catalogue(staff, { orgId: 'office' })).items.map((p) => p.name)).toEqual([
      'Capnograph',
      'Pulse oximeter',
    ]);
    const stranger = caller('usr-other', 'other', 'regular', ['admin']);
    expect(await refusal(() => service.catalogue(stranger, { orgId: 'office' }))).toBe('NOT_AUTHORIZED');
    await w.orgs.removeFeature('office', 'store', ORIGIN, { action: 'orgFeatureRemoved', userId: null, detail: {} });
    expect(await refusal(() => service.catalogue(staff, { orgId: 'office' }))).toBe('FEATURE_DISABLED');
  });

  it('lets administrators fill a cart within the stock; members only browse', async () => {
    const { service, admin, staff, oximeter } = await world();
    expect(
      await refusal(() => service.setCartLine(staff, { orgId: 'office', productId: oximeter.id, quantity: 1 })),
    ).toBe('NOT_AUTHORIZED');
    expect(
      await refusal(() => service.setCartLine(admin, { orgId: 'office', productId: oximeter.id, quantity: 4 })),
    ).toBe('Not enough in stock: Pulse oximeter has 3 left.');
    const cart = await service.setCartLine(admin, { orgId: 'office', productId: oximeter.id, quantity: 2 });
    // 250.00 is under 500.00: flat shipping.
    expect(cart).toMatchObject({ subtotal: 25_000, shipping: 1_500, total: 26_500 });
  });

  it('checks out with the office card: paid order, stock taken, cart emptied', async () => {
    const { service, shop, admin, staff, payWith, oximeter, capnograph } = await world();
    await service.setCartLine(admin, { orgId: 'office', productId: oximeter.id, quantity: 2 });
    await service.setCartLine(admin, { orgId: 'office', productId: capnograph.id, quantity: 1 });
    expect(await refusal(() => service.checkout(admin, { orgId: 'office' }))).toBe(
      'Add a card on the Subscription page before checking out.',
    );
    await payWith('4242424242424242');
    const order = await service.checkout(admin, { orgId: 'office' });
    expect(order).toMatchObject({
      status: 'paid',
      subtotal: 114_000,
      shipping: 0,
      total: 114_000,
      placedByTeam: false,
    });
    expect((await shop.product(oximeter.id))?.stock).toBe(1);
    expect((await service.cart(admin, { orgId: 'office' })).lines).toEqual([]);
    expect((await service.orders(staff, { orgId: 'office' })).items.map((o) => o.id)).toEqual([order.id]);
    const [view] = await service.views([order]);
    expect(view).toMatchObject({ number: `VG-${String(order.seq).padStart(6, '0')}`, orgName: 'Smile Dental' });
    expect(view).not.toHaveProperty('paymentId');
    expect(await refusal(() => service.checkout(admin, { orgId: 'office' }))).toBe('Your cart is empty.');
  });

  it("gives the stock back and keeps the cart when the card is refused, with the provider's message", async () => {
    const { service, shop, admin, payWith, oximeter } = await world();
    await payWith('4000000000009995');
    await service.setCartLine(admin, { orgId: 'office', productId: oximeter.id, quantity: 3 });
    expect(await refusal(() => service.checkout(admin, { orgId: 'office' }))).toBe('Your card has insufficient funds.');
    expect((await shop.product(oximeter.id))?.stock).toBe(3);
    expect((await service.cart(admin, { orgId: 'office' })).lines).toHaveLength(1);
    expect((await shop.orders({ limit: 10 })).items).toEqual([]);
  });

  it('places one order for a double submit of one cart', async () => {
    const { service, shop, admin, payWith, oximeter } = await world();
    await payWith('4242424242424242');
    await service.setCartLine(admin, { orgId: 'office', productId: oximeter.id, quantity: 1 });
    const outcomes = await Promise.allSettled([
      service.checkout(admin, { orgId: 'office' }),
      service.checkout(admin, { orgId: 'office' }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await shop.orders({ limit: 10 })).items).toHaveLength(1);
    expect((await shop.product(oximeter.id))?.stock).toBe(2);
  });

  it('refuses a checkout when someone else bought the last one first', async () => {
    const { service, shop, admin, payWith, capnograph } = await world();
    await payWith('4242424242424242');
    await service.setCartLine(admin, { orgId: 'office', productId: capnograph.id, quantity: 1 });
    await shop.takeStock([{ productId: capnograph.id, quantity: 1 }]);
    expect(await refusal(() => service.checkout(admin, { orgId: 'office' }))).toBe(
      'Not enough in stock: Capnograph has 0 left.',
    );
  });

  it('lets the team fulfil, ship with tracking and refund; a refund before shipping restocks', async () => {
    const { service, shop, admin, uber, staff, payWith, oximeter } = await world();
    await payWith('4242424242424242');
    await service.setCartLine(admin, { orgId: 'office', productId: oximeter.id, quantity: 1 });
    const first = await service.checkout(admin, { orgId: 'office' });
    await service.setCartLine(admin, { orgId: 'office', productId: oximeter.id, quantity: 1 });
    const second = await service.checkout(admin, { orgId: 'office' });
    expect(await refusal(() => service.moveOrder(admin, { orderId: first.id, from: 'paid', to: 'fulfilled' }))).toBe(
      'NOT_AUTHORIZED',
    );
    expect(await refusal(() => service.moveOrder(uber, { orderId: first.id, from: 'paid', to: 'shipped' }))).toBe(
      'An order that is paid cannot be marked shipped.',
    );
    await service.moveOrder(uber, { orderId: first.id, from: 'paid', to: 'fulfilled' });
    expect(await refusal(() => service.moveOrder(uber, { orderId: first.id, from: 'fulfilled', to: 'shipped' }))).toBe(
      'A carrier and a tracking number are required.',
    );
    expect(
      await service.moveOrder(uber, {
        orderId: first.id,
        from: 'fulfilled',
        to: 'shipped',
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      }),
    ).toMatchObject({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', shippedAt: NOW });
    expect((await service.order(staff, { orgId: 'office', orderId: first.id })).status).toBe('shipped');
    expect((await shop.product(oximeter.id))?.stock).toBe(1);
    await service.moveOrder(uber, { orderId: second.id, from: 'paid', to: 'refunded' });
    expect((await shop.product(oximeter.id))?.stock).toBe(2);
    await service.moveOrder(uber, { orderId: first.id, from: 'shipped', to: 'refunded' });
    expect((await shop.product(oximeter.id))?.stock).toBe(2);
    expect(await refusal(() => service.moveOrder(uber, { orderId: first.id, from: 'refunded', to: 'refunded' }))).toBe(
      'An order that is refunded cannot be marked refunded.',
    );
  });

  it('lets one of two team members moving an order at once win', async () => {
    const { service, admin, uber, payWith, oximeter } = await world();
    await payWith('4242424242424242');
    await service.setCartLine(admin, { orgId: 'office', productId: oximeter.id, quantity: 1 });
    const order = await service.checkout(admin, { orgId: 'office' });
    const outcomes = await Promise.allSettled([
      service.moveOrder(uber, { orderId: order.id, from: 'paid', to: 'refunded' }),
      service.moveOrder(uber, { orderId: order.id, from: 'paid', to: 'fulfilled' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses a move from a status the order no longer has (CONFLICT), even one its new status allows', async () => {
    const { service, shop, admin, uber, payWith, oximeter } = await world();
    await payWith('4242424242424242');
    await service.setCartLine(admin, { orgId: 'office', productId: oximeter.id, quantity: 1 });
    const order = await service.checkout(admin, { orgId: 'office' });
    await service.moveOrder(uber, { orderId: order.id, from: 'paid', to: 'fulfilled' });
    // A second screen still showing "paid": fulfilling again, or a refund (allowed from fulfilled).
    for (const to of ['fulfilled', 'refunded'] as const) {
      const err = await service.moveOrder(uber, { orderId: order.id, from: 'paid', to }).catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 409, code: 'CONFLICT', diagnostics: SHOP_TEXTS.staleMove });
    }
    expect(await shop.order(order.id)).toMatchObject({ status: 'fulfilled', refundedAt: null });
  });

  it("hides another organisation's order and bounds product input", async () => {
    const { service, uber, caller, admin, payWith, oximeter } = await world();
    await payWith('4242424242424242');
    await service.setCartLine(admin, { orgId: 'office', productId: oximeter.id, quantity: 1 });
    const order = await service.checkout(admin, { orgId: 'office' });
    const other = caller('usr-other', 'other', 'regular', ['admin']);
    expect(await refusal(() => service.order(other, { orgId: 'other', orderId: order.id }))).toBe('NOT_FOUND');
    const bad = (product: Record<string, unknown>) => refusal(() => service.saveProduct(uber, { product }));
    const base = { name: 'Sensor', sku: 'S-1', category: 'Supplies', price: 1_000, stock: 10 };
    expect(await bad({ ...base, images: ['data:image/svg+xml;base64,PHN2Zz4='] })).not.toBeNull();
    expect(await bad({ ...base, images: Array.from({ length: 7 }, () => PNG_1X1) })).not.toBeNull();
    expect(await bad({ ...base, price: 10.5 })).not.toBeNull();
    expect(await bad({ ...base, name: '' })).not.toBeNull();
    expect(await refusal(() => service.saveProduct(admin, { product: base }))).toBe('NOT_AUTHORIZED');
  });
});
