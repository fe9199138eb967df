import type { ChainHead } from '../audit/types.js';
import { MemoryDatabase } from '../memory/database.js';
import type {
  InventoryRecord,
  InventoryStore,
  LedgerEntryRecord,
  LedgerFilter,
  LedgerMovement,
  LedgerPage,
  LotRecord,
  NewLedgerEntry,
} from './types.js';

/** An entry as kept: its lot by id (the lot itself is kept once, as the lots table does). */
type StoredEntry = Omit<LedgerEntryRecord, 'lot'>;

interface Tables {
  /** Inventories, lots and entries in the order written (SQLite's rowid); the ledger is append-only. */
  inventories: InventoryRecord[];
  lots: LotRecord[];
  entries: StoredEntry[];
  /** Each organisation's head anchor (chain_heads 'ledger:<orgId>'). */
  heads: Map<string, ChainHead>;
}

/** SQLite's lower() and trim() without arguments: ASCII letters only, spaces only. */
const sqlLower = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const sqlTrim = (s: string): string => s.replace(/^ +| +$/g, '');
const byCreation = <T extends { createdAt: number }>(rows: T[]): T[] => rows.sort((a, b) => a.createdAt - b.createdAt);

/**
 * The ledger in memory: the second implementation of the contract (issue 36). Lots and entries are
 * only ever appended (no method changes or removes one, and nothing handed out is the stored
 * object); an append is one step of the database's write queue, so its head read, balance check
 * and write cannot interleave with another's.
 */
export class MemoryInventoryStore implements InventoryStore {
  private readonly tables;

  constructor(private readonly db = new MemoryDatabase()) {
    this.tables = db.table<Tables>({ inventories: [], lots: [], entries: [], heads: new Map() });
  }

  createInventory(i: InventoryRecord): Promise<void> {
    return this.db.run(() => {
      const { inventories } = this.tables.value;
      if (inventories.some((x) => x.id === i.id)) throw new Error(`inventory ${i.id} exists`);
      inventories.push(structuredClone(i));
    });
  }

  inventories(orgId: string): Promise<InventoryRecord[]> {
    return this.db.run(() =>
      structuredClone(byCreation(this.tables.value.inventories.filter((i) => i.orgId === orgId))),
    );
  }

  inventory(orgId: string, id: string): Promise<InventoryRecord | null> {
    return this.db.run(() => {
      const found = this.tables.value.inventories.find((i) => i.orgId === orgId && i.id === id);
      return found ? structuredClone(found) : null;
    });
  }

  lots(orgId: string, inventoryId?: string): Promise<LotRecord[]> {
    return this.db.run(() =>
      structuredClone(
        byCreation(
          this.tables.value.lots.filter(
            (l) => l.orgId === orgId && (inventoryId == null || l.inventoryId === inventoryId),
          ),
        ),
      ),
    );
  }

  lot(orgId: string, id: string): Promise<LotRecord | null> {
    return this.db.run(() => {
      const found = this.findLot(orgId, id);
      return found ? structuredClone(found) : null;
    });
  }

