import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 41: the analytics read model. Registered in MIGRATIONS (sqlite/migrations.ts) by one
 * line; released migrations are never edited. Derived data only: `npm run analytics:rebuild`
 * empties and refills it from the cases.
 */
export const ANALYTICS_FACTS_MIGRATION: Migration = {
  version: 111,
  name: 'analytics case facts',
  sql: `
    -- One row per case (shared caseFacts): the columns the page's figures group and count by,
    -- and the whole facts as JSON for the drill-down.
    CREATE TABLE analytics_case_facts (
      org_id TEXT NOT NULL,
      case_id TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('started', 'finalized')),
      location_id TEXT,
      location_name TEXT,
      provider_id TEXT,
      provider_name TEXT,
      sedation_level TEXT,
      -- Case start, epoch ms (0 when unknown, so the drill-down's order needs no NULL case).
      start_key INTEGER NOT NULL,
      start_at INTEGER,
      month TEXT,
      anesthesia_minutes INTEGER,
      anesthesia_units REAL,
      discharge_type TEXT NOT NULL,
      discharge_score INTEGER,
      q_pre_op_complete INTEGER NOT NULL,
      q_vitals_at_every_checkpoint INTEGER NOT NULL,
      q_discharge_before_signoff INTEGER NOT NULL,
      q_signed_within_24h INTEGER NOT NULL,
      q_no_override INTEGER NOT NULL,
      facts TEXT NOT NULL,
      updated_at INTEGER NOT NULL,
      PRIMARY KEY (org_id, case_id)
    ) STRICT;
    CREATE INDEX analytics_case_facts_by_start ON analytics_case_facts (org_id, start_key DESC, case_id DESC);
    CREATE INDEX analytics_case_facts_by_month ON analytics_case_facts (org_id, month);
    -- A case's drugs (RL5 totals), one row per drug and unit.
    CREATE TABLE analytics_case_drugs (
      org_id TEXT NOT NULL,
      case_id TEXT NOT NULL,
      name TEXT NOT NULL,
      unit TEXT NOT NULL,
      total REAL NOT NULL,
      PRIMARY KEY (org_id, case_id, name, unit),
      FOREIGN KEY (org_id, case_id) REFERENCES analytics_case_facts (org_id, case_id) ON DELETE CASCADE
    ) STRICT;
    -- Monthly roll-ups of the facts (kept by the store on every write), so the page's figures read a
    -- row per month and key, not a row per case: flat in the number of cases. '' stands for none
    -- (a case without a start, level, provider or place).
    CREATE TABLE analytics_month (
      org_id TEXT NOT NULL,
      month TEXT NOT NULL,
      level_key TEXT NOT NULL,
      provider_key TEXT NOT NULL,
      location_key TEXT NOT NULL,
      provider_name TEXT,
      location_name TEXT,
      cases INTEGER NOT NULL,
      finalized INTEGER NOT NULL,
      anesthesia_minutes INTEGER NOT NULL,
      anesthesia_units REAL NOT NULL,
      q_pre_op_complete INTEGER NOT NULL,
      q_vitals_at_every_checkpoint INTEGER NOT NULL,
      q_discharge_before_signoff INTEGER NOT NULL,
      q_signed_within_24h INTEGER NOT NULL,
      q_no_override INTEGER NOT NULL,
      PRIMARY KEY (org_id, month, level_key, provider_key, location_key)
    ) STRICT;
    CREATE TABLE analytics_month_drugs (
      org_id TEXT NOT NULL,
      month TEXT NOT NULL,
      provider_key TEXT NOT NULL,
      location_key TEXT NOT NULL,
      name TEXT NOT NULL,
      unit TEXT NOT NULL,
      cases INTEGER NOT NULL,
      total REAL NOT NULL,
      PRIMARY KEY (org_id, month, provider_key, location_key, name, unit)
    ) STRICT;
    CREATE TABLE analytics_month_discharge (
      org_id TEXT NOT NULL,
      month TEXT NOT NULL,
      provider_key TEXT NOT NULL,
      location_key TEXT NOT NULL,
      type TEXT NOT NULL,
      score INTEGER NOT NULL,
      cases INTEGER NOT NULL,
      PRIMARY KEY (org_id, month, provider_key, location_key, type, score)
    ) STRICT;
  `,
};

