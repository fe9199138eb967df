import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 38: the Vigil Bridge (store/bridges/types.ts). Registered in MIGRATIONS
 * (sqlite/migrations.ts) by one line each; released migrations are never edited.
 */
export const BRIDGES_MIGRATION: Migration = {
  version: 140,
  name: 'bridge pairing codes and bridges',
  sql: `
    -- A one-time pairing code: its SHA-256 only, removed when a bridge takes it.
    CREATE TABLE bridge_pairing_codes (
      code_hash TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      location TEXT NOT NULL,
      created_by TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    ) STRICT;
    -- A paired bridge: its credential's secret as a SHA-256, revoked_at set once revoked.
    CREATE TABLE bridges (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      location TEXT NOT NULL,
      name TEXT NOT NULL,
      secret_hash TEXT NOT NULL,
      paired_at INTEGER NOT NULL,
      paired_by TEXT NOT NULL,
      last_seen_at INTEGER,
      revoked_at INTEGER,
      revoked_by TEXT
    ) STRICT;
    CREATE INDEX bridges_org ON bridges (org_id, paired_at, id);
  `,
};

export const BRIDGE_MONITORS_MIGRATION: Migration = {
  version: 141,
  name: 'bridge monitors and their cases',
  sql: `
    CREATE TABLE bridge_monitors (
      bridge_id TEXT NOT NULL REFERENCES bridges (id) ON DELETE CASCADE,
      monitor_key TEXT NOT NULL,
      label TEXT NOT NULL,
      protocol TEXT NOT NULL,
      last_reading_at INTEGER,
      PRIMARY KEY (bridge_id, monitor_key)
    ) STRICT;
    -- Which case a bridge monitor charts into (the provider's pick), one case per monitor.
    CREATE TABLE bridge_assignments (
      bridge_id TEXT NOT NULL REFERENCES bridges (id) ON DELETE CASCADE,
      monitor_key TEXT NOT NULL,
      org_id TEXT NOT NULL,
      case_id TEXT NOT NULL,
      interval_ms INTEGER NOT NULL,
      assigned_by TEXT NOT NULL,
      assigned_at INTEGER NOT NULL,
      last_charted_at INTEGER,
      PRIMARY KEY (bridge_id, monitor_key)
    ) STRICT;
    CREATE INDEX bridge_assignments_case ON bridge_assignments (org_id, case_id);
  `,
};

export const BRIDGE_READINGS_MIGRATION: Migration = {
  version: 142,
  name: 'bridge readings taken',
  sql: `
    -- The ids of the readings a bridge delivered: a reading sent again is not charted twice.
    CREATE TABLE bridge_readings (
      bridge_id TEXT NOT NULL REFERENCES bridges (id) ON DELETE CASCADE,
      reading_id TEXT NOT NULL,
      taken_at INTEGER NOT NULL,
      PRIMARY KEY (bridge_id, reading_id)
    ) STRICT, WITHOUT ROWID;
  `,
};

export const BRIDGE_READINGS_PRUNE_MIGRATION: Migration = {
  version: 143,
  name: 'bridge readings by time taken',
  sql: `
    -- The pruner forgets taken reading ids older than the retention (bridges/retention.ts).
    CREATE INDEX bridge_readings_taken ON bridge_readings (taken_at);
  `,
};

/** Pairing codes and bridges in PostgreSQL (issue 43), under SQLite's version 140. */
export const BRIDGES_PG_MIGRATION: Migration = {
  version: 140,
  name: 'bridge pairing codes and bridges',
  sql: `
    CREATE TABLE bridge_pairing_codes (
      code_hash TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      location TEXT NOT NULL,
      created_by TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    );
    CREATE TABLE bridges (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      location TEXT NOT NULL,
      name TEXT NOT NULL,
      secret_hash TEXT NOT NULL,
      paired_at BIGINT NOT NULL,
      paired_by TEXT NOT NULL,
      last_seen_at BIGINT,
      revoked_at BIGINT,
      revoked_by TEXT
    );
    CREATE INDEX bridges_org ON bridges (org_id, paired_at, id COLLATE "C");
  `,
};

/** Bridge monitors and their cases in PostgreSQL (issue 43), under SQLite's version 141. */
export const BRIDGE_MONITORS_PG_MIGRATION: Migration = {
  version: 141,
  name: 'bridge monitors and their cases',
  sql: `
    CREATE TABLE bridge_monitors (
      bridge_id TEXT NOT NULL REFERENCES bridges (id) ON DELETE CASCADE,
      monitor_key TEXT NOT NULL,
      label TEXT NOT NULL,
      protocol TEXT NOT NULL,
      last_reading_at BIGINT,
      PRIMARY KEY (bridge_id, monitor_key)
    );
    CREATE TABLE bridge_assignments (
      bridge_id TEXT NOT NULL REFERENCES bridges (id) ON DELETE CASCADE,
      monitor_key TEXT NOT NULL,
      org_id TEXT NOT NULL,
      case_id TEXT NOT NULL,
      interval_ms BIGINT NOT NULL,
      assigned_by TEXT NOT NULL,
      assigned_at BIGINT NOT NULL,
      last_charted_at BIGINT,
      PRIMARY KEY (bridge_id, monitor_key)
    );
    CREATE INDEX bridge_assignments_case ON bridge_assignments (org_id, case_id);
  `,
};

/** Taken reading ids in PostgreSQL (issue 43), under SQLite's version 142, with 143's index by time. */
export const BRIDGE_READINGS_PG_MIGRATION: Migration = {
  version: 142,
  name: 'bridge readings taken',
  sql: `
    CREATE TABLE bridge_readings (
      bridge_id TEXT NOT NULL REFERENCES bridges (id) ON DELETE CASCADE,
      reading_id TEXT NOT NULL,
      taken_at BIGINT NOT NULL,
      PRIMARY KEY (bridge_id, reading_id)
    );
    CREATE INDEX bridge_readings_taken ON bridge_readings (taken_at);
  `,
};
