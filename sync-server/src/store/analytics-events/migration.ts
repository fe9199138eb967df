import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 41: the analytics events of spec 000 §7, on Vigil's own server. Registered in MIGRATIONS
 * (sqlite/migrations.ts) by one line; released migrations are never edited.
 */
export const ANALYTICS_EVENTS_MIGRATION: Migration = {
  version: 160,
  name: 'analytics events',
  sql: `
    -- One row per event: its name, when, who (null before signing in) and which organisation.
    -- No properties: an event cannot carry patient data.
    CREATE TABLE analytics_events (
      id INTEGER PRIMARY KEY,
      at INTEGER NOT NULL,
      name TEXT NOT NULL,
      user_id TEXT,
      org_id TEXT
    ) STRICT;
    CREATE INDEX analytics_events_by_name ON analytics_events (name, at);
  `,
};
