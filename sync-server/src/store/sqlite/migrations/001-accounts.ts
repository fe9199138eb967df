import type { Migration } from '../migrations.js';

/** Migrations 1–3: app metadata, the durable sync documents, accounts and sessions. Released: never edit one, add the next number. */
export const MIGRATIONS_1_TO_3: readonly Migration[] = [
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
];
