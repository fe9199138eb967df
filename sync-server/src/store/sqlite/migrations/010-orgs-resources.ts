import type { Migration } from '../migrations.js';

/** Migrations 10–25: organisations (memberships, invitations, flags, plans), FHIR resources with their history and search index, EMR sessions. Released: never edit one, add the next number. */
export const MIGRATIONS_10_TO_25: readonly Migration[] = [
  {
    version: 10,
    name: 'organisations, memberships, invitations, feature flags, plans',
    sql: `
      -- Organisations (spec 000 §3 Org). Times are epoch milliseconds.
      CREATE TABLE orgs (
        -- The organisation ID of /org/{orgId} (spec 000 §5: a-z, 0-9, hyphen, underscore).
        id TEXT PRIMARY KEY,
        -- The FHIR Organization resource id.
        fhir_id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('regular', 'parent', 'vigil', 'reseller')),
        email TEXT,
        has_baa INTEGER NOT NULL DEFAULT 0,
        vision_type TEXT,
        prevent_resource_editing INTEGER NOT NULL DEFAULT 0,
        -- subscriptionStatus (spec 000 §3): status and trialEnd; ok is derived (spec 000 §4).
        subscription_status TEXT NOT NULL DEFAULT 'none'
          CHECK (subscription_status IN ('trialing', 'active', 'past_due', 'canceled', 'unpaid', 'none')),
        trial_end INTEGER,
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
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      -- parentOrgs (spec 000 §3): the parent organisations overseeing an organisation.
      CREATE TABLE org_parents (
        org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
        parent_org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
        PRIMARY KEY (org_id, parent_org_id),
        CHECK (org_id != parent_org_id)
      ) STRICT;
      CREATE INDEX org_parents_parent ON org_parents (parent_org_id);

      -- Memberships with roles (spec 000 §6). id is the session's memberId (the member's
      -- Practitioner id once the resource store exists).
      CREATE TABLE org_members (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        -- JSON array of admin, member, provider, uber, stats, super, dev.
        roles TEXT NOT NULL CHECK (json_valid(roles) AND json_type(roles) = 'array'),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (org_id, user_id)
      ) STRICT;
      CREATE INDEX org_members_user ON org_members (user_id);

      -- Invitations: single use (used_at), expiring (expires_at). The link carries a secret
      -- code; only its SHA-256 is kept.
      CREATE TABLE org_invitations (
        id TEXT PRIMARY KEY,
        code_hash TEXT NOT NULL UNIQUE,
        org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
        email TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('parentInvitation', 'regular')),
        roles TEXT NOT NULL CHECK (json_valid(roles) AND json_type(roles) = 'array'),
        invited_by TEXT REFERENCES users (id) ON DELETE SET NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER,
        used_by TEXT REFERENCES users (id) ON DELETE SET NULL
      ) STRICT;
      CREATE INDEX org_invitations_org ON org_invitations (org_id, created_at);

      -- Feature flags set for an organisation (spec 000 §3); unset flags take their defaults.
      CREATE TABLE org_features (
        org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        -- JSON true or a JSON string (stringValue).
        value TEXT NOT NULL CHECK (json_valid(value)),
        updated_by TEXT REFERENCES users (id) ON DELETE SET NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (org_id, name)
      ) STRICT;

      -- Subscription plans (spec 000 §3 Plan, spec 002 §3 Plan price). Prices are not in the
      -- spec: the table starts empty and is filled from the payment provider's catalogue.
      CREATE TABLE plans (
        id TEXT PRIMARY KEY,
        amount INTEGER NOT NULL,
        product_id TEXT NOT NULL,
        product_name TEXT NOT NULL,
        nickname TEXT,
        interval TEXT NOT NULL CHECK (interval IN ('month', 'year')),
        lookup_key TEXT NOT NULL,
        product_features_json TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(product_features_json)),
        active INTEGER NOT NULL DEFAULT 1
      ) STRICT;

      -- The internal organisation exists from the start (its first uber: npm run admin -- make-uber).
      INSERT INTO orgs (id, fhir_id, name, type, subscription_status, created_at, updated_at)
      VALUES ('vigil', 'org-vigil000000000', 'Vigil', 'vigil', 'active',
              CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
    `,
  },
  {
    version: 20,
    name: 'FHIR resources, version history and search index',
    sql: `
      -- The current version of every FHIR resource, per organisation (issue 5). Ids are unique
      -- within an organisation and type only: the organisation is part of every key and query.
      CREATE TABLE resources (
        org_id TEXT NOT NULL,
        resource_type TEXT NOT NULL,
        id TEXT NOT NULL,
        version_id INTEGER NOT NULL,
        -- FHIR instant, always toISOString() form so text order is time order.
        last_updated TEXT NOT NULL,
        -- Deleted resources keep their row (reads answer 410 Gone) and their history.
        deleted INTEGER NOT NULL DEFAULT 0,
        -- The resource with meta.versionId and meta.lastUpdated; NULL once deleted.
        json TEXT CHECK (json IS NULL OR json_valid(json)),
        PRIMARY KEY (org_id, resource_type, id)
      ) STRICT;
      CREATE INDEX resources_last_updated ON resources (org_id, resource_type, deleted, last_updated, id);

      -- Every version ever written (create, update, delete), for _history and vread.
      CREATE TABLE resource_history (
        org_id TEXT NOT NULL,
        resource_type TEXT NOT NULL,
        id TEXT NOT NULL,
        version_id INTEGER NOT NULL,
        last_updated TEXT NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0,
        json TEXT CHECK (json IS NULL OR json_valid(json)),
        PRIMARY KEY (org_id, resource_type, id, version_id)
      ) STRICT;

      -- Search parameter values of the current versions (Patient name, birthdate, identifier;
      -- Appointment date, status, patient, practitioner, location; Composition subject, type;
      -- _lastUpdated...), rewritten on every write.
      CREATE TABLE resource_search (
        org_id TEXT NOT NULL,
        resource_type TEXT NOT NULL,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        value TEXT NOT NULL,
        FOREIGN KEY (org_id, resource_type, id) REFERENCES resources (org_id, resource_type, id) ON DELETE CASCADE
      ) STRICT;
      CREATE INDEX resource_search_lookup ON resource_search (org_id, resource_type, name, value, id);
      CREATE INDEX resource_search_resource ON resource_search (org_id, resource_type, id);
    `,
  },
  {
    version: 25,
    name: 'accounts: EMR single-organisation sessions',
    sql: `
      -- Set for a session started by an EMR launch (spec 000 §1, §2, §4): it reaches this one
      -- organisation only, and ends after inactivity.
      ALTER TABLE sessions ADD COLUMN single_org TEXT;

      -- Launch tokens are single use: the nonce of every accepted launch is kept until it expires.
      CREATE TABLE emr_launch_nonces (
        nonce TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        used_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
];
