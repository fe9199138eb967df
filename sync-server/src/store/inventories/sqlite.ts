import type { DeaSchedule, LedgerCorrectableKind, LedgerEntryKind, LedgerUnit } from '@vigil/shared';
import type { ChainHead } from '../audit/types.js';
import type { Db } from '../sqlite/database.js';
import { assertSerialized, serialized } from '../resources/transactions.js';
import type {
  InventoryKind,
  InventoryRecord,
  InventoryStore,
  LedgerEntryRecord,
  LedgerFilter,
  LedgerMovement,
  LedgerPage,
  LotRecord,
  NewLedgerEntry,
} from './types.js';

interface InventoryRow {
  id: string;
  org_id: string;
  name: string;
  kind: InventoryKind;
  created_by: string;
  created_at: number;
}

interface LotRow {
  id: string;
  org_id: string;
  inventory_id: string;
  drug: string;
  strength: string;
  schedule: DeaSchedule;
  lot_number: string;
  expiry: string;
  unit: LedgerUnit;
  package_amount: number;
  gtin: string | null;
  ndc: string | null;
  serial_number: string | null;
  created_at: number;
}

interface EntryRow {
  id: string;
  org_id: string;
  seq: number;
  inventory_id: string;
  lot_id: string;
  kind: LedgerEntryKind;
  quantity: number;
  case_id: string | null;
  user_id: string;
  witness_id: string | null;
  reason: string | null;
  expected: number | null;
  found: number | null;
  at: number;
  prev_hash: string;
  hash: string;
  corrects: LedgerCorrectableKind | null;
}

/** An organisation's ledger in chain_heads. */
const chainName = (orgId: string): string => `ledger:${orgId}`;

