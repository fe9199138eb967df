import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 36 item 4: leases (store/leases/), the exclusive hold on a document at finalize and
 * history signing that every process over the database sees. Registered in MIGRATIONS
 * (sqlite/migrations.ts) by one line; released migrations are never edited.
 */
export const LEASES_MIGRATION: Migration = {
  version: 97,
  name: 'leases',
  sql: `
    -- One row per key ever leased: who holds it and until when. A row past expires_at is free
    -- (taken over by the next acquire, never cleaned up by a crashed holder). The token tells
    -- this acquisition from a later one of the same key.
    CREATE TABLE leases (
      key TEXT PRIMARY KEY,
      holder TEXT NOT NULL,
      token TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    ) STRICT;
  `,
};

/** The leases table in PostgreSQL (issue 43): the same columns, the time as a 64-bit number of ms. */
export const LEASES_PG_MIGRATION: Migration = {
  version: 97,
  name: 'leases',
  sql: `
    CREATE TABLE leases (
      key TEXT PRIMARY KEY,
      holder TEXT NOT NULL,
      token TEXT NOT NULL,
      expires_at BIGINT NOT NULL
    );
  `,
};
