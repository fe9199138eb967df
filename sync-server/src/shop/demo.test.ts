import { checkImageDataUrl, IMAGE_BOUNDS, ORDER_STATUSES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../store/memory/database.js';
import { addMembership, memoryOrgWorld, signUp } from '../store/orgs/seed.test-util.js';
import { MemoryShopStore } from '../store/shop/memory.js';
import { seedDemoShop } from './demo.js';

describe('the demo store (issue 37)', () => {
  it('has products with pictures a product form accepts, an order in each status, and the store on', async () => {
    const db = new MemoryDatabase();
    const world = memoryOrgWorld(db);
    await signUp(world, 'usr-demo');
    await addMembership(world, { id: 'demo-dental', fhirId: 'o1', name: 'Demo', type: 'regular' }, 'usr-demo', [
      'admin',
    ]);
    const shop = new MemoryShopStore(db);
    const now = new Date(Date.UTC(2026, 10, 28, 0, 30));
    await seedDemoShop({ shop, orgs: world.orgs }, 'demo-dental', now, 'usr-demo');
    await seedDemoShop({ shop, orgs: world.orgs }, 'demo-dental', now, 'usr-demo');
    const products = (await shop.products({ activeOnly: true, limit: 50 })).items;
    expect(products.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Bedside pulse oximeter', 'Sidestream capnograph', '2D barcode scanner']),
    );
    for (const p of products) {
      expect(p.images).toHaveLength(1);
      expect(checkImageDataUrl(p.images[0]!, IMAGE_BOUNDS.formImage)).toMatchObject({ ok: true, width: 160 });
    }
    const orders = (await shop.orders({ orgId: 'demo-dental', limit: 50 })).items;
    expect(orders.map((o) => o.status).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(orders.find((o) => o.status === 'shipped')).toMatchObject({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    for (const o of orders) {
      expect(o.total).toBe(o.subtotal + o.shipping);
      // A US address a carrier would take: a name, a street, a two-letter state and a 5-digit ZIP.
      expect(o.shippingAddress?.name).toMatch(/\S/);
      const to = o.shippingAddress?.address;
      expect(to?.line1).toMatch(/^\d+ \S/);
      expect(to?.city).toMatch(/\S/);
      expect(to?.state).toMatch(/^[A-Z]{2}$/);
      expect(to?.postal_code).toMatch(/^\d{5}$/);
      expect(to?.country).toBe('US');
    }
    expect(await world.orgs.features('demo-dental')).toMatchObject({ store: true });
  });
});
