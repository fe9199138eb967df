import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 40: the office's pre-op settings. Registered in MIGRATIONS (sqlite/migrations.ts) by one
 * line; released migrations are never edited. Numbered 127 (session 27) to leave the numbers
 * after 110 to other areas of the same session.
 */
export const PREOP_SETTINGS_MIGRATION: Migration = {
  version: 127,
  name: 'office pre-op settings',
  sql: `
    -- The review period of the pre-op list (PRE3): days before a visit a weight or an allergy
    -- review counts.
    CREATE TABLE org_preop_settings (
      org_id TEXT PRIMARY KEY REFERENCES orgs (id) ON DELETE CASCADE,
      review_days INTEGER NOT NULL CHECK (review_days BETWEEN 1 AND 365),
      updated_by TEXT,
      updated_at INTEGER NOT NULL
    ) STRICT;
  `,
};

/** The office's pre-op settings in PostgreSQL (issue 43), under SQLite's version 127. */
export const PREOP_SETTINGS_PG_MIGRATION: Migration = {
  version: 127,
  name: 'office pre-op settings',
  sql: `
    CREATE TABLE org_preop_settings (
      org_id TEXT PRIMARY KEY REFERENCES orgs (id) ON DELETE CASCADE,
      review_days INTEGER NOT NULL CHECK (review_days BETWEEN 1 AND 365),
      updated_by TEXT,
      updated_at BIGINT NOT NULL
    );
  `,
};
