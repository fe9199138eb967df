import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import { PG_NOW_ISO } from './migration.js';
import { deflateSnapshot, SNAPSHOT_DEFLATED, snapshotOf } from './snapshot-bytes.js';
import type { AppendEntry, StoredDocument, SyncStore } from './types.js';

interface LoadRow {
  org_id: string;
  doc_id: string;
  finalized_at: string | null;
  content_hash: string | null;
  snapshot: Buffer | null;
  compression: string | null;
  snapshot_vector: Buffer | null;
  /** BIGINTs come back as strings. */
  after: string;
  ids: string[] | null;
  updates: Buffer[] | null;
}

/** A copy of stored bytes the caller may keep and change. */
const copy = (b: Buffer): Uint8Array => new Uint8Array(b);
const bytes = (u: Uint8Array): Buffer => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/**
 * SyncStore on PostgreSQL (tables of PG migration 2; issue 43). Each method is one transaction,
 * and its promise resolves once PostgreSQL committed it: an update is durable before a room
 * broadcasts or acknowledges it.
 *
 * Several instances may write one room (a tablet on each). So that a room's update ids follow
 * commit order, an append locks the room's document row (the upsert that creates or touches it)
 * before it takes ids, and holds it to its commit; a compaction takes the same lock. A reader then
 * sees a room's updates as a prefix in id order, never a gap a later commit fills: a compaction up
 * to the last id it loaded cannot delete an update its snapshot lacks. `load` is one statement,
 * so the document, its snapshot and the updates after it come from one snapshot of the database.
 */
export class PostgresSyncStore implements SyncStore {
  constructor(private readonly db: PostgresDatabase) {}

  async load(room: string): Promise<StoredDocument | null> {
    const { rows } = await this.db.query<LoadRow>(
      `SELECT d.org_id, d.doc_id, d.finalized_at, d.content_hash, s.data AS snapshot, s.compression,
              s.state_vector AS snapshot_vector,
              coalesce(s.last_update_id, 0) AS after, u.ids, u.updates
       FROM sync_documents d
       LEFT JOIN sync_snapshots s ON s.room = d.room
       LEFT JOIN LATERAL (
         SELECT array_agg(id ORDER BY id) AS ids, array_agg(data ORDER BY id) AS updates
         FROM sync_updates WHERE room = d.room AND id > coalesce(s.last_update_id, 0)
       ) u ON true
       WHERE d.room = $1`,
      [room],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      orgId: row.org_id,
      docId: row.doc_id,
      snapshot: row.snapshot ? snapshotOf(row.snapshot, row.compression) : null,
      snapshotVector: row.snapshot_vector ? copy(row.snapshot_vector) : null,
      updates: (row.updates ?? []).map(copy),
      lastUpdateId: Number(row.ids?.at(-1) ?? row.after),
      finalized: row.finalized_at !== null,
      contentHash: row.content_hash,
    };
  }

