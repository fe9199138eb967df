import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 29: the controlled-substance ledger. Registered in MIGRATIONS (sqlite/migrations.ts) by
 * one line; released migrations are never edited. Lots and entries are append-only (triggers
 * refuse an update or a delete); every entry is hash-chained per organisation (prev_hash, hash:
 * shared ledgerEntryHash over the canonical entry with its lot), so a row changed behind the
 * triggers' back is reported by the chain check.
 */
export const INVENTORIES_MIGRATION: Migration = {
  version: 78,
  name: 'controlled-substance inventories, lots and the hash-chained ledger',
  sql: `
    -- An organisation's inventory of controlled drugs (a safe, a cart).
    CREATE TABLE inventories (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('safe', 'cart')),
      created_by TEXT NOT NULL,
      created_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX inventories_by_org ON inventories (org_id, created_at);

    -- A lot of one drug in one inventory, written once at its first receipt. Quantities are in unit;
    -- package_amount is one package's content (a 2 mL vial of 5 mg/mL: 10 mg).
    CREATE TABLE inventory_lots (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      inventory_id TEXT NOT NULL REFERENCES inventories (id),
      drug TEXT NOT NULL,
      strength TEXT NOT NULL,
      schedule TEXT NOT NULL CHECK (schedule IN ('II', 'III', 'IV', 'V')),
      lot_number TEXT NOT NULL,
      expiry TEXT NOT NULL,
      unit TEXT NOT NULL CHECK (unit IN ('mg', 'mcg', 'g')),
      package_amount REAL NOT NULL,
      gtin TEXT,
      ndc TEXT,
      serial_number TEXT,
      created_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX inventory_lots_by_inventory ON inventory_lots (org_id, inventory_id);
    CREATE TRIGGER inventory_lots_no_update BEFORE UPDATE ON inventory_lots
      BEGIN SELECT RAISE(ABORT, 'inventory_lots is append-only'); END;
    CREATE TRIGGER inventory_lots_no_delete BEFORE DELETE ON inventory_lots
      BEGIN SELECT RAISE(ABORT, 'inventory_lots is append-only'); END;

    -- Every movement of a lot, in the organisation's chain order (seq 1, 2, …).
    CREATE TABLE ledger_entries (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      inventory_id TEXT NOT NULL REFERENCES inventories (id),
      lot_id TEXT NOT NULL REFERENCES inventory_lots (id),
      kind TEXT NOT NULL CHECK (kind IN ('receive', 'dispense', 'administer', 'waste', 'return', 'adjust', 'count')),
      quantity REAL NOT NULL,
      case_id TEXT,
      user_id TEXT NOT NULL,
      witness_id TEXT,
      reason TEXT,
      expected REAL,
      found REAL,
      at INTEGER NOT NULL,
      prev_hash TEXT NOT NULL,
      hash TEXT NOT NULL,
      UNIQUE (org_id, seq)
    ) STRICT;
    CREATE INDEX ledger_entries_by_lot ON ledger_entries (lot_id, seq);
    CREATE INDEX ledger_entries_by_case ON ledger_entries (org_id, case_id);
    CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries
      BEGIN SELECT RAISE(ABORT, 'ledger_entries is append-only'); END;
    CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON ledger_entries
      BEGIN SELECT RAISE(ABORT, 'ledger_entries is append-only'); END;
  `,
};

/**
 * Issue 35 items 5 and 9: the correction entry kind (with what it corrects), and the ledger's
 * head anchored per organisation in chain_heads (migration 94) as 'ledger:<orgId>', so deleting
 * an organisation's last entries is detected. ledger_entries is rebuilt (SQLite cannot change a
 * CHECK in place); every entry, its sequence and its hashes are kept.
 */
