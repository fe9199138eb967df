import { describe, expect, it } from 'vitest';
import { MemoryAppStore } from '../store/apps/memory.js';
import {
  DEMO_RESELLER_APP_ID,
  DEMO_RESELLER_WEBHOOK_ID,
  DEMO_WEBHOOK_ID,
  seedDemoApps,
  seedDemoResellerApp,
} from './demo.js';

describe('the demo app', () => {
  it('installs one app with a webhook and three delivered deliveries, and seeding again changes nothing', async () => {
    const store = new MemoryAppStore();
    const now = new Date('2026-11-29T12:00:00Z');
    await seedDemoApps(store, 'demo-office', now, 'usr-demo');
    await seedDemoApps(store, 'demo-office', new Date('2026-12-01T12:00:00Z'), 'usr-demo');
    expect((await store.apps()).map((a) => a.name)).toEqual(['Demo EMR bridge']);
    expect((await store.installations('demo-office')).length).toBe(1);
    const deliveries = await store.deliveries(DEMO_WEBHOOK_ID, { first: 10, after: null });
    expect(deliveries.map((d) => [d.status, d.attempts.map((a) => a.responseStatus)])).toEqual([
      ['delivered', [200]],
      ['delivered', [500, 500, 200]],
      ['delivered', [200]],
    ]);
    // Nothing for the dispatcher to send by itself.
    expect(await store.due(now.getTime() + 1e12, 10)).toEqual([]);
  });
});

describe('the demo reseller app', () => {
  it('is made by the reseller, installed in the office with one delivered delivery, once', async () => {
    const store = new MemoryAppStore();
    const now = new Date('2026-11-29T12:00:00Z');
    const ids = { resellerId: 'demo-reseller', orgId: 'demo-office' };
    const people = { resellerUserId: 'usr-r', officeUserId: 'usr-demo' };
    await seedDemoResellerApp(store, ids, now, people);
    await seedDemoResellerApp(store, ids, new Date('2026-12-01T12:00:00Z'), people);
    expect((await store.apps()).map((a) => [a.name, a.ownerOrgId])).toEqual([
      ['Demo Scheduling Connector', 'demo-reseller'],
    ]);
    expect((await store.appInstallations(DEMO_RESELLER_APP_ID)).map((i) => i.orgId)).toEqual(['demo-office']);
    const deliveries = await store.deliveries(DEMO_RESELLER_WEBHOOK_ID, { first: 10, after: null });
    expect(deliveries.map((d) => d.status)).toEqual(['delivered']);
    expect(await store.due(now.getTime() + 1e12, 10)).toEqual([]);
  });
});
