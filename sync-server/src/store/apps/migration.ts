import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 42: apps with scoped API access (150) and their webhooks' deliveries (151). Registered in
 * MIGRATIONS (sqlite/migrations.ts) by one line each; released migrations are never edited.
 */
export const APPS_MIGRATION: Migration = {
  version: 150,
  name: 'apps, installations and their tokens',
  sql: `
    -- An app (spec 000 §2, §6): OAuth 2 client credentials (the secret kept as a SHA-256 hash),
    -- SMART system scopes as a JSON array; owner_org_id NULL: made by the internal team.
    CREATE TABLE apps (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      owner_org_id TEXT,
      client_id TEXT NOT NULL UNIQUE,
      secret_hash TEXT NOT NULL,
      scopes TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      created_by TEXT NOT NULL,
      secret_rotated_at INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE app_installations (
      id TEXT PRIMARY KEY,
      app_id TEXT NOT NULL REFERENCES apps(id),
      org_id TEXT NOT NULL,
      installed_at INTEGER NOT NULL,
      installed_by TEXT NOT NULL,
      uninstalled_at INTEGER
    ) STRICT;
    -- One current installation of an app per organisation.
    CREATE UNIQUE INDEX app_installations_current ON app_installations (app_id, org_id) WHERE uninstalled_at IS NULL;
    CREATE INDEX app_installations_by_org ON app_installations (org_id, installed_at);
    -- Bearer tokens by their SHA-256 hash; deleted with their installation's uninstall.
    CREATE TABLE app_tokens (
      hash TEXT PRIMARY KEY,
      installation_id TEXT NOT NULL REFERENCES app_installations(id),
      org_id TEXT NOT NULL,
      scopes TEXT NOT NULL,
      expires_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX app_tokens_by_installation ON app_tokens (installation_id);
  `,
};

export const APP_ASSERTIONS_MIGRATION: Migration = {
  version: 152,
  name: 'apps signing their token requests (SMART Backend Services)',
  sql: `
    -- The app's public JWK Set (JSON), for private_key_jwt assertions; NULL: client secret only.
    ALTER TABLE apps ADD COLUMN jwks TEXT;
    -- Assertion ids (jti) already used, kept until the assertion expires: a replayed one is refused.
    CREATE TABLE app_assertion_ids (
      client_id TEXT NOT NULL,
      jti TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      PRIMARY KEY (client_id, jti)
    ) STRICT;
  `,
};

export const WEBHOOKS_MIGRATION: Migration = {
  version: 151,
  name: 'webhooks, deliveries and their attempts',
  sql: `
    CREATE TABLE webhooks (
      id TEXT PRIMARY KEY,
      installation_id TEXT NOT NULL REFERENCES app_installations(id),
      org_id TEXT NOT NULL,
      url TEXT NOT NULL,
      secret TEXT NOT NULL,
      events TEXT NOT NULL,
      resource_types TEXT NOT NULL,
      created_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX webhooks_by_installation ON webhooks (installation_id, created_at);
    -- One delivery per webhook and change of the feed (the consumer is at least once).
    CREATE TABLE webhook_deliveries (
      id TEXT PRIMARY KEY,
      webhook_id TEXT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
      org_id TEXT NOT NULL,
      seq INTEGER NOT NULL,
      event TEXT NOT NULL,
      subject TEXT NOT NULL,
      payload TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
      window_start INTEGER NOT NULL,
      next_attempt_at INTEGER,
      UNIQUE (webhook_id, seq)
    ) STRICT;
    CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (status, webhook_id, subject, seq);
    CREATE TABLE webhook_attempts (
      delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
      n INTEGER NOT NULL,
      at INTEGER NOT NULL,
      request_headers TEXT NOT NULL,
      response_status INTEGER,
      response_body TEXT NOT NULL,
      duration_ms INTEGER NOT NULL,
      PRIMARY KEY (delivery_id, n)
    ) STRICT;
  `,
};

