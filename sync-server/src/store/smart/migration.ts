import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 42: the office's EMR connection, SMART EHR launches in progress and the write-backs of
 * signed records (195). Registered in MIGRATIONS (sqlite/migrations.ts); never edited once released.
 */
export const EMR_CONNECTIONS_MIGRATION: Migration = {
  version: 195,
  name: 'EMR connections, SMART launches and write-backs',
  sql: `
    -- One per office; an EMR address (SMART iss) belongs to one office.
    CREATE TABLE emr_connections (
      org_id TEXT PRIMARY KEY,
      iss TEXT NOT NULL UNIQUE,
      client_id TEXT NOT NULL,
      client_secret TEXT,
      updated_at INTEGER NOT NULL
    ) STRICT;
    -- Between the redirect to the EMR's authorize endpoint and its answer (single use, 10 minutes).
    CREATE TABLE smart_launches (
      state TEXT PRIMARY KEY,
      org_id TEXT NOT NULL,
      iss TEXT NOT NULL,
      launch TEXT NOT NULL,
      code_verifier TEXT NOT NULL,
      token_endpoint TEXT NOT NULL,
      redirect_uri TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    ) STRICT;
    -- A signed record written back to the EMR, one per change of the feed.
    CREATE TABLE emr_write_backs (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL,
      composition_id TEXT NOT NULL,
      event TEXT NOT NULL,
      seq INTEGER NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
      attempts INTEGER NOT NULL,
      first_attempt_at INTEGER,
      next_attempt_at INTEGER,
      last_error TEXT,
      written TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      UNIQUE (org_id, composition_id, seq)
    ) STRICT;
    CREATE INDEX emr_write_backs_due ON emr_write_backs (status, next_attempt_at);
    CREATE INDEX emr_write_backs_by_org ON emr_write_backs (org_id, seq);
  `,
};

/** EMR connections, SMART launches and write-backs in PostgreSQL (issue 43), under SQLite's version 195. */
export const EMR_CONNECTIONS_PG_MIGRATION: Migration = {
  version: 195,
  name: 'EMR connections, SMART launches and write-backs',
  sql: `
    CREATE TABLE emr_connections (
      org_id TEXT PRIMARY KEY,
      iss TEXT NOT NULL UNIQUE,
      client_id TEXT NOT NULL,
      client_secret TEXT,
      updated_at BIGINT NOT NULL
    );
    CREATE TABLE smart_launches (
      state TEXT PRIMARY KEY,
      org_id TEXT NOT NULL,
      iss TEXT NOT NULL,
      launch TEXT NOT NULL,
      code_verifier TEXT NOT NULL,
      token_endpoint TEXT NOT NULL,
      redirect_uri TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    );
    CREATE INDEX smart_launches_by_expiry ON smart_launches (expires_at);
    CREATE TABLE emr_write_backs (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL,
      composition_id TEXT NOT NULL,
      event TEXT NOT NULL,
      seq BIGINT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
      attempts INTEGER NOT NULL,
      first_attempt_at BIGINT,
      next_attempt_at BIGINT,
      last_error TEXT,
      written TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      UNIQUE (org_id, composition_id, seq)
    );
    CREATE INDEX emr_write_backs_due ON emr_write_backs (status, next_attempt_at);
    CREATE INDEX emr_write_backs_by_org ON emr_write_backs (org_id, seq);
  `,
};
