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
];
