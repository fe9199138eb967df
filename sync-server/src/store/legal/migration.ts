import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 40: acceptances of the legal documents (spec 000 §7). Registered in MIGRATIONS
 * (sqlite/migrations.ts) by one line; released migrations are never edited.
 */
export const LEGAL_ACCEPTANCES_MIGRATION: Migration = {
  version: 170,
  name: 'legal document acceptances',
  sql: `
    -- Who accepted which legal document (terms, privacy) at which version, first accepted when.
    -- Rows are never updated or deleted: the record of what a user agreed to.
    CREATE TABLE legal_acceptances (
      user_id TEXT NOT NULL,
      document TEXT NOT NULL CHECK (document IN ('terms', 'privacy')),
      version TEXT NOT NULL,
      accepted_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, document, version)
    ) STRICT;
  `,
};

/** Acceptances of the legal documents in PostgreSQL (issue 43), under SQLite's version 170. */
export const LEGAL_ACCEPTANCES_PG_MIGRATION: Migration = {
  version: 170,
  name: 'legal document acceptances',
  sql: `
    CREATE TABLE legal_acceptances (
      user_id TEXT NOT NULL,
      document TEXT NOT NULL CHECK (document IN ('terms', 'privacy')),
      version TEXT NOT NULL,
      accepted_at BIGINT NOT NULL,
      PRIMARY KEY (user_id, document, version)
    );
  `,
};
