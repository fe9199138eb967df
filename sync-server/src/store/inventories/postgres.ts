import type { DeaSchedule, LedgerCorrectableKind, LedgerEntryKind, LedgerUnit } from '@vigil/shared';
import type { ChainHead } from '../audit/types.js';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
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

type Row = Record<string, unknown>;

/** An organisation's ledger in chain_heads. */
const chainName = (orgId: string): string => `ledger:${orgId}`;

/** The advisory-lock namespace of an organisation's ledger (two-int form; 78, the ledger's migration). */
const LEDGER_LOCK = 78;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const inventory = (r: Row): InventoryRecord => ({
  id: r.id as string,
  orgId: r.org_id as string,
  name: r.name as string,
  kind: r.kind as InventoryKind,
  createdBy: r.created_by as string,
  createdAt: Number(r.created_at),
});

const lot = (r: Row): LotRecord => ({
  id: r.id as string,
  orgId: r.org_id as string,
  inventoryId: r.inventory_id as string,
  drug: r.drug as string,
  strength: r.strength as string,
  schedule: r.schedule as DeaSchedule,
  lotNumber: r.lot_number as string,
  expiry: r.expiry as string,
  unit: r.unit as LedgerUnit,
  packageAmount: Number(r.package_amount),
  gtin: r.gtin as string | null,
  ndc: r.ndc as string | null,
  serialNumber: r.serial_number as string | null,
  createdAt: Number(r.created_at),
});

const entry = (r: Row, l: LotRecord): LedgerEntryRecord => ({
  id: r.id as string,
  orgId: r.org_id as string,
  seq: Number(r.seq),
  kind: r.kind as LedgerEntryKind,
  inventoryId: r.inventory_id as string,
  lotId: r.lot_id as string,
  quantity: Number(r.quantity),
  caseId: r.case_id as string | null,
  userId: r.user_id as string,
  witnessId: r.witness_id as string | null,
  reason: r.reason as string | null,
  expected: num(r.expected),
  found: num(r.found),
  at: Number(r.at),
  prevHash: r.prev_hash as string,
  hash: r.hash as string,
  lot: l,
  ...(r.corrects != null ? { corrects: r.corrects as LedgerCorrectableKind } : {}),
});

const LOT_COLUMNS = `id, org_id, inventory_id, drug, strength, schedule, lot_number, expiry, unit, package_amount, gtin,
  ndc, serial_number, created_at`;

/**
 * The ledger's repository on PostgreSQL (inventories, inventory_lots, ledger_entries of PG
 * migration 78, the head anchor in chain_heads; issue 43). An append is one unit that first takes
 * the organisation's ledger lock (a transaction-scoped advisory lock, held to its commit): two
 * instances appending to one organisation's ledger then run one after another, so the second
 * reads the first's entry before its balance check and chains on its hash; without the lock both
 * would read the same head (a fork, or a unique violation on the sequence) and both pass a check
 * that only one may pass. Organisations' ledgers never wait on each other (a hash collision aside).
 */
export class PostgresInventoryStore implements InventoryStore {
  constructor(private readonly db: PostgresDatabase) {}

  private async rows(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    return (await this.db.query(sql, params)).rows;
  }

  async createInventory(i: InventoryRecord): Promise<void> {
    await this.db.query(
      'INSERT INTO inventories (id, org_id, name, kind, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [i.id, i.orgId, i.name, i.kind, i.createdBy, i.createdAt],
    );
  }

  async inventories(orgId: string): Promise<InventoryRecord[]> {
    return (await this.rows('SELECT * FROM inventories WHERE org_id = $1 ORDER BY created_at, row_id', [orgId])).map(
      inventory,
    );
  }

  async inventory(orgId: string, id: string): Promise<InventoryRecord | null> {
    const [row] = await this.rows('SELECT * FROM inventories WHERE org_id = $1 AND id = $2', [orgId, id]);
    return row ? inventory(row) : null;
  }

  async lots(orgId: string, inventoryId?: string): Promise<LotRecord[]> {
    const rows = await this.rows(
      `SELECT * FROM inventory_lots WHERE org_id = $1 AND ($2::text IS NULL OR inventory_id = $2)
       ORDER BY created_at, row_id`,
      [orgId, inventoryId ?? null],
    );
    return rows.map(lot);
  }

  async lot(orgId: string, id: string): Promise<LotRecord | null> {
    const [row] = await this.rows('SELECT * FROM inventory_lots WHERE org_id = $1 AND id = $2', [orgId, id]);
    return row ? lot(row) : null;
  }