/** Issue 42: an app's JWK Set by address (SMART Backend Services' jwks_uri), fetched by the token endpoint. */
export const APP_JWKS_URL_MIGRATION: Migration = {
  version: 185,
  name: 'apps publishing their JWK Set at an address',
  sql: `
    -- NULL: the pasted JWK Set (jwks) or the client secret only.
    ALTER TABLE apps ADD COLUMN jwks_url TEXT;
  `,
};

/**
 * Apps, installations and tokens in PostgreSQL (issue 43), under SQLite's version 150 that created
 * them, in today's shape (apps.jwks of SQLite's 152, apps.jwks_url of its 185).
 */
export const APPS_PG_MIGRATION: Migration = {
  version: 150,
  name: 'apps, installations and their tokens',
  sql: `
    CREATE TABLE apps (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      owner_org_id TEXT,
      client_id TEXT NOT NULL UNIQUE,
      secret_hash TEXT NOT NULL,
      scopes TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      created_by TEXT NOT NULL,
      secret_rotated_at BIGINT NOT NULL,
      jwks TEXT,
      jwks_url TEXT
    );
    CREATE TABLE app_installations (
      id TEXT PRIMARY KEY,
      app_id TEXT NOT NULL REFERENCES apps(id),
      org_id TEXT NOT NULL,
      installed_at BIGINT NOT NULL,
      installed_by TEXT NOT NULL,
      uninstalled_at BIGINT
    );
    CREATE UNIQUE INDEX app_installations_current ON app_installations (app_id, org_id) WHERE uninstalled_at IS NULL;
    CREATE INDEX app_installations_by_org ON app_installations (org_id, installed_at);
    CREATE TABLE app_tokens (
      hash TEXT PRIMARY KEY,
      installation_id TEXT NOT NULL REFERENCES app_installations(id),
      org_id TEXT NOT NULL,
      scopes TEXT NOT NULL,
      expires_at BIGINT NOT NULL
    );
    CREATE INDEX app_tokens_by_installation ON app_tokens (installation_id);
  `,
};

/** Webhooks, deliveries and attempts in PostgreSQL (issue 43), under SQLite's version 151. */
export const WEBHOOKS_PG_MIGRATION: Migration = {
  version: 151,
  name: 'webhooks, deliveries and their attempts',
  sql: `
    CREATE TABLE webhooks (
      id TEXT PRIMARY KEY,
      installation_id TEXT NOT NULL REFERENCES app_installations(id),
      org_id TEXT NOT NULL,
      url TEXT NOT NULL,
      secret TEXT NOT NULL,
      events TEXT NOT NULL,
      resource_types TEXT NOT NULL,
      created_at BIGINT NOT NULL
    );
    CREATE INDEX webhooks_by_installation ON webhooks (installation_id, created_at);
    CREATE TABLE webhook_deliveries (
      id TEXT PRIMARY KEY,
      webhook_id TEXT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
      org_id TEXT NOT NULL,
      seq BIGINT NOT NULL,
      event TEXT NOT NULL,
      subject TEXT NOT NULL,
      payload TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
      window_start BIGINT NOT NULL,
      next_attempt_at BIGINT,
      UNIQUE (webhook_id, seq)
    );
    CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (status, webhook_id, subject, seq);
    CREATE TABLE webhook_attempts (
      delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
      n INTEGER NOT NULL,
      at BIGINT NOT NULL,
      request_headers TEXT NOT NULL,
      response_status INTEGER,
      response_body TEXT NOT NULL,
      duration_ms INTEGER NOT NULL,
      PRIMARY KEY (delivery_id, n)
    );
  `,
};

/** Used assertion ids in PostgreSQL (issue 43), under SQLite's version 152 (apps.jwks is in PG 150). */
export const APP_ASSERTIONS_PG_MIGRATION: Migration = {
  version: 152,
  name: 'apps signing their token requests (SMART Backend Services)',
  sql: `
    CREATE TABLE app_assertion_ids (
      client_id TEXT NOT NULL,
      jti TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      PRIMARY KEY (client_id, jti)
    );
  `,
};
