import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 37: organisations' accounts at the payment provider and the provider events processed.
 * Registered in MIGRATIONS (sqlite/migrations.ts) by one line; released migrations are never edited.
 */
export const BILLING_MIGRATION: Migration = {
  version: 102,
  name: 'billing accounts',
  sql: `
    CREATE TABLE org_billing (
      org_id TEXT PRIMARY KEY REFERENCES orgs (id) ON DELETE CASCADE,
      provider TEXT NOT NULL CHECK (provider IN ('local', 'stripe')),
      customer_id TEXT NOT NULL,
      subscription_id TEXT,
      price_id TEXT,
      quantity INTEGER NOT NULL DEFAULT 0,
      status TEXT NOT NULL,
      start INTEGER,
      current_period_start INTEGER,
      current_period_end INTEGER,
      trial_start INTEGER,
      trial_end INTEGER,
      cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
      cancelled_at INTEGER,
      reported_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      UNIQUE (provider, customer_id)
    ) STRICT;

    -- Each provider event processed once (its id), kept for replay refusal.
    CREATE TABLE billing_events (
      provider TEXT NOT NULL,
      event_id TEXT NOT NULL,
      type TEXT NOT NULL,
      processed_at INTEGER NOT NULL,
      PRIMARY KEY (provider, event_id)
    ) STRICT;
  `,
};

/** Organisations' provider accounts in PostgreSQL (issue 43), under SQLite's version 102. */
export const BILLING_PG_MIGRATION: Migration = {
  version: 102,
  name: 'billing accounts',
  sql: `
    CREATE TABLE org_billing (
      org_id TEXT PRIMARY KEY REFERENCES orgs (id) ON DELETE CASCADE,
      provider TEXT NOT NULL CHECK (provider IN ('local', 'stripe')),
      customer_id TEXT NOT NULL,
      subscription_id TEXT,
      price_id TEXT,
      quantity INTEGER NOT NULL DEFAULT 0,
      status TEXT NOT NULL,
      start BIGINT,
      current_period_start BIGINT,
      current_period_end BIGINT,
      trial_start BIGINT,
      trial_end BIGINT,
      cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
      cancelled_at BIGINT,
      reported_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      UNIQUE (provider, customer_id)
    );

    CREATE TABLE billing_events (
      provider TEXT NOT NULL,
      event_id TEXT NOT NULL,
      type TEXT NOT NULL,
      processed_at BIGINT NOT NULL,
      PRIMARY KEY (provider, event_id)
    );
  `,
};
