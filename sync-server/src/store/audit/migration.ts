import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 35 item 9: the audit chain's head is anchored, and FHIR AuditEvent history rows are
 * sealed too. Registered in MIGRATIONS (sqlite/migrations.ts) by one line; released migrations
 * are never edited.
 *
 * chain_heads keeps, per hash chain ('audit'; 'ledger:<orgId>' from migration 95), how many
 * links it has and the last link's hash, written in the same transaction as the links. Deleting
 * the last rows of a chain (links and records together) leaves a chain that still verifies link
 * by link; the anchor then names more links than there are. It only grows: a trigger refuses a
 * shorter length and a delete.
 */
export const AUDIT_ANCHOR_MIGRATION: Migration = {
  version: 94,
  name: 'audit: chain head anchors; AuditEvent history rows sealed into the audit chain',
  sql: `
    CREATE TABLE chain_heads (
      chain TEXT PRIMARY KEY,
      length INTEGER NOT NULL CHECK (length >= 0),
      head TEXT NOT NULL
    ) STRICT;
    CREATE TRIGGER chain_heads_no_shrink BEFORE UPDATE ON chain_heads
      WHEN NEW.length < OLD.length OR NEW.chain <> OLD.chain
      BEGIN SELECT RAISE(ABORT, 'chain_heads only grows'); END;
    CREATE TRIGGER chain_heads_no_delete BEFORE DELETE ON chain_heads
      BEGIN SELECT RAISE(ABORT, 'chain_heads only grows'); END;

    -- audit_chain's source may now also be a row of resource_history (an AuditEvent's version as
    -- _history serves it). SQLite cannot change a CHECK in place: the table is rebuilt, links kept.
    DROP TRIGGER audit_chain_no_update;
    DROP TRIGGER audit_chain_no_delete;
    CREATE TABLE audit_chain_next (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      source TEXT NOT NULL CHECK (source IN ('audit_events', 'AuditEvent', 'AuditEvent_history')),
      source_row INTEGER NOT NULL,
      prev_hash TEXT NOT NULL,
      hash TEXT NOT NULL,
      sealed_at INTEGER NOT NULL,
      UNIQUE (source, source_row)
    ) STRICT;
    INSERT INTO audit_chain_next (seq, source, source_row, prev_hash, hash, sealed_at)
      SELECT seq, source, source_row, prev_hash, hash, sealed_at FROM audit_chain ORDER BY seq;
    DROP TABLE audit_chain;
    ALTER TABLE audit_chain_next RENAME TO audit_chain;
    CREATE TRIGGER audit_chain_no_update BEFORE UPDATE ON audit_chain
      BEGIN SELECT RAISE(ABORT, 'audit_chain is append-only'); END;
    CREATE TRIGGER audit_chain_no_delete BEFORE DELETE ON audit_chain
      BEGIN SELECT RAISE(ABORT, 'audit_chain is append-only'); END;

    -- The chain as it stands is the anchor's start.
    INSERT INTO chain_heads (chain, length, head)
      SELECT 'audit', count(*), coalesce((SELECT hash FROM audit_chain ORDER BY seq DESC LIMIT 1), '') FROM audit_chain;
  `,
};
