import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 39: the office's drug list (/org/{orgId}/customize-drugs). Registered in MIGRATIONS
 * (sqlite/migrations.ts) by one line; released migrations are never edited.
 */
export const OFFICE_DRUGS_MIGRATION: Migration = {
  version: 112,
  name: 'office drug lists',
  sql: `
    -- One list per organisation: the catalogue drugs its providers see first and the drugs it
    -- adds of its own (shared OD1), as a JSON array validated by the service.
    CREATE TABLE org_drug_lists (
      org_id TEXT PRIMARY KEY REFERENCES orgs (id) ON DELETE CASCADE,
      drugs TEXT NOT NULL,
      updated_by TEXT,
      updated_at INTEGER NOT NULL
    ) STRICT;
  `,
};

/** The office drug lists in PostgreSQL (issue 43), under SQLite's version 112. */
export const OFFICE_DRUGS_PG_MIGRATION: Migration = {
  version: 112,
  name: 'office drug lists',
  sql: `
    CREATE TABLE org_drug_lists (
      org_id TEXT PRIMARY KEY REFERENCES orgs (id) ON DELETE CASCADE,
      drugs TEXT NOT NULL,
      updated_by TEXT,
      updated_at BIGINT NOT NULL
    );
  `,
};
