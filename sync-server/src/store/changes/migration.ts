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
