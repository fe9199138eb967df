import { AUDIT_ANCHOR_MIGRATION } from '../audit/migration.js';
import { CHANGE_FEED_MIGRATION } from '../changes/migration.js';
import { FORMS_MIGRATION } from '../forms/migration.js';
import { INVENTORIES_MIGRATION, LEDGER_CORRECTIONS_MIGRATION } from '../inventories/migration.js';
import { POLICIES_MIGRATION } from '../policies/migration.js';
import { ONE_CURRENT_PDF_MIGRATION } from '../reports/migration.js';

/**
 * Numbered schema migrations, applied in order at start. `PRAGMA user_version` records the
 * last one applied. Never edit a released migration: add the next number.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'app metadata',
    sql: `
      CREATE TABLE app_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      ) STRICT;
    `,
  },
  {
    version: 2,
    name: 'durable sync documents',
    sql: `
      -- One row per Yjs document (room {orgId}/{docId}).
      CREATE TABLE sync_documents (
        room TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        doc_id TEXT NOT NULL,
        -- Set when the composition is finalized: the document then refuses writes.
        finalized_at TEXT,
        -- SHA-1 content hash of the merged document after the last persisted update.
        content_hash TEXT,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        UNIQUE (org_id, doc_id)
      ) STRICT;

      -- Every update is appended here before it is broadcast or acknowledged.
      CREATE TABLE sync_updates (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        room TEXT NOT NULL REFERENCES sync_documents (room) ON DELETE CASCADE,
        data BLOB NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      ) STRICT;
      CREATE INDEX sync_updates_room_id ON sync_updates (room, id);

      -- Compacted state: every update with id <= last_update_id is merged into data.
      CREATE TABLE sync_snapshots (
        room TEXT PRIMARY KEY REFERENCES sync_documents (room) ON DELETE CASCADE,
        data BLOB NOT NULL,
        last_update_id INTEGER NOT NULL,
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      ) STRICT;
    `,
  },
  {
    version: 3,
    name: 'accounts and sessions',
    sql: `
      -- Times are epoch milliseconds (INTEGER) so the server clock can be compared directly.
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        -- Stored trimmed and lowercased; unique.
        email TEXT NOT NULL UNIQUE,
        email_verified INTEGER NOT NULL DEFAULT 0,
        -- argon2id PHC string; NULL for a user without a password.
        password_hash TEXT,
        referred_by TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      -- One row per signed-in device. Only the SHA-256 of the token is kept.
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        renewed_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        multi_factor_last INTEGER,
        multi_factor_exp INTEGER,
        sudo_last INTEGER,
        sudo_expires_at INTEGER,
        -- Set at sign-out, password change or replacement: the session is then dead.
        ended_at INTEGER,
        ip TEXT,
        user_agent TEXT
      ) STRICT;
      CREATE INDEX sessions_user ON sessions (user_id);

      -- MFA options (spec 000 §3): channel sms or email, the address, verified.
      CREATE TABLE mfa_options (
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
        to_address TEXT NOT NULL,
        verified INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, channel, to_address)
      ) STRICT;

      -- One-time codes: MFA, sudo and email verification (6 digits, bound to a session) and
      -- password reset (long random code sent as a link). Only hashes are stored.
      CREATE TABLE one_time_codes (
        id TEXT PRIMARY KEY,
        purpose TEXT NOT NULL CHECK (purpose IN ('mfa', 'sudo', 'verifyEmail', 'resetPassword')),
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        session_id TEXT REFERENCES sessions (id) ON DELETE CASCADE,
        channel TEXT NOT NULL,
        to_address TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        -- Set when used or voided (replaced, too many tries): the code is then dead.
        closed_at INTEGER
      ) STRICT;
      CREATE INDEX one_time_codes_lookup ON one_time_codes (user_id, purpose, closed_at);

      -- Append-only audit trail of account events: who, what, when, from where, outcome.
      CREATE TABLE audit_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at INTEGER NOT NULL,
        user_id TEXT,
        email TEXT,
        action TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('success', 'failure')),
        ip TEXT,
        user_agent TEXT,
        detail TEXT
      ) STRICT;
      CREATE INDEX audit_events_email_action ON audit_events (email, action, at);
      CREATE INDEX audit_events_ip_action ON audit_events (ip, action, at);
      CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
        BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END;
      CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
        BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END;

      -- Mail and SMS written here when no real transport is configured (development, test).
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at INTEGER NOT NULL,
        channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL
      ) STRICT;
      CREATE INDEX outbox_to ON outbox (to_address, id);

      -- A user's saved signature (spec 000 §3): a path string owned by the user.
      CREATE TABLE user_signatures (
        user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        path TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
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
  {
    version: 40,
    name: 'signed report PDFs, addenda and short-lived PDF links',
    sql: `
      -- Every PDF a case's report was printed to (finalize, then each addendum); the newest of a
      -- case has superseded_by NULL, earlier ones stay as the record of what was signed then.
      CREATE TABLE report_pdfs (
        org_id TEXT NOT NULL,
        pdf_id TEXT NOT NULL,
        composition_id TEXT NOT NULL,
        patient_id TEXT,
        sha256 TEXT NOT NULL,
        title TEXT NOT NULL,
        signer_name TEXT NOT NULL,
        signature TEXT NOT NULL,
        signature_time INTEGER NOT NULL,
        signed_by TEXT NOT NULL,
        time_zone TEXT NOT NULL,
        addenda_count INTEGER NOT NULL DEFAULT 0,
        superseded_by TEXT,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (org_id, pdf_id)
      ) STRICT;
      CREATE INDEX report_pdfs_by_case ON report_pdfs (org_id, composition_id, created_at);
      CREATE INDEX report_pdfs_by_time ON report_pdfs (org_id, superseded_by, signature_time);

      -- Signed addenda of a finalized case (spec 001 §3, §5), in order.
      CREATE TABLE report_addenda (
        org_id TEXT NOT NULL,
        composition_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        title TEXT NOT NULL,
        text TEXT NOT NULL,
        signer_name TEXT NOT NULL,
        signature TEXT NOT NULL,
        signature_time INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        PRIMARY KEY (org_id, composition_id, seq)
      ) STRICT;

      -- Short-lived links to a PDF (pdfUrl, spec 000 §7): an unguessable token, for one user.
      CREATE TABLE report_pdf_links (
        token TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        pdf_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 45,
    name: 'organisations: billing name and shipping address',
    sql: `
      -- Billing and shipping addresses (spec 000 §3, §5; doUpdateOrgBillingAddresses): the billing
      -- address is the organisation's address lines with this name; shipping NULL means the same
      -- as billing, else JSON { name, address: { line1, line2, city, state, postal_code, country } }.
      ALTER TABLE orgs ADD COLUMN billing_name TEXT;
      ALTER TABLE orgs ADD COLUMN shipping_address TEXT;
    `,
  },
  {
    version: 50,
    name: 'signed records and id ownership: lookups by id, single-use shared PDF links',
    sql: `
      -- An id belongs to one organisation forever (issue 24 item 2): every path that takes a
      -- client-chosen id looks it up across organisations, by id alone.
      CREATE INDEX resource_history_by_id ON resource_history (id, version_id);
      CREATE INDEX sync_documents_by_doc ON sync_documents (doc_id);
      -- PDF links (issue 24 item 7): a link is bound to the user who asked for it, or, when asked
      -- for sharing, works once for whoever holds it (used_at set by the download).
      ALTER TABLE report_pdf_links ADD COLUMN single_use INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE report_pdf_links ADD COLUMN used_at INTEGER;
    `,
  },
  {
    version: 55,
    name: 'audit: FHIR AuditEvents append-only, hash chain over every audit record',
    sql: `
      -- FHIR AuditEvents (issue 24 item 7) are append-only in the database too, like
      -- audit_events: no version of one may be changed or removed, whatever the code does.
      CREATE TRIGGER resources_audit_event_no_update BEFORE UPDATE ON resources
        WHEN OLD.resource_type = 'AuditEvent'
        BEGIN SELECT RAISE(ABORT, 'AuditEvent is append-only'); END;
      CREATE TRIGGER resources_audit_event_no_delete BEFORE DELETE ON resources
        WHEN OLD.resource_type = 'AuditEvent'
        BEGIN SELECT RAISE(ABORT, 'AuditEvent is append-only'); END;
      CREATE TRIGGER resource_history_audit_event_no_update BEFORE UPDATE ON resource_history
        WHEN OLD.resource_type = 'AuditEvent'
        BEGIN SELECT RAISE(ABORT, 'AuditEvent is append-only'); END;
      CREATE TRIGGER resource_history_audit_event_no_delete BEFORE DELETE ON resource_history
        WHEN OLD.resource_type = 'AuditEvent'
        BEGIN SELECT RAISE(ABORT, 'AuditEvent is append-only'); END;

      -- The hash chain over every audit record (audit_events rows and FHIR AuditEvents): one
      -- link per record, in sealing order, holding the previous link's hash and its own
      -- (SHA-256 of that hash and the record's content). Written by the server (sealAuditChain),
      -- checked by npm run admin -- audit-check. Append-only as well.
      CREATE TABLE audit_chain (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        source TEXT NOT NULL CHECK (source IN ('audit_events', 'AuditEvent')),
        source_row INTEGER NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL,
        sealed_at INTEGER NOT NULL,
        UNIQUE (source, source_row)
      ) STRICT;
      CREATE TRIGGER audit_chain_no_update BEFORE UPDATE ON audit_chain
        BEGIN SELECT RAISE(ABORT, 'audit_chain is append-only'); END;
      CREATE TRIGGER audit_chain_no_delete BEFORE DELETE ON audit_chain
        BEGIN SELECT RAISE(ABORT, 'audit_chain is append-only'); END;
    `,
  },
  FORMS_MIGRATION,
  INVENTORIES_MIGRATION,
  POLICIES_MIGRATION,
  ONE_CURRENT_PDF_MIGRATION,
  AUDIT_ANCHOR_MIGRATION,
  LEDGER_CORRECTIONS_MIGRATION,
  CHANGE_FEED_MIGRATION,
];