/**
 * The analytics read model in PostgreSQL (issue 43), under SQLite's version 111: the same tables
 * and columns (epoch ms as BIGINT, SQLite's REAL as DOUBLE PRECISION, the quality flags still
 * 0/1 integers so the roll-ups add them up as SQLite does).
 */
export const ANALYTICS_FACTS_PG_MIGRATION: Migration = {
  version: 111,
  name: 'analytics case facts',
  sql: `
    CREATE TABLE analytics_case_facts (
      org_id TEXT NOT NULL,
      case_id TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('started', 'finalized')),
      location_id TEXT,
      location_name TEXT,
      provider_id TEXT,
      provider_name TEXT,
      sedation_level TEXT,
      start_key BIGINT NOT NULL,
      start_at BIGINT,
      month TEXT,
      anesthesia_minutes INTEGER,
      anesthesia_units DOUBLE PRECISION,
      discharge_type TEXT NOT NULL,
      discharge_score INTEGER,
      q_pre_op_complete INTEGER NOT NULL,
      q_vitals_at_every_checkpoint INTEGER NOT NULL,
      q_discharge_before_signoff INTEGER NOT NULL,
      q_signed_within_24h INTEGER NOT NULL,
      q_no_override INTEGER NOT NULL,
      facts TEXT NOT NULL,
      updated_at BIGINT NOT NULL,
      PRIMARY KEY (org_id, case_id)
    );
    CREATE INDEX analytics_case_facts_by_start ON analytics_case_facts (org_id, start_key DESC, case_id COLLATE "C" DESC);
    CREATE INDEX analytics_case_facts_by_month ON analytics_case_facts (org_id, month);
    CREATE TABLE analytics_case_drugs (
      org_id TEXT NOT NULL,
      case_id TEXT NOT NULL,
      name TEXT NOT NULL,
      unit TEXT NOT NULL,
      total DOUBLE PRECISION NOT NULL,
      PRIMARY KEY (org_id, case_id, name, unit),
      FOREIGN KEY (org_id, case_id) REFERENCES analytics_case_facts (org_id, case_id) ON DELETE CASCADE
    );
    CREATE TABLE analytics_month (
      org_id TEXT NOT NULL,
      month TEXT NOT NULL,
      level_key TEXT NOT NULL,
      provider_key TEXT NOT NULL,
      location_key TEXT NOT NULL,
      provider_name TEXT,
      location_name TEXT,
      cases INTEGER NOT NULL,
      finalized INTEGER NOT NULL,
      anesthesia_minutes BIGINT NOT NULL,
      anesthesia_units DOUBLE PRECISION NOT NULL,
      q_pre_op_complete INTEGER NOT NULL,
      q_vitals_at_every_checkpoint INTEGER NOT NULL,
      q_discharge_before_signoff INTEGER NOT NULL,
      q_signed_within_24h INTEGER NOT NULL,
      q_no_override INTEGER NOT NULL,
      PRIMARY KEY (org_id, month, level_key, provider_key, location_key)
    );
    CREATE TABLE analytics_month_drugs (
      org_id TEXT NOT NULL,
      month TEXT NOT NULL,
      provider_key TEXT NOT NULL,
      location_key TEXT NOT NULL,
      name TEXT NOT NULL,
      unit TEXT NOT NULL,
      cases INTEGER NOT NULL,
      total DOUBLE PRECISION NOT NULL,
      PRIMARY KEY (org_id, month, provider_key, location_key, name, unit)
    );
    CREATE TABLE analytics_month_discharge (
      org_id TEXT NOT NULL,
      month TEXT NOT NULL,
      provider_key TEXT NOT NULL,
      location_key TEXT NOT NULL,
      type TEXT NOT NULL,
      score INTEGER NOT NULL,
      cases INTEGER NOT NULL,
      PRIMARY KEY (org_id, month, provider_key, location_key, type, score)
    );
  `,
};
