import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 36 item 1: rate-limit places (store/attempts/), the attempts in flight that every
 * process over the database counts. Registered in MIGRATIONS (sqlite/migrations.ts) by one
 * line; released migrations are never edited.
 */
export const ATTEMPT_PLACES_MIGRATION: Migration = {
  version: 98,
  name: 'rate-limit places',
  sql: `
    -- One row per key an attempt holds a place under (attempt_id groups an attempt's places);
    -- deleted when the attempt ends, ignored and cleared once expired (a crashed process).
    CREATE TABLE attempt_places (
      attempt_id TEXT NOT NULL,
      key TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      PRIMARY KEY (key, attempt_id)
    ) STRICT;
    CREATE INDEX attempt_places_by_attempt ON attempt_places (attempt_id);
    CREATE INDEX attempt_places_by_expiry ON attempt_places (expires_at);
  `,
};

/** Rate-limit places in PostgreSQL (issue 43): the same table and version, the time a 64-bit number of ms. */
export const ATTEMPT_PLACES_PG_MIGRATION: Migration = {
  version: 98,
  name: 'rate-limit places',
  sql: `
    CREATE TABLE attempt_places (
      attempt_id TEXT NOT NULL,
      key TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      PRIMARY KEY (key, attempt_id)
    );
    CREATE INDEX attempt_places_by_attempt ON attempt_places (attempt_id);
    CREATE INDEX attempt_places_by_expiry ON attempt_places (expires_at);
  `,
};
