import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../demo/seed.js';
import { demoInventoryService } from './demo-service.test-util.js';

describe('the demo ledger (issue 29)', () => {
  it('seeds a safe and a cart, midazolam and fentanyl lots with their balances, a reconciled case and an intact chain', async () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const { db, service, inventories, orgs } = await demoInventoryService(now);
    expect((await orgs.features('demo-dental')).drugInventory).toBe(true);
    expect((await inventories.inventories('demo-dental')).map((i) => i.name)).toEqual(['Main safe', 'Sedation cart']);
    const entries = await inventories.entries('demo-dental');
    expect(entries.map((e) => e.kind)).toEqual(['receive', 'receive', 'adjust', 'dispense', 'return', 'count']);
    // Midazolam 200 − 10 + 10 = 200 mg; fentanyl 1000 − 100 = 900 mcg, counted 900.
    const lots = await inventories.lots('demo-dental');
    expect(lots.map((l) => [l.drug, l.expiry])).toEqual([
      ['Midazolam', '2027-11-26'],
      ['Fentanyl', '2027-01-25'],
    ]);
    expect(await service.checkChain('demo-dental')).toMatchObject({ ok: true, entries: 6, problems: [] });
    // Today's first case drew a vial and returned it unused: the line reconciles with nothing charted.
    expect(await service.ledgerLinesForCase('demo-dental', 'apt-demo0000000001', {})).toEqual([
      { drug: 'Midazolam', unit: 'mg', drawn: 10, given: 0, wasted: 0, returned: 10 },
    ]);
    // A second seed changes nothing.
    await seedDemoData(db, new Date('2026-11-27T12:00:00Z'));
    expect(await inventories.entries('demo-dental')).toHaveLength(6);
  });
});