  /**
   * Three statements whatever the batch holds (a batch of the write queue carries every room's
   * writes of one turn of the event loop): the rooms' rows created, then locked and touched, in
   * one order (the rooms sorted), so two appends that share rooms never wait on each other in a
   * cycle; then every update inserted, its ids ascending in the batch's order, so the ids
   * returned, sorted, are the entries' ids in order.
   */
  append(entries: readonly AppendEntry[]): Promise<number[]> {
    return this.db.transaction(async () => {
      const rooms = [...new Map(entries.map((e) => [e.room, e])).values()].sort((a, b) =>
        a.room < b.room ? -1 : a.room > b.room ? 1 : 0,
      );
      // ON CONFLICT with no target: two instances creating one room at once can collide on
      // either unique key (room, or org and document), and `ON CONFLICT (room)` only takes the
      // first; the loser raised a unique violation on the second.
      await this.db.query(
        `INSERT INTO sync_documents (room, org_id, doc_id)
         SELECT r.room, r.org_id, r.doc_id
         FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS r(room, org_id, doc_id, n)
         ORDER BY r.n
         ON CONFLICT DO NOTHING`,
        [rooms.map((e) => e.room), rooms.map((e) => e.orgId), rooms.map((e) => e.docId)],
      );
      // The locking subquery's rows are locked as its sort returns them: in the rooms' order.
      await this.db.query(
        `UPDATE sync_documents d SET updated_at = ${PG_NOW_ISO}
         FROM (SELECT s.room FROM sync_documents s
               JOIN unnest($1::text[]) WITH ORDINALITY AS r(room, n) ON r.room = s.room
               ORDER BY r.n FOR UPDATE OF s) l
         WHERE d.room = l.room`,
        [rooms.map((e) => e.room)],
      );
      // The ids are drawn first (a CTE with a volatile function is evaluated once), then given
      // in ascending order to the entries in theirs: the n-th smallest id is the n-th entry's,
      // without relying on the order an INSERT ... SELECT draws defaults or returns rows in.
      const { rows } = await this.db.query<{ id: string }>(
        `WITH drawn AS MATERIALIZED (
           SELECT nextval(pg_get_serial_sequence('sync_updates', 'id')) AS id FROM generate_series(1, $3::int)
         ), ids AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM drawn)
         INSERT INTO sync_updates (id, room, data)
         SELECT ids.id, u.room, u.data
         FROM unnest($1::text[], $2::bytea[]) WITH ORDINALITY AS u(room, data, n) JOIN ids ON ids.n = u.n
         RETURNING id`,
        [entries.map((e) => e.room), entries.map((e) => bytes(e.update)), entries.length],
      );
      return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    });
  }

  /** The snapshot is stored deflated (snapshot-bytes.ts), deflated before the transaction opens. */
  async compact(room: string, snapshot: Uint8Array, lastUpdateId: number, stateVector?: Uint8Array): Promise<void> {
    const deflated = await deflateSnapshot(snapshot);
    return this.db.transaction(async () => {
      await this.db.query('SELECT 1 FROM sync_documents WHERE room = $1 FOR UPDATE', [room]);
      // An older compaction that lost a race to a newer one (another instance's) changes nothing.
      const { rows } = await this.db.query<{ last: string }>(
        'SELECT last_update_id AS last FROM sync_snapshots WHERE room = $1',
        [room],
      );
      if (rows[0] && Number(rows[0].last) >= lastUpdateId) return;
      await this.db.query(
        `INSERT INTO sync_snapshots (room, data, compression, state_vector, last_update_id) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (room) DO UPDATE SET data = excluded.data, compression = excluded.compression,
           state_vector = excluded.state_vector, last_update_id = excluded.last_update_id, updated_at = ${PG_NOW_ISO}`,
        [room, deflated, SNAPSHOT_DEFLATED, stateVector ? bytes(stateVector) : null, lastUpdateId],
      );
      await this.db.query('DELETE FROM sync_updates WHERE room = $1 AND id <= $2', [room, lastUpdateId]);
    });
  }

  async pendingUpdates(room: string): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>('SELECT count(*) AS n FROM sync_updates WHERE room = $1', [
      room,
    ]);
    return Number(rows[0]!.n);
  }

  async setContentHash(room: string, hash: string): Promise<void> {
    await this.db.query('UPDATE sync_documents SET content_hash = $1 WHERE room = $2', [hash, room]);
  }

  async isFinalized(room: string): Promise<boolean> {
    const { rows } = await this.db.query<{ finalized_at: string | null }>(
      'SELECT finalized_at FROM sync_documents WHERE room = $1',
      [room],
    );
    return (rows[0]?.finalized_at ?? null) !== null;
  }

  async markFinalized(room: string, orgId: string, docId: string, at: Date = new Date()): Promise<void> {
    // As append: no conflict target, so a room another instance creates at the same moment
    // (either unique key) is taken as there, then marked.
    await this.db.transaction(async () => {
      await this.db.query(
        'INSERT INTO sync_documents (room, org_id, doc_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [room, orgId, docId],
      );
      await this.db.query('UPDATE sync_documents SET finalized_at = $2 WHERE room = $1', [room, at.toISOString()]);
    });
  }

  async clearFinalized(room: string): Promise<void> {
    await this.db.query('UPDATE sync_documents SET finalized_at = NULL WHERE room = $1', [room]);
  }
}
