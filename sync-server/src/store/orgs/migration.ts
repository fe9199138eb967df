import type { Migration } from '../sqlite/migrations.js';

/**
 * The organisation tables in PostgreSQL (issue 43), under the version of SQLite's migration 10
 * that created them, in today's shape (migration 45's billing name and shipping address
 * included). Times and amounts are BIGINT like SQLite's 64-bit INTEGER, flags 0/1 integers, JSON
 * stays text as written (roles, feature values, plan features) with a check that it parses. The
 * internal organisation is inserted here as there.
 */
export const ORGS_PG_MIGRATION: Migration = {
  version: 10,
  name: 'organisations, memberships, invitations, feature flags, plans',
  sql: `
    CREATE TABLE orgs (
      id TEXT PRIMARY KEY,
      fhir_id TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      type TEXT NOT NULL CHECK (type IN ('regular', 'parent', 'vigil', 'reseller')),
      email TEXT,
      has_baa INTEGER NOT NULL DEFAULT 0,
      vision_type TEXT,
      prevent_resource_editing INTEGER NOT NULL DEFAULT 0,
      subscription_status TEXT NOT NULL DEFAULT 'none'
        CHECK (subscription_status IN ('trialing', 'active', 'past_due', 'canceled', 'unpaid', 'none')),
      trial_end BIGINT,
      is_onboarding INTEGER NOT NULL DEFAULT 0,
      address_line1 TEXT,
      address_line2 TEXT,
      city TEXT,
      state TEXT,
      postal_code TEXT,
      country TEXT,
      tax_status TEXT,
      plan_id TEXT,
      referred_by TEXT,
      referral_type TEXT,
      created_by TEXT REFERENCES users (id) ON DELETE SET NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      billing_name TEXT,
      shipping_address TEXT
    );

    CREATE TABLE org_parents (
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      parent_org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      PRIMARY KEY (org_id, parent_org_id),
      CHECK (org_id <> parent_org_id)
    );
    CREATE INDEX org_parents_parent ON org_parents (parent_org_id);

    CREATE TABLE org_members (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      -- JSON array of admin, member, provider, uber, stats, super, dev.
      roles TEXT NOT NULL CHECK (json_typeof(roles::json) = 'array'),
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      UNIQUE (org_id, user_id)
    );
    CREATE INDEX org_members_user ON org_members (user_id);

    CREATE TABLE org_invitations (
      id TEXT PRIMARY KEY,
      code_hash TEXT NOT NULL UNIQUE,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      email TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('parentInvitation', 'regular')),
      roles TEXT NOT NULL CHECK (json_typeof(roles::json) = 'array'),
      invited_by TEXT REFERENCES users (id) ON DELETE SET NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      used_at BIGINT,
      used_by TEXT REFERENCES users (id) ON DELETE SET NULL
    );
    CREATE INDEX org_invitations_org ON org_invitations (org_id, created_at);

    CREATE TABLE org_features (
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      -- JSON true or a JSON string (stringValue).
      value TEXT NOT NULL CHECK (value::json IS NOT NULL),
      updated_by TEXT REFERENCES users (id) ON DELETE SET NULL,
      updated_at BIGINT NOT NULL,
      PRIMARY KEY (org_id, name)
    );

    CREATE TABLE plans (
      id TEXT PRIMARY KEY,
      amount BIGINT NOT NULL,
      product_id TEXT NOT NULL,
      product_name TEXT NOT NULL,
      nickname TEXT,
      "interval" TEXT NOT NULL CHECK ("interval" IN ('month', 'year')),
      lookup_key TEXT NOT NULL,
      product_features_json TEXT NOT NULL DEFAULT '{}' CHECK (product_features_json::json IS NOT NULL),
      active INTEGER NOT NULL DEFAULT 1
    );

    -- The internal organisation exists from the start, as SQLite's migration 10 inserts it.
    INSERT INTO orgs (id, fhir_id, name, type, subscription_status, created_at, updated_at)
    VALUES ('vigil', 'org-vigil000000000', 'Vigil', 'vigil', 'active',
            floor(extract(epoch FROM now()))::bigint * 1000, floor(extract(epoch FROM now()))::bigint * 1000);
  `,
};
