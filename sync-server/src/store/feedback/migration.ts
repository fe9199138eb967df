import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 40: Help / Feedback messages. Registered in MIGRATIONS (sqlite/migrations.ts) by one
 * line; released migrations are never edited.
 */
export const FEEDBACK_MIGRATION: Migration = {
  version: 131,
  name: 'help and feedback messages',
  sql: `
    -- What a user sent the team (spec 000 §2 helpFeedback): who, from which organisation and
    -- page, the app's version and the recent actions log (spec 002 §9, at most 10,000 bytes).
    CREATE TABLE feedback_messages (
      id TEXT PRIMARY KEY,
      at INTEGER NOT NULL,
      user_id TEXT NOT NULL,
      user_name TEXT NOT NULL,
      email TEXT NOT NULL,
      org_id TEXT,
      message TEXT NOT NULL,
      page TEXT NOT NULL,
      app_version TEXT NOT NULL,
      recent_actions TEXT NOT NULL
    ) STRICT;
    CREATE INDEX feedback_messages_newest ON feedback_messages (at DESC, id DESC);
    CREATE INDEX feedback_messages_by_user ON feedback_messages (user_id, at);
  `,
};

/** Help / Feedback messages in PostgreSQL (issue 43), under SQLite's version 131. */
export const FEEDBACK_PG_MIGRATION: Migration = {
  version: 131,
  name: 'help and feedback messages',
  sql: `
    CREATE TABLE feedback_messages (
      id TEXT PRIMARY KEY,
      at BIGINT NOT NULL,
      user_id TEXT NOT NULL,
      user_name TEXT NOT NULL,
      email TEXT NOT NULL,
      org_id TEXT,
      message TEXT NOT NULL,
      page TEXT NOT NULL,
      app_version TEXT NOT NULL,
      recent_actions TEXT NOT NULL
    );
    CREATE INDEX feedback_messages_newest ON feedback_messages (at DESC, id COLLATE "C" DESC);
    CREATE INDEX feedback_messages_by_user ON feedback_messages (user_id, at);
  `,
};
