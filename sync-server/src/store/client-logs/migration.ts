import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 41: the browsers' log beacons (spec 000 §7, CL1). Registered in MIGRATIONS
 * (sqlite/migrations.ts) by one line; released migrations are never edited.
 */
export const CLIENT_LOGS_MIGRATION: Migration = {
  version: 190,
  name: 'client logs',
  sql: `
    -- One row per beacon: level (spec 002 §9), what raised it, the error's class name, a code, the
    -- script file and line, the address with ids taken out; who and which organisation. No message
    -- or stack text, so no patient data. Kept 30 days.
    CREATE TABLE client_logs (
      id INTEGER PRIMARY KEY,
      at INTEGER NOT NULL,
      level INTEGER NOT NULL,
      kind TEXT NOT NULL,
      error_name TEXT,
      code TEXT,
      source TEXT,
      route TEXT,
      app_version TEXT,
      user_id TEXT NOT NULL,
      org_id TEXT
    ) STRICT;
    CREATE INDEX client_logs_by_user ON client_logs (user_id, at);
    CREATE INDEX client_logs_by_time ON client_logs (at);
  `,
};

/**
 * Session 30: the team's customer-support screen pages an organisation's beacons, newest first
 * (store/oversight/support-sqlite.ts); a user's have their index since 190.
 */
export const CLIENT_LOGS_BY_ORG_MIGRATION: Migration = {
  version: 200,
  name: 'client logs by organisation',
  sql: `
    CREATE INDEX client_logs_by_org ON client_logs (org_id, at);
  `,
};