const inventory = (r: InventoryRow): InventoryRecord => ({
  id: r.id,
  orgId: r.org_id,
  name: r.name,
  kind: r.kind,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

const lot = (r: LotRow): LotRecord => ({
  id: r.id,
  orgId: r.org_id,
  inventoryId: r.inventory_id,
  drug: r.drug,
  strength: r.strength,
  schedule: r.schedule,
  lotNumber: r.lot_number,
  expiry: r.expiry,
  unit: r.unit,
  packageAmount: r.package_amount,
  gtin: r.gtin,
  ndc: r.ndc,
  serialNumber: r.serial_number,
  createdAt: r.created_at,
});

const entry = (r: EntryRow, l: LotRecord): LedgerEntryRecord => ({
  id: r.id,
  orgId: r.org_id,
  seq: r.seq,
  kind: r.kind,
  inventoryId: r.inventory_id,
  lotId: r.lot_id,
  quantity: r.quantity,
  caseId: r.case_id,
  userId: r.user_id,
  witnessId: r.witness_id,
  reason: r.reason,
  expected: r.expected,
  found: r.found,
  at: r.at,
  prevHash: r.prev_hash,
  hash: r.hash,
  lot: l,
  ...(r.corrects != null ? { corrects: r.corrects } : {}),
});

/** The ledger's repository over better-sqlite3 (tables inventories, inventory_lots, ledger_entries). */
export class SqliteInventoryStore implements InventoryStore {
  constructor(private readonly db: Db) {}

  createInventory(i: InventoryRecord): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare('INSERT INTO inventories (id, org_id, name, kind, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(i.id, i.orgId, i.name, i.kind, i.createdBy, i.createdAt);
      return;
    });
  }

  inventories(orgId: string): Promise<InventoryRecord[]> {
    return serialized(this.db, () =>
      (
        this.db
          .prepare('SELECT * FROM inventories WHERE org_id = ? ORDER BY created_at, rowid')
          .all(orgId) as InventoryRow[]
      ).map(inventory),
    );
  }

  inventory(orgId: string, id: string): Promise<InventoryRecord | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM inventories WHERE org_id = ? AND id = ?').get(orgId, id) as
        InventoryRow | undefined;
      return row ? inventory(row) : null;
    });
  }

  lots(orgId: string, inventoryId?: string): Promise<LotRecord[]> {
    return serialized(this.db, () => {
      const rows =
        inventoryId == null
          ? this.db.prepare('SELECT * FROM inventory_lots WHERE org_id = ? ORDER BY created_at, rowid').all(orgId)
          : this.db
              .prepare('SELECT * FROM inventory_lots WHERE org_id = ? AND inventory_id = ? ORDER BY created_at, rowid')
              .all(orgId, inventoryId);
      return (rows as LotRow[]).map(lot);
    });
  }

  lot(orgId: string, id: string): Promise<LotRecord | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM inventory_lots WHERE org_id = ? AND id = ?').get(orgId, id) as
        LotRow | undefined;
      return row ? lot(row) : null;
    });
  }

  /** Entries with their lots (inside a method's serialized work). */
  private select(where: string, params: unknown[], limit?: number): LedgerEntryRecord[] {
    assertSerialized(this.db);
    const rows = this.db
      .prepare(
        `SELECT e.* FROM ledger_entries e JOIN inventory_lots l ON l.id = e.lot_id WHERE ${where} ORDER BY e.seq${
          limit == null ? '' : ' LIMIT ?'
        }`,
      )
      .all(...params, ...(limit == null ? [] : [limit])) as EntryRow[];
    const lots = new Map<string, LotRecord>();
    return rows.map((r) => {
      let l = lots.get(r.lot_id);
      if (l == null) {
        l = lot(this.db.prepare('SELECT * FROM inventory_lots WHERE id = ?').get(r.lot_id) as LotRow);
        lots.set(r.lot_id, l);
      }
      return entry(r, l);
    });
  }

  append(
    input: { newLot?: LotRecord; entry: NewLedgerEntry },
    check: (lotEntries: LedgerEntryRecord[]) => { expected: number | null } | void,
    link: (prevHash: string, entry: Omit<LedgerEntryRecord, 'prevHash' | 'hash'>) => string,
    genesis: string,
  ): Promise<LedgerEntryRecord> {
    return serialized(this.db, () =>
      this.db.transaction(() => {
        const n = input.newLot;
        if (n) {
          this.db
            .prepare(
              `INSERT INTO inventory_lots (id, org_id, inventory_id, drug, strength, schedule, lot_number, expiry, unit,
                 package_amount, gtin, ndc, serial_number, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(
              n.id,
              n.orgId,
              n.inventoryId,
              n.drug,
              n.strength,
              n.schedule,
              n.lotNumber,
              n.expiry,
              n.unit,
              n.packageAmount,
              n.gtin,
              n.ndc,
              n.serialNumber,
              n.createdAt,
            );
        }
        const given = input.entry;
        const lotRow = this.db
          .prepare('SELECT * FROM inventory_lots WHERE org_id = ? AND id = ?')
          .get(given.orgId, given.lotId) as LotRow | undefined;
        if (lotRow == null) throw new Error(`no lot ${given.lotId} in ${given.orgId}`);
        const answer = check(this.select('e.org_id = ? AND e.lot_id = ?', [given.orgId, given.lotId]));
        const e = answer ? { ...given, expected: answer.expected } : given;
        const head = this.db
          .prepare('SELECT seq, hash FROM ledger_entries WHERE org_id = ? ORDER BY seq DESC LIMIT 1')
          .get(e.orgId) as { seq: number; hash: string } | undefined;
        const prevHash = head?.hash ?? genesis;
        const unhashed = { ...e, seq: (head?.seq ?? 0) + 1, lot: lot(lotRow) };
        const hash = link(prevHash, unhashed);
        this.db
          .prepare(
            `INSERT INTO ledger_entries (id, org_id, seq, inventory_id, lot_id, kind, quantity, case_id, user_id,
               witness_id, reason, expected, found, at, prev_hash, hash, corrects)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            e.id,
            e.orgId,
            unhashed.seq,
            e.inventoryId,
            e.lotId,
            e.kind,
            e.quantity,
            e.caseId,
            e.userId,
            e.witnessId,
            e.reason,
            e.expected,
            e.found,
            e.at,
            prevHash,
            hash,
            e.corrects ?? null,
          );
        this.db
          .prepare(
            `INSERT INTO chain_heads (chain, length, head) VALUES (?, ?, ?)
             ON CONFLICT (chain) DO UPDATE SET length = excluded.length, head = excluded.head`,
          )
          .run(chainName(e.orgId), unhashed.seq, hash);
        return { ...unhashed, prevHash, hash };
      })(),
    );
  }

  entries(orgId: string, filter: LedgerFilter = {}, page?: LedgerPage): Promise<LedgerEntryRecord[]> {
    return serialized(this.db, () => {
      const where = ['e.org_id = ?'];
      const params: unknown[] = [orgId];
      const add = (sql: string, ...values: unknown[]): void => {
        where.push(sql);
        params.push(...values);
      };
      if (filter.inventoryId != null) add('e.inventory_id = ?', filter.inventoryId);
      if (filter.lotId != null) add('e.lot_id = ?', filter.lotId);
      if (filter.drug != null) add('lower(trim(l.drug)) = lower(trim(?))', filter.drug);
      // A user's entries: the ones they made and the wastes they witnessed.
      if (filter.userId != null) add('(e.user_id = ? OR e.witness_id = ?)', filter.userId, filter.userId);
      if (filter.caseId != null) add('e.case_id = ?', filter.caseId);
      if (filter.from != null) add('e.at >= ?', filter.from);
      if (filter.to != null) add('e.at < ?', filter.to);
      if (page?.after != null) add('e.seq > ?', page.after);
      return this.select(where.join(' AND '), params, page?.limit);
    });
  }

  movements(orgId: string, inventoryId?: string): Promise<LedgerMovement[]> {
    return serialized(this.db, () => {
      const sql = `SELECT lot_id AS lotId, kind, quantity, case_id AS caseId, corrects FROM ledger_entries
        WHERE org_id = ?${inventoryId == null ? '' : ' AND inventory_id = ?'} ORDER BY seq`;
      return this.db.prepare(sql).all(orgId, ...(inventoryId == null ? [] : [inventoryId])) as LedgerMovement[];
    });
  }

  anchor(orgId: string): Promise<ChainHead | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT length, head FROM chain_heads WHERE chain = ?').get(chainName(orgId)) as
        ChainHead | undefined;
      return row ?? null;
    });
  }
}
