import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 37: the local payment provider's state (store/payments-local/). Registered in MIGRATIONS
 * (sqlite/migrations.ts) by one line; released migrations are never edited.
 */
export const LOCAL_PAYMENTS_MIGRATION: Migration = {
  version: 101,
  name: 'local payment provider',
  sql: `
    -- The provider's objects as its API answers them (JSON), by kind and id.
    CREATE TABLE payment_local_objects (
      kind TEXT NOT NULL CHECK (kind IN ('customer', 'card', 'price', 'subscription', 'invoice', 'payment')),
      id TEXT NOT NULL,
      customer_id TEXT,
      created INTEGER NOT NULL,
      body TEXT NOT NULL CHECK (json_valid(body)),
      PRIMARY KEY (kind, id)
    ) STRICT;
    CREATE INDEX payment_local_objects_by_customer ON payment_local_objects (kind, customer_id, created, id);

    -- Events to send to the server's webhook, in order; kept once delivered (delivered_at).
    CREATE TABLE payment_local_events (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      created INTEGER NOT NULL,
      body TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      delivered_at INTEGER
    ) STRICT;
    CREATE INDEX payment_local_events_due ON payment_local_events (delivered_at, next_attempt_at);

    -- The provider's clock offset from real time (one row).
    CREATE TABLE payment_local_clock (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      offset_ms INTEGER NOT NULL
    ) STRICT;
  `,
};
