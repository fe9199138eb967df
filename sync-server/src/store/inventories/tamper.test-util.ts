import type { Db } from '../sqlite/database.js';

/*
 * Issue 36 item 4: the attacks of someone with the database file on the drug ledger, played by the
 * ledger tests to prove the database refuses them or the chain check names them. Kept in store/
 * so no SQL is written outside it; the server never calls them.
 */

/** Changes every ledger entry's quantity without touching the triggers (the database must refuse). */
export function rewriteLedgerEntries(db: Db): void {
  db.prepare('UPDATE ledger_entries SET quantity = 1').run();
}

/** Deletes every ledger entry without touching the triggers (the database must refuse). */
export function deleteLedgerEntries(db: Db): void {
  db.prepare('DELETE FROM ledger_entries').run();
}

/** Drops the update guard and changes one entry's quantity behind the server's back; returns how many rows changed. */
export function tamperWithLedgerQuantity(db: Db, entryId: string, quantity: number): number {
  db.exec('DROP TRIGGER IF EXISTS ledger_entries_no_update');
  return db.prepare('UPDATE ledger_entries SET quantity = ? WHERE id = ?').run(quantity, entryId).changes;
}

/** Drops the delete guard and removes an organisation's entries from sequence `fromSeq` on (a truncated tail). */
export function deleteLedgerTail(db: Db, orgId: string, fromSeq: number): number {
  db.exec('DROP TRIGGER IF EXISTS ledger_entries_no_delete');
  return db.prepare('DELETE FROM ledger_entries WHERE org_id = ? AND seq >= ?').run(orgId, fromSeq).changes;
}
