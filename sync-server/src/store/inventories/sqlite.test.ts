import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../sqlite/database.js';
import { seedOrgs, sqliteOrgWorld } from '../orgs/seed.test-util.js';
import { entry, lot } from './fixtures.test-util.js';
import { SqliteInventoryStore } from './sqlite.js';

/*
 * The SQLite ledger's own guard (issue 29), beside the contract every implementation passes
 * (contract.test.ts): its triggers refuse a change or a delete of a lot or an entry even from SQL
 * that bypasses the store, as a bug in the server would. The memory store has no such path: its
 * lots and entries are never handed out, and no method changes or removes one.
 */
describe('SqliteInventoryStore: the ledger tables are append-only', () => {
  it('refuses any update or delete of an entry or a lot', async () => {
    const db = openMemoryDatabase();
    await seedOrgs(sqliteOrgWorld(db), [{ id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' }]);
    const store = new SqliteInventoryStore(db);
    await store.createInventory({
      id: 'inv-1',
      orgId: 'office',
      name: 'Safe',
      kind: 'safe',
      createdBy: 'u',
      createdAt: 1,
    });
    await store.append(
      { newLot: lot({ gtin: null, ndc: null }), entry: entry() },
      () => undefined,
      (prev, e) => `${prev}>${e.seq}`,
      'G',
    );
    const sql = (statement: string): unknown => db.prepare(statement).run();
    expect(() => sql('UPDATE ledger_entries SET quantity = 5')).toThrow(/append-only/);
    expect(() => sql('DELETE FROM ledger_entries')).toThrow(/append-only/);
    expect(() => sql("UPDATE inventory_lots SET expiry = '2030-01-01'")).toThrow(/append-only/);
    expect(() => sql('DELETE FROM inventory_lots')).toThrow(/append-only/);
    expect((await store.entries('office'))[0]?.quantity).toBe(50);
  });
});
