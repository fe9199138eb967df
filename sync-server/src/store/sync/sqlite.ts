import type { Db } from '../sqlite/database.js';
import { assertSerialized, serialized } from '../resources/transactions.js';
import { snapshotOf } from './snapshot-bytes.js';
import type { AppendEntry, StoredDocument, SyncStore } from './types.js';

interface DocumentRow {
  org_id: string;
  doc_id: string;
  finalized_at: string | null;
  content_hash: string | null;
}

/**
 * How many updates were ever appended to the database (its AUTOINCREMENT counter, which
 * compaction does not lower): the benchmark's count of what the server persisted.
 */
export function appendedUpdateCount(db: Db): number {
  assertSerialized(db);
  const row = db.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'sync_updates'").get();
  return row?.seq ?? 0;
}

const toBytes = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/**
 * SyncStore on the server's SQLite database (tables of migration 2). better-sqlite3 is
 * synchronous: each method runs its statements in one SQLite transaction through the write queue
 * (serialized: at once when no transaction is open, inside the caller's transaction when it runs
 * in one on purpose — finalize's final flag — else after it), so a charted update never joins
 * another request's transaction and is never rolled back with it.
 */
export class SqliteSyncStore implements SyncStore {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      document: db.prepare<[string], DocumentRow>(
        'SELECT org_id, doc_id, finalized_at, content_hash FROM sync_documents WHERE room = ?',
      ),
      snapshot: db.prepare<
        [string],
        { data: Buffer; compression: string | null; state_vector: Buffer | null; last_update_id: number }
      >('SELECT data, compression, state_vector, last_update_id FROM sync_snapshots WHERE room = ?'),
      snapshotUpTo: db.prepare<[string], { last_update_id: number }>(
        'SELECT last_update_id FROM sync_snapshots WHERE room = ?',
      ),
      updatesAfter: db.prepare<[string, number], { id: number; data: Buffer }>(
        'SELECT id, data FROM sync_updates WHERE room = ? AND id > ? ORDER BY id',
      ),
      ensureDocument: db.prepare<[string, string, string]>(
        'INSERT INTO sync_documents (room, org_id, doc_id) VALUES (?, ?, ?) ON CONFLICT (room) DO NOTHING',
      ),
      insertUpdate: db.prepare<[string, Buffer]>('INSERT INTO sync_updates (room, data) VALUES (?, ?)'),
      touch: db.prepare<[string]>(
        "UPDATE sync_documents SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE room = ?",
      ),
      upsertSnapshot: db.prepare<[string, Buffer, Buffer | null, number]>(
        `INSERT INTO sync_snapshots (room, data, compression, state_vector, last_update_id) VALUES (?, ?, NULL, ?, ?)
         ON CONFLICT (room) DO UPDATE SET data = excluded.data, compression = NULL, state_vector = excluded.state_vector,
           last_update_id = excluded.last_update_id, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      ),
      deleteUpTo: db.prepare<[string, number]>('DELETE FROM sync_updates WHERE room = ? AND id <= ?'),
      countPending: db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM sync_updates WHERE room = ?'),
      setHash: db.prepare<[string, string]>('UPDATE sync_documents SET content_hash = ? WHERE room = ?'),
      finalize: db.prepare<[string, string, string, string]>(
        `INSERT INTO sync_documents (room, org_id, doc_id, finalized_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (room) DO UPDATE SET finalized_at = excluded.finalized_at`,
      ),
      unfinalize: db.prepare<[string]>('UPDATE sync_documents SET finalized_at = NULL WHERE room = ?'),
    };
  }

  load(room: string): Promise<StoredDocument | null> {
    return serialized(this.db, () =>
      this.db.transaction((): StoredDocument | null => {
        const doc = this.stmts.document.get(room);
        if (!doc) return null;
        const snap = this.stmts.snapshot.get(room);
        const after = snap?.last_update_id ?? 0;
        const rows = this.stmts.updatesAfter.all(room, after);
        return {
          orgId: doc.org_id,
          docId: doc.doc_id,
          snapshot: snap ? snapshotOf(snap.data, snap.compression) : null,
          snapshotVector: snap?.state_vector ? toBytes(snap.state_vector) : null,
          updates: rows.map((r) => toBytes(r.data)),
          lastUpdateId: rows.at(-1)?.id ?? after,
          finalized: doc.finalized_at !== null,
          contentHash: doc.content_hash,
        };
      })(),
    );
  }

  append(entries: readonly AppendEntry[]): Promise<number[]> {
    return serialized(this.db, () =>
      this.db.transaction(() => {
        const ids: number[] = [];
        const touched = new Set<string>();
        for (const e of entries) {
          if (!touched.has(e.room)) {
            this.stmts.ensureDocument.run(e.room, e.orgId, e.docId);
            touched.add(e.room);
          }
          const info = this.stmts.insertUpdate.run(
            e.room,
            Buffer.from(e.update.buffer, e.update.byteOffset, e.update.byteLength),
          );
          ids.push(Number(info.lastInsertRowid));
        }
        for (const room of touched) this.stmts.touch.run(room);
        return ids;
      })(),
    );
  }

  compact(room: string, snapshot: Uint8Array, lastUpdateId: number, stateVector?: Uint8Array): Promise<void> {
    return serialized(this.db, () =>
      this.db.transaction(() => {
        // An older compaction that lost a race to a newer one changes nothing.
        if ((this.stmts.snapshotUpTo.get(room)?.last_update_id ?? -1) >= lastUpdateId) return;
        this.stmts.upsertSnapshot.run(
          room,
          Buffer.from(snapshot),
          stateVector ? Buffer.from(stateVector) : null,
          lastUpdateId,
        );
        this.stmts.deleteUpTo.run(room, lastUpdateId);
      })(),
    );
  }

  pendingUpdates(room: string): Promise<number> {
    return serialized(this.db, () => this.stmts.countPending.get(room)?.n ?? 0);
  }

  setContentHash(room: string, hash: string): Promise<void> {
    return serialized(this.db, () => {
      this.stmts.setHash.run(hash, room);
    });
  }

  isFinalized(room: string): Promise<boolean> {
    return serialized(this.db, () => (this.stmts.document.get(room)?.finalized_at ?? null) !== null);
  }

  markFinalized(room: string, orgId: string, docId: string, at: Date = new Date()): Promise<void> {
    return serialized(this.db, () => {
      this.stmts.finalize.run(room, orgId, docId, at.toISOString());
    });
  }

  clearFinalized(room: string): Promise<void> {
    return serialized(this.db, () => {
      this.stmts.unfinalize.run(room);
    });
  }
}
