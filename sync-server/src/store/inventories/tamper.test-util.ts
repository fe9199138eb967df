import type { TestDb } from '../test-db.test-util.js';

/*
 * Issue 36 item 4: the attacks of someone with the database file on the drug ledger, played by the
 * ledger tests to prove the database refuses them or the chain check names them. Kept in store/
 * so no SQL is written outside it; the server never calls them.
 */

/** Changes every ledger entry's quantity without touching the triggers (the database must refuse). */
export async function rewriteLedgerEntries(db: TestDb): Promise<void> {
  await db.run('UPDATE ledger_entries SET quantity = 1');
}

/** Deletes every ledger entry without touching the triggers (the database must refuse). */
export async function deleteLedgerEntries(db: TestDb): Promise<void> {
  await db.run('DELETE FROM ledger_entries');
}

/** Drops the update guard and changes one entry's quantity behind the server's back; returns how many rows changed. */
export function tamperWithLedgerQuantity(db: TestDb, entryId: string, quantity: number): Promise<number> {
  return db.unguarded(['ledger_entries_no_update'], () =>
    db.run('UPDATE ledger_entries SET quantity = ? WHERE id = ?', quantity, entryId),
  );
}

/** Drops the delete guard and removes an organisation's entries from sequence `fromSeq` on (a truncated tail). */
export function deleteLedgerTail(db: TestDb, orgId: string, fromSeq: number): Promise<number> {
  return db.unguarded(['ledger_entries_no_delete'], () =>
    db.run('DELETE FROM ledger_entries WHERE org_id = ? AND seq >= ?', orgId, fromSeq),
  );
}
