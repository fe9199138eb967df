import type { LedgerEntryContent, LedgerLotDescription } from '@vigil/shared';

/*
 * The controlled-substance ledger's repository (issue 29). Every method is async and every
 * write one atomic step; another implementation implements this interface and passes
 * contract.test.ts. There is no method that changes or removes a lot or an entry.
 */

export type InventoryKind = 'safe' | 'cart';

export interface InventoryRecord {
  id: string;
  orgId: string;
  name: string;
  kind: InventoryKind;
  createdBy: string;
  createdAt: number;
}

export interface LotRecord extends LedgerLotDescription {
  id: string;
  orgId: string;
  inventoryId: string;
  createdAt: number;
}

/** A stored entry: its content, its place in the organisation's chain and its lot. */
export interface LedgerEntryRecord extends LedgerEntryContent {
  id: string;
  orgId: string;
  seq: number;
  prevHash: string;
  hash: string;
  lot: LotRecord;
}

/** A new entry as the service hands it over; the store gives it its sequence and hashes. */
export type NewLedgerEntry = LedgerEntryContent & { id: string; orgId: string };

/** Which entries to list (all optional; dates are epoch ms, `to` exclusive). */
export interface LedgerFilter {
  inventoryId?: string;
  lotId?: string;
  drug?: string;
  userId?: string;
  caseId?: string;
  from?: number;
  to?: number;
}

export interface InventoryStore {
  createInventory(inventory: InventoryRecord): Promise<void>;
  /** The organisation's inventories, oldest first. */
  inventories(orgId: string): Promise<InventoryRecord[]>;
  inventory(orgId: string, id: string): Promise<InventoryRecord | null>;
  /** The organisation's lots (of one inventory when given), oldest first. */
  lots(orgId: string, inventoryId?: string): Promise<LotRecord[]>;
  lot(orgId: string, id: string): Promise<LotRecord | null>;
  /**
   * Appends one entry in one atomic step: writes `newLot` first when given, reads the entry's
   * lot's earlier entries and hands them to `check` (which throws to refuse: nothing is
   * written; it may answer a count's `expected`, the balance it saw), then gives the entry the organisation's next sequence, asks `link` for its hash
   * over the previous entry's hash (`genesis` for the first) and appends it. Concurrent appends
   * cannot fork the chain or both pass a balance check.
   */
  append(
    input: { newLot?: LotRecord; entry: NewLedgerEntry },
    check: (lotEntries: LedgerEntryRecord[]) => { expected: number | null } | void,
    link: (prevHash: string, entry: Omit<LedgerEntryRecord, 'prevHash' | 'hash'>) => string,
    genesis: string,
  ): Promise<LedgerEntryRecord>;
  /** Entries of the organisation matching the filter, in chain order. */
  entries(orgId: string, filter?: LedgerFilter): Promise<LedgerEntryRecord[]>;
}
