import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 39: the office's checklists. Registered in MIGRATIONS (sqlite/migrations.ts) by one
 * line; released migrations are never edited.
 */
export const ORG_CHECKLISTS_MIGRATION: Migration = {
  version: 110,
  name: 'office checklists',
  sql: `
    -- One list per organisation and kind (spec 001 §3 preOpChecklist, optChecks): the labels a
    -- new case starts with, as a JSON array of strings.
    CREATE TABLE org_checklists (
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('preOpChecklist', 'optChecks')),
      items TEXT NOT NULL,
      updated_by TEXT,
      updated_at INTEGER NOT NULL,
      PRIMARY KEY (org_id, kind)
    ) STRICT;
  `,
};

/** The office's checklists in PostgreSQL (issue 43), under SQLite's version 110. */
export const ORG_CHECKLISTS_PG_MIGRATION: Migration = {
  version: 110,
  name: 'office checklists',
  sql: `
    CREATE TABLE org_checklists (
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('preOpChecklist', 'optChecks')),
      items TEXT NOT NULL,
      updated_by TEXT,
      updated_at BIGINT NOT NULL,
      PRIMARY KEY (org_id, kind)
    );
  `,
};
