import type {
  CaseLedgerLineView,
  InventoryLotView,
  InventoryView,
  LedgerCaseView,
  LedgerEntryInput,
  LedgerEntryView,
  LedgerFilter,
  LotInput,
} from '@vigil/shared';
import { graphql } from '../../data/graphql.js';

/*
 * The ledger's GraphQL calls (issue 29): inventories, one inventory, the log, a case's lines and
 * the chain check; createInventory, receiveLot, recordLedgerEntry. Screens reach them through hooks.ts.
 */

/*
 * The views and inputs are shared/src/views/inventories.ts's, written once and checked against
 * the SDL (issue 36 item 5); the names below are this feature's.
 */

/** A lot as the server answers it: what was received, its stock and expiry state. */
export type InventoryLot = InventoryLotView;
export type Inventory = InventoryView;
/** The case an entry is for, as the server names it in the organisation (null fields: not known there). */
export type LedgerCase = LedgerCaseView;
export type LedgerEntry = LedgerEntryView;
export type { LedgerFilter, LotInput };
/** A ledger entry as recordLedgerEntry takes it. */
export type EntryInput = LedgerEntryInput;
/** A controlled drug drawn for a case against where it went (LG10, LG11). */
export type CaseLedgerLine = CaseLedgerLineView;

const LOT =
  'id inventoryId drug strength schedule lotNumber expiry unit packageAmount gtin ndc serialNumber balance expired expiringSoon';
const INVENTORY = `id name kind createdAt lots { ${LOT} }`;
const ENTRY =
  'id seq kind inventoryId inventoryName lotId drug lotNumber unit quantity caseId case { id patientName start procedure } userId userName witnessId witnessName reason expected found corrects at hash';

/**
 * Page sizes the server allows (issue 35 item 8: at most 200 a page, each priced by its fields):
 * a page of the log is 200 entries; inventories carry their lots, so 20 a page.
 */
export const LEDGER_PAGE = 200;
export const INVENTORY_PAGE = 20;

/** Every page of a list, one after the other, until a page comes back short. */
async function allPages<T>(size: number, page: (after: string | null) => Promise<T[]>, cursor: (t: T) => string) {
  const out: T[] = [];
  for (let after: string | null = null; ;) {
    const items = await page(after);
    out.push(...items);
    if (items.length < size) return out;
    after = cursor(items[items.length - 1]!);
  }
}

export function fetchInventories(orgId: string): Promise<Inventory[]> {
  return allPages(
    INVENTORY_PAGE,
    async (after) =>
      (
        await graphql<{ inventories: Inventory[] }>(
          `query Inventories($orgId: String, $first: Int, $after: String) { inventories(orgId: $orgId, first: $first, after: $after) { ${INVENTORY} } }`,
          { orgId, first: INVENTORY_PAGE, after },
        )
      ).inventories,
    (i) => i.id,
  );
}

export async function fetchInventory(orgId: string, inventoryId: string): Promise<Inventory> {
  const data = await graphql<{ inventory: Inventory }>(
    `query Inventory($orgId: String, $id: String!) { inventory(orgId: $orgId, inventoryId: $id) { ${INVENTORY} } }`,
    { orgId, id: inventoryId },
  );
  return data.inventory;
}

/** One page of the log in chain order: the entries after the sequence `after` (null: from the start). */
export async function fetchLedgerPage(
  orgId: string,
  filter: LedgerFilter,
  after: number | null,
  first: number = LEDGER_PAGE,
): Promise<LedgerEntry[]> {
  const data = await graphql<{ ledgerEntries: LedgerEntry[] }>(
    `query Ledger($orgId: String, $filter: LedgerFilter, $first: Int, $after: String) { ledgerEntries(orgId: $orgId, filter: $filter, first: $first, after: $after) { ${ENTRY} } }`,
    { orgId, filter, first, after: after == null ? null : String(after) },
  );
  return data.ledgerEntries;
}

/** The whole log matching the filter, page after page (a case's entries, the CSV export). */
export function fetchLedger(orgId: string, filter: LedgerFilter): Promise<LedgerEntry[]> {
  return allPages(
    LEDGER_PAGE,
    (after) => fetchLedgerPage(orgId, filter, after == null ? null : Number(after)),
    (e) => String(e.seq),
  );
}

export async function createInventory(orgId: string, name: string, kind: 'safe' | 'cart'): Promise<Inventory> {
  const data = await graphql<{ createInventory: Inventory }>(
    `mutation CreateInventory($orgId: String, $input: InventoryInput!) { createInventory(orgId: $orgId, input: $input) { ${INVENTORY} } }`,
    { orgId, input: { name, kind } },
  );
  return data.createInventory;
}

export async function receiveLot(
  orgId: string,
  inventoryId: string,
  lot: LotInput,
  quantity: number,
): Promise<LedgerEntry> {
  const data = await graphql<{ receiveLot: LedgerEntry }>(
    `mutation ReceiveLot($orgId: String, $input: ReceiveInput!) { receiveLot(orgId: $orgId, input: $input) { ${ENTRY} } }`,
    { orgId, input: { inventoryId, lot, quantity } },
  );
  return data.receiveLot;
}

export async function recordEntry(orgId: string, input: EntryInput): Promise<LedgerEntry> {
  const data = await graphql<{ recordLedgerEntry: LedgerEntry }>(
    `mutation RecordLedgerEntry($orgId: String, $input: LedgerEntryInput!) { recordLedgerEntry(orgId: $orgId, input: $input) { ${ENTRY} } }`,
    { orgId, input },
  );
  return data.recordLedgerEntry;
}

export async function fetchCaseLedger(orgId: string, caseId: string): Promise<CaseLedgerLine[]> {
  const data = await graphql<{ caseLedger: CaseLedgerLine[] }>(
    `
      query CaseLedger($orgId: String, $caseId: String!) {
        caseLedger(orgId: $orgId, caseId: $caseId) {
          drug
          unit
          drawn
          given
          wasted
          returned
          reconciles
          difference
        }
      }
    `,
    { orgId, caseId },
  );
  return data.caseLedger;
}
