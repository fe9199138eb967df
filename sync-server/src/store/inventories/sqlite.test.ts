import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../sqlite/database.js';
import { insertOrgRows } from '../sqlite/fixtures.js';
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
    insertOrgRows(db, [{ id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' }]);
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
      {
        newLot: {
          id: 'lot-1',
          orgId: 'office',
          inventoryId: 'inv-1',
          drug: 'Midazolam',
          strength: '5 mg/mL, 2 mL vial',
          schedule: 'IV',
          lotNumber: 'A1',
          expiry: '2027-06-30',
          unit: 'mg',
          packageAmount: 10,
          gtin: null,
          ndc: null,
          serialNumber: null,
          createdAt: 1000,
        },
        entry: {
          id: 'le-1',
          orgId: 'office',
          kind: 'receive',
          inventoryId: 'inv-1',
          lotId: 'lot-1',
          quantity: 50,
          caseId: null,
          userId: 'usr-a',
          witnessId: null,
          reason: null,
          expected: null,
          found: null,
          at: 2000,
        },
      },
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
