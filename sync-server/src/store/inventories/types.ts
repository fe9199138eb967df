import type { LedgerEntryContent, LedgerLotDescription } from '@vigil/shared';
import type { ChainHead } from '../audit/types.js';

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

/** A page of the log: the entries after sequence `after` (exclusive), at most `limit` of them. */
export interface LedgerPage {
  after?: number;
  limit: number;
}

/** What a lot's balance needs of each of its entries (LG2, LG3), without the entry's lot and names. */
export type LedgerMovement = Pick<LedgerEntryContent, 'lotId' | 'kind' | 'quantity' | 'caseId' | 'corrects'>;

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
   * over the previous entry's hash (`genesis` for the first), appends it and moves the
   * organisation's head anchor to it. Concurrent appends cannot fork the chain or both pass a
   * balance check.
   */
  append(
    input: { newLot?: LotRecord; entry: NewLedgerEntry },
    check: (lotEntries: LedgerEntryRecord[]) => { expected: number | null } | void,
    link: (prevHash: string, entry: Omit<LedgerEntryRecord, 'prevHash' | 'hash'>) => string,
    genesis: string,
  ): Promise<LedgerEntryRecord>;
  /** Entries of the organisation matching the filter, in chain order (one page of them when `page` is given). */
  entries(orgId: string, filter?: LedgerFilter, page?: LedgerPage): Promise<LedgerEntryRecord[]>;
  /** Every entry's movement of the organisation's lots (of one inventory when given), in chain order. */
  movements(orgId: string, inventoryId?: string): Promise<LedgerMovement[]>;
  /** The organisation's head anchor (chain_heads 'ledger:<orgId>'), null before its first entry. */
  anchor(orgId: string): Promise<ChainHead | null>;
}
