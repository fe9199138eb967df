import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 39: the presets (macros) of spec 002 §3. Registered in MIGRATIONS (sqlite/migrations.ts)
 * by one line; released migrations are never edited.
 */
export const PRESETS_MIGRATION: Migration = {
  version: 106,
  name: 'presets',
  sql: `
    -- A preset of one organisation: a user's (owner_user_id set) or the organisation's (or, in
    -- the demo office, the demo's). The macro is JSON validated by the service (spec 002 §3).
    CREATE TABLE org_presets (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      owner_kind TEXT NOT NULL CHECK (owner_kind IN ('user', 'org', 'demo')),
      owner_user_id TEXT,
      macro TEXT NOT NULL,
      created_by TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      CHECK ((owner_kind = 'user') = (owner_user_id IS NOT NULL))
    ) STRICT;
    CREATE INDEX org_presets_by_org ON org_presets (org_id, name);
  `,
};

/** The presets in PostgreSQL (issue 43), under SQLite's version 106. */
export const PRESETS_PG_MIGRATION: Migration = {
  version: 106,
  name: 'presets',
  sql: `
    CREATE TABLE org_presets (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      owner_kind TEXT NOT NULL CHECK (owner_kind IN ('user', 'org', 'demo')),
      owner_user_id TEXT,
      macro TEXT NOT NULL,
      created_by TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      CHECK ((owner_kind = 'user') = (owner_user_id IS NOT NULL))
    );
    CREATE INDEX org_presets_by_org ON org_presets (org_id, name COLLATE "C");
  `,
};