export const LEDGER_CORRECTIONS_MIGRATION: Migration = {
  version: 95,
  name: 'ledger: correction entries and the chain head anchor',
  sql: `
    DROP TRIGGER ledger_entries_no_update;
    DROP TRIGGER ledger_entries_no_delete;
    CREATE TABLE ledger_entries_next (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      inventory_id TEXT NOT NULL REFERENCES inventories (id),
      lot_id TEXT NOT NULL REFERENCES inventory_lots (id),
      kind TEXT NOT NULL
        CHECK (kind IN ('receive', 'dispense', 'administer', 'waste', 'return', 'adjust', 'count', 'correction')),
      quantity REAL NOT NULL,
      case_id TEXT,
      user_id TEXT NOT NULL,
      witness_id TEXT,
      reason TEXT,
      expected REAL,
      found REAL,
      at INTEGER NOT NULL,
      prev_hash TEXT NOT NULL,
      hash TEXT NOT NULL,
      -- A correction's kind it stands for; null for every other entry.
      corrects TEXT CHECK (corrects IN ('dispense', 'waste', 'return')),
      CHECK ((kind = 'correction') = (corrects IS NOT NULL)),
      UNIQUE (org_id, seq)
    ) STRICT;
    INSERT INTO ledger_entries_next (id, org_id, seq, inventory_id, lot_id, kind, quantity, case_id, user_id,
        witness_id, reason, expected, found, at, prev_hash, hash)
      SELECT id, org_id, seq, inventory_id, lot_id, kind, quantity, case_id, user_id,
        witness_id, reason, expected, found, at, prev_hash, hash FROM ledger_entries;
    DROP TABLE ledger_entries;
    ALTER TABLE ledger_entries_next RENAME TO ledger_entries;
    CREATE INDEX ledger_entries_by_lot ON ledger_entries (lot_id, seq);
    CREATE INDEX ledger_entries_by_case ON ledger_entries (org_id, case_id);
    CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries
      BEGIN SELECT RAISE(ABORT, 'ledger_entries is append-only'); END;
    CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON ledger_entries
      BEGIN SELECT RAISE(ABORT, 'ledger_entries is append-only'); END;

    INSERT INTO chain_heads (chain, length, head)
      SELECT 'ledger:' || e.org_id, e.seq, e.hash FROM ledger_entries e
      WHERE e.seq = (SELECT max(seq) FROM ledger_entries x WHERE x.org_id = e.org_id);
  `,
};

/**
 * The controlled-substance ledger in PostgreSQL (issue 43), under SQLite's version 78 that created
 * it, in today's shape (migration 95's correction entries; its head anchor is chain_heads of PG
 * migration 94). Quantities are double precision like SQLite's REAL; lots and entries are
 * append-only by trigger; `row_id` stands for SQLite's rowid (inventories and lots created at one
 * time list in creation order).
 */
export const INVENTORIES_PG_MIGRATION: Migration = {
  version: 78,
  name: 'controlled-substance inventories, lots and the hash-chained ledger',
  sql: `
    CREATE TABLE inventories (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('safe', 'cart')),
      created_by TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      row_id BIGINT GENERATED BY DEFAULT AS IDENTITY UNIQUE
    );
    CREATE INDEX inventories_by_org ON inventories (org_id, created_at);

    CREATE TABLE inventory_lots (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      inventory_id TEXT NOT NULL REFERENCES inventories (id),
      drug TEXT NOT NULL,
      strength TEXT NOT NULL,
      schedule TEXT NOT NULL CHECK (schedule IN ('II', 'III', 'IV', 'V')),
      lot_number TEXT NOT NULL,
      expiry TEXT NOT NULL,
      unit TEXT NOT NULL CHECK (unit IN ('mg', 'mcg', 'g')),
      package_amount DOUBLE PRECISION NOT NULL,
      gtin TEXT,
      ndc TEXT,
      serial_number TEXT,
      created_at BIGINT NOT NULL,
      row_id BIGINT GENERATED BY DEFAULT AS IDENTITY UNIQUE
    );
    CREATE INDEX inventory_lots_by_inventory ON inventory_lots (org_id, inventory_id);

    CREATE TABLE ledger_entries (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      seq BIGINT NOT NULL,
      inventory_id TEXT NOT NULL REFERENCES inventories (id),
      lot_id TEXT NOT NULL REFERENCES inventory_lots (id),
      kind TEXT NOT NULL
        CHECK (kind IN ('receive', 'dispense', 'administer', 'waste', 'return', 'adjust', 'count', 'correction')),
      quantity DOUBLE PRECISION NOT NULL,
      case_id TEXT,
      user_id TEXT NOT NULL,
      witness_id TEXT,
      reason TEXT,
      expected DOUBLE PRECISION,
      found DOUBLE PRECISION,
      at BIGINT NOT NULL,
      prev_hash TEXT NOT NULL,
      hash TEXT NOT NULL,
      corrects TEXT CHECK (corrects IN ('dispense', 'waste', 'return')),
      CHECK ((kind = 'correction') = (corrects IS NOT NULL)),
      UNIQUE (org_id, seq)
    );
    CREATE INDEX ledger_entries_by_lot ON ledger_entries (lot_id, seq);
    CREATE INDEX ledger_entries_by_case ON ledger_entries (org_id, case_id);

    CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
    END $$;
    CREATE TRIGGER inventory_lots_append_only BEFORE UPDATE OR DELETE ON inventory_lots
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER inventory_lots_no_truncate BEFORE TRUNCATE ON inventory_lots
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
      FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
    CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
  `,
};
