import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 36 item 3: the change feed (an outbox written in the same transaction as the change) and
 * its consumers' cursors. Registered in MIGRATIONS (sqlite/migrations.ts) by one line; released
 * migrations are never edited.
 */
export const CHANGE_FEED_MIGRATION: Migration = {
  version: 96,
  name: 'change feed and consumer cursors',
  sql: `
    -- One row per committed change, in commit order: a resource's new version ('resource', with
    -- its type, id and version) or a domain event (its name, a small JSON payload of ids).
    -- AUTOINCREMENT: a seq is never reused after a prune, so a cursor never skips a change.
    CREATE TABLE change_feed (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      at INTEGER NOT NULL,
      org_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      resource_type TEXT,
      resource_id TEXT,
      version_id INTEGER,
      payload TEXT NOT NULL
    ) STRICT;

    -- The last seq each named consumer handled (at-least-once: it advances after handling).
    CREATE TABLE change_cursors (
      consumer TEXT PRIMARY KEY,
      seq INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    ) STRICT;
  `,
};

/**
 * Session 24 (issue 36, the feed's cost on the write path): change_feed without AUTOINCREMENT.
 * AUTOINCREMENT rewrote its row of sqlite_sequence on every append, one more page in every
 * write's commit (about 1 of the 2 pages the feed added to a resource write's ~18). What it
 * guaranteed, that a seq is never handed out twice even after a prune emptied the feed, is now
 * kept by change_feed_floor: the highest seq a prune deleted, which an append's seq exceeds
 * (sqlite.ts). Only a prune writes it, so it costs appends no page.
 */
export const CHANGE_FEED_WITHOUT_AUTOINCREMENT_MIGRATION: Migration = {
  version: 100,
  name: 'change feed without AUTOINCREMENT, its floor kept by the prune',
  sql: `
    CREATE TABLE change_feed_next (
      seq INTEGER PRIMARY KEY,
      at INTEGER NOT NULL,
      org_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      resource_type TEXT,
      resource_id TEXT,
      version_id INTEGER,
      payload TEXT NOT NULL
    ) STRICT;
    INSERT INTO change_feed_next (seq, at, org_id, kind, resource_type, resource_id, version_id, payload)
      SELECT seq, at, org_id, kind, resource_type, resource_id, version_id, payload FROM change_feed ORDER BY seq;

    -- One row: every seq up to this one was handed out (and may be pruned); the next is above it.
    -- Starts at the last seq AUTOINCREMENT handed out, so a feed pruned empty before this
    -- migration still never reuses one a consumer's cursor or a tablet's Last-Event-ID holds.
    CREATE TABLE change_feed_floor (
      one INTEGER PRIMARY KEY CHECK (one = 1),
      seq INTEGER NOT NULL
    ) STRICT;
    INSERT INTO change_feed_floor (one, seq)
      VALUES (1, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'change_feed'), 0));

    DROP TABLE change_feed;
    ALTER TABLE change_feed_next RENAME TO change_feed;
  `,
};

/**
 * The change feed in PostgreSQL (issue 43), with the version of SQLite's 96: the feed, the
 * consumers' cursors, and the feed's head (what SQLite's floor of migration 100 became): one row
 * holding the last seq handed out. An append takes the next seq by updating that row, whose lock
 * it holds to its commit, so seqs follow commit order across instances (store/changes/postgres.ts).
 */
export const CHANGE_FEED_PG_MIGRATION: Migration = {
  version: 96,
  name: 'change feed and consumer cursors',
  sql: `
    CREATE TABLE change_feed (
      seq BIGINT PRIMARY KEY,
      at BIGINT NOT NULL,
      org_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      resource_type TEXT,
      resource_id TEXT,
      version_id BIGINT,
      payload TEXT NOT NULL
    );

    CREATE TABLE change_cursors (
      consumer TEXT PRIMARY KEY,
      seq BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    );

    -- One row: the last seq handed out. Never lowered, so a prune that empties the feed never
    -- lets a seq be handed out again.
    CREATE TABLE change_feed_head (
      one INTEGER PRIMARY KEY CHECK (one = 1),
      seq BIGINT NOT NULL
    );
    INSERT INTO change_feed_head (one, seq) VALUES (1, 0);
  `,
};