  append(
    input: { newLot?: LotRecord; entry: NewLedgerEntry },
    check: (lotEntries: LedgerEntryRecord[]) => { expected: number | null } | void,
    link: (prevHash: string, entry: Omit<LedgerEntryRecord, 'prevHash' | 'hash'>) => string,
    genesis: string,
  ): Promise<LedgerEntryRecord> {
    return this.db.run(() => {
      const t = this.tables.value;
      const n = input.newLot;
      const given = input.entry;
      // Everything is checked before anything is written: the step writes all of it or nothing.
      if (n && t.lots.some((l) => l.id === n.id)) throw new Error(`lot ${n.id} exists`);
      if (n && !t.inventories.some((i) => i.id === n.inventoryId)) throw new Error(`no inventory ${n.inventoryId}`);
      if (t.entries.some((e) => e.id === given.id)) throw new Error(`ledger entry ${given.id} exists`);
      if (!t.inventories.some((i) => i.id === given.inventoryId)) throw new Error(`no inventory ${given.inventoryId}`);
      const lot =
        n && n.orgId === given.orgId && n.id === given.lotId
          ? structuredClone(n)
          : this.findLot(given.orgId, given.lotId);
      if (lot == null) throw new Error(`no lot ${given.lotId} in ${given.orgId}`);
      // A correction names what it corrects, and only a correction does (the table's CHECK).
      if ((given.kind === 'correction') !== (given.corrects != null))
        throw new Error('a correction, and only a correction, names the kind it corrects');
      const answer = check(this.withLots(t.entries.filter((e) => e.orgId === given.orgId && e.lotId === given.lotId)));
      const e = structuredClone(answer ? { ...given, expected: answer.expected } : given);
      const head = t.entries.filter((x) => x.orgId === e.orgId).at(-1);
      const prevHash = head?.hash ?? genesis;
      const unhashed = { ...e, seq: (head?.seq ?? 0) + 1, lot: structuredClone(lot) };
      const hash = link(prevHash, structuredClone(unhashed));
      if (n) t.lots.push(structuredClone(n));
      const appended = { ...unhashed, prevHash, hash };
      const { lot: _lot, ...stored } = appended;
      t.entries.push(stored);
      t.heads.set(e.orgId, { length: unhashed.seq, head: hash });
      return structuredClone(appended);
    });
  }

  entries(orgId: string, filter: LedgerFilter = {}, page?: LedgerPage): Promise<LedgerEntryRecord[]> {
    return this.db.run(() => {
      const drug = filter.drug == null ? null : sqlLower(sqlTrim(filter.drug));
      const hits = this.tables.value.entries.filter(
        (e) =>
          e.orgId === orgId &&
          (filter.inventoryId == null || e.inventoryId === filter.inventoryId) &&
          (filter.lotId == null || e.lotId === filter.lotId) &&
          (drug == null || sqlLower(sqlTrim(this.findLotById(e.lotId)!.drug)) === drug) &&
          // A user's entries: the ones they made and the wastes they witnessed.
          (filter.userId == null || e.userId === filter.userId || e.witnessId === filter.userId) &&
          (filter.caseId == null || e.caseId === filter.caseId) &&
          (filter.from == null || e.at >= filter.from) &&
          (filter.to == null || e.at < filter.to) &&
          (page?.after == null || e.seq > page.after),
      );
      return this.withLots(page == null ? hits : hits.slice(0, page.limit));
    });
  }

  movements(orgId: string, inventoryId?: string): Promise<LedgerMovement[]> {
    return this.db.run(() =>
      this.tables.value.entries
        .filter((e) => e.orgId === orgId && (inventoryId == null || e.inventoryId === inventoryId))
        .map((e) => ({
          lotId: e.lotId,
          kind: e.kind,
          quantity: e.quantity,
          caseId: e.caseId,
          corrects: e.corrects ?? null,
        })),
    );
  }

  anchor(orgId: string): Promise<ChainHead | null> {
    return this.db.run(() => {
      const head = this.tables.value.heads.get(orgId);
      return head ? { ...head } : null;
    });
  }

  private findLot(orgId: string, id: string): LotRecord | undefined {
    return this.tables.value.lots.find((l) => l.orgId === orgId && l.id === id);
  }

  private findLotById(id: string): LotRecord | undefined {
    return this.tables.value.lots.find((l) => l.id === id);
  }

  /** Copies of entries with their lots, as the SQLite store joins them. */
  private withLots(entries: readonly StoredEntry[]): LedgerEntryRecord[] {
    return entries.map((e) => {
      const { corrects, ...rest } = structuredClone(e);
      return {
        ...rest,
        lot: structuredClone(this.findLotById(e.lotId)!),
        ...(corrects != null ? { corrects } : {}),
      };
    });
  }
}
