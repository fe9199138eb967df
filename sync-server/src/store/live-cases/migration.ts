import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 38 / 41: the live summaries of the cases in progress. Registered in MIGRATIONS
 * (sqlite/migrations.ts) by one line; released migrations are never edited.
 */
export const LIVE_CASES_MIGRATION: Migration = {
  version: 128,
  name: 'live case summaries',
  sql: `
    -- One row per case in progress: its live summary as JSON (ids, times and vitals; no names),
    -- replaced at most once a second while the case's document changes. active_at is the later
    -- of the summary's making and its newest reading: the live lists leave out stale cases.
    CREATE TABLE live_cases (
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      case_id TEXT NOT NULL,
      summary TEXT NOT NULL,
      active_at INTEGER NOT NULL,
      PRIMARY KEY (org_id, case_id)
    ) STRICT;
  `,
};

/** The live case summaries in PostgreSQL (issue 43), under SQLite's version 128. */
export const LIVE_CASES_PG_MIGRATION: Migration = {
  version: 128,
  name: 'live case summaries',
  sql: `
    CREATE TABLE live_cases (
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      case_id TEXT NOT NULL,
      summary TEXT NOT NULL,
      active_at BIGINT NOT NULL,
      PRIMARY KEY (org_id, case_id)
    );
  `,
};