  /** Entries with their lots, in chain order: one statement (the lot's columns as JSON beside the entry). */
  private async select(where: string, params: unknown[], limit?: number): Promise<LedgerEntryRecord[]> {
    const rows = await this.rows(
      `SELECT e.*, row_to_json(l) AS lot FROM ledger_entries e JOIN inventory_lots l ON l.id = e.lot_id
       WHERE ${where} ORDER BY e.seq${limit == null ? '' : ` LIMIT $${params.length + 1}`}`,
      limit == null ? params : [...params, limit],
    );
    return rows.map((r) => entry(r, lot(r.lot as Row)));
  }

  append(
    input: { newLot?: LotRecord; entry: NewLedgerEntry },
    check: (lotEntries: LedgerEntryRecord[]) => { expected: number | null } | void,
    link: (prevHash: string, entry: Omit<LedgerEntryRecord, 'prevHash' | 'hash'>) => string,
    genesis: string,
  ): Promise<LedgerEntryRecord> {
    const given = input.entry;
    return this.db.transaction(async () => {
      await this.db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LEDGER_LOCK, given.orgId]);
      const n = input.newLot;
      if (n) {
        await this.db.query(
          `INSERT INTO inventory_lots (${LOT_COLUMNS})
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [
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
          ],
        );
      }
      const [lotRow] = await this.rows('SELECT * FROM inventory_lots WHERE org_id = $1 AND id = $2', [
        given.orgId,
        given.lotId,
      ]);
      if (lotRow == null) throw new Error(`no lot ${given.lotId} in ${given.orgId}`);
      const answer = check(await this.select('e.org_id = $1 AND e.lot_id = $2', [given.orgId, given.lotId]));
      const e = answer ? { ...given, expected: answer.expected } : given;
      const [head] = await this.rows(
        'SELECT seq, hash FROM ledger_entries WHERE org_id = $1 ORDER BY seq DESC LIMIT 1',
        [e.orgId],
      );
      const prevHash = (head?.hash as string | undefined) ?? genesis;
      const unhashed = { ...e, seq: (head ? Number(head.seq) : 0) + 1, lot: lot(lotRow) };
      const hash = link(prevHash, unhashed);
      await this.db.query(
        `INSERT INTO ledger_entries (id, org_id, seq, inventory_id, lot_id, kind, quantity, case_id, user_id,
           witness_id, reason, expected, found, at, prev_hash, hash, corrects)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
        [
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
        ],
      );
      await this.db.query(
        `INSERT INTO chain_heads (chain, length, head) VALUES ($1, $2, $3)
         ON CONFLICT (chain) DO UPDATE SET length = excluded.length, head = excluded.head`,
        [chainName(e.orgId), unhashed.seq, hash],
      );
      return { ...unhashed, prevHash, hash };
    });
  }

  entries(orgId: string, filter: LedgerFilter = {}, page?: LedgerPage): Promise<LedgerEntryRecord[]> {
    const where = ['e.org_id = $1'];
    const params: unknown[] = [orgId];
    const add = (sql: (...at: string[]) => string, ...values: unknown[]): void => {
      const at = values.map((v) => `$${params.push(v)}`);
      where.push(sql(...at));
    };
    if (filter.inventoryId != null) add((a) => `e.inventory_id = ${a}`, filter.inventoryId);
    if (filter.lotId != null) add((a) => `e.lot_id = ${a}`, filter.lotId);
    if (filter.drug != null) add((a) => `lower(trim(l.drug)) = lower(trim(${a}))`, filter.drug);
    // A user's entries: the ones they made and the wastes they witnessed.
    if (filter.userId != null) add((a) => `(e.user_id = ${a} OR e.witness_id = ${a})`, filter.userId);
    if (filter.caseId != null) add((a) => `e.case_id = ${a}`, filter.caseId);
    if (filter.from != null) add((a) => `e.at >= ${a}`, filter.from);
    if (filter.to != null) add((a) => `e.at < ${a}`, filter.to);
    if (page?.after != null) add((a) => `e.seq > ${a}`, page.after);
    return this.select(where.join(' AND '), params, page?.limit);
  }

  async movements(orgId: string, inventoryId?: string): Promise<LedgerMovement[]> {
    const rows = await this.rows(
      `SELECT lot_id, kind, quantity, case_id, corrects FROM ledger_entries
       WHERE org_id = $1 AND ($2::text IS NULL OR inventory_id = $2) ORDER BY seq`,
      [orgId, inventoryId ?? null],
    );
    return rows.map((r) => ({
      lotId: r.lot_id as string,
      kind: r.kind as LedgerEntryKind,
      quantity: Number(r.quantity),
      caseId: r.case_id as string | null,
      corrects: r.corrects as LedgerCorrectableKind | null,
    }));
  }

  async anchor(orgId: string): Promise<ChainHead | null> {
    const [row] = await this.rows('SELECT length, head FROM chain_heads WHERE chain = $1', [chainName(orgId)]);
    return row ? { length: Number(row.length), head: row.head as string } : null;
  }
}
