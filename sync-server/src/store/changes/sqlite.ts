import type { FhirResourceType } from '@vigil/shared';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../sqlite/database.js';
import { sqliteTransaction } from '../sqlite/transaction.js';
import { afterCommit, inTransaction, serialized } from '../resources/transactions.js';
import type { Change, ChangeBus, ChangeDetail, ChangeFilter, ChangeStore, NewChange } from './types.js';

interface Row {
  seq: number;
  at: number;
  org_id: string;
  kind: string;
  resource_type: string | null;
  resource_id: string | null;
  version_id: number | null;
  payload: string;
}

function toChange(row: Row): Change {
  const base = { seq: row.seq, at: row.at, orgId: row.org_id, payload: JSON.parse(row.payload) as never };
  if (row.kind === 'resource') {
    return {
      ...base,
      kind: 'resource',
      resourceType: row.resource_type as FhirResourceType,
      resourceId: row.resource_id!,
      versionId: String(row.version_id),
    };
  }
  return { ...base, kind: row.kind as Exclude<Change['kind'], 'resource'> };
}

/** The last seq handed out: the feed's newest row, or above it the floor a prune left (migration 100). */
const LAST_SEQ = `max(coalesce((SELECT max(seq) FROM change_feed), 0), (SELECT seq FROM change_feed_floor))`;

/**
 * The SQLite feed (tables change_feed and change_cursors, migration 96; change_feed_floor,
 * migration 100) on the server's one connection: `append` runs inside the caller's transaction on
 * that connection (the resource store's, a finalize's), so the row commits or rolls back with the
 * change it records.
 *
 * An append writes one row and nothing else (session 24): its seq is one above the last handed
 * out, read from the feed's own last page (the page the row goes to) and the floor (a page only a
 * prune writes), where AUTOINCREMENT rewrote sqlite_sequence, a page more in every commit. One
 * connection runs one transaction at a time (the write queue), so seqs follow commit order; a
 * rolled-back append's seq may be handed out again, as AUTOINCREMENT's was: nobody saw it.
 */
export class SqliteChangeStore implements ChangeStore {
  /** Prepared once: an append runs on every resource write. */
  private readonly insert: Statement;

  constructor(
    private readonly db: Db,
    private readonly bus?: ChangeBus,
  ) {
    this.insert = db.prepare(
      `INSERT INTO change_feed (seq, at, org_id, kind, resource_type, resource_id, version_id, payload)
       VALUES (${LAST_SEQ} + 1, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  append(change: NewChange, detail: ChangeDetail = {}): Promise<Change> {
    if (!inTransaction(this.db)) return Promise.reject(new Error('a change is appended inside a transaction only'));
    return serialized(this.db, () => {
      const resource = change.kind === 'resource' ? change : null;
      const { lastInsertRowid } = this.insert.run(
        change.at,
        change.orgId,
        change.kind,
        resource?.resourceType ?? null,
        resource?.resourceId ?? null,
        resource ? Number(resource.versionId) : null,
        JSON.stringify(change.payload),
      );
      const recorded = { ...change, seq: Number(lastInsertRowid) };
      const bus = this.bus;
      if (bus) afterCommit(() => bus.publish({ change: recorded, detail }));
      return recorded;
    });
  }

  read(afterSeq: number, limit: number, filter: ChangeFilter = {}): Promise<Change[]> {
    const where = ['seq > ?'];
    const params: unknown[] = [afterSeq];
    if (filter.orgId !== undefined) {
      where.push('org_id = ?');
      params.push(filter.orgId);
    }
    if (filter.kinds !== undefined) {
      where.push(`kind IN (${filter.kinds.map(() => '?').join(', ') || 'NULL'})`);
      params.push(...filter.kinds);
    }
    return serialized(this.db, () =>
      (
        this.db
          .prepare(`SELECT * FROM change_feed WHERE ${where.join(' AND ')} ORDER BY seq LIMIT ?`)
          .all(...params, limit) as Row[]
      ).map(toChange),
    );
  }

  lastSeq(): Promise<number> {
    return serialized(this.db, () => {
      const row = this.db.prepare(`SELECT ${LAST_SEQ} AS seq`).get() as { seq: number };
      return row.seq;
    });
  }

  cursor(consumer: string): Promise<number> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT seq FROM change_cursors WHERE consumer = ?').get(consumer) as
        { seq: number } | undefined;
      return row?.seq ?? 0;
    });
  }

  advance(consumer: string, seq: number, at: number): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO change_cursors (consumer, seq, updated_at) VALUES (?, ?, ?)
           ON CONFLICT (consumer) DO UPDATE SET seq = max(seq, excluded.seq), updated_at = excluded.updated_at`,
        )
        .run(consumer, seq, at);
    });
  }

  /**
   * Deletes up to the first change at or after `before`: walks the primary key from the oldest
   * row and stops there, so a prune costs what it deletes, never a scan of the retained feed (no
   * index on `at` to keep up on every write). Raises the floor to the last seq it deletes, in the
   * same transaction, so a prune that empties the feed never lets a seq be handed out again.
   */
  prune(before: number): Promise<number> {
    return serialized(this.db, () =>
      this.db.transaction(() => {
        const keep = this.db.prepare('SELECT seq FROM change_feed WHERE at >= ? ORDER BY seq LIMIT 1').get(before) as
          { seq: number } | undefined;
        const { last } = this.db
          .prepare('SELECT max(seq) AS last FROM change_feed WHERE seq < ?')
          .get(keep?.seq ?? Number.MAX_SAFE_INTEGER) as { last: number | null };
        if (last === null) return 0;
        this.db.prepare('UPDATE change_feed_floor SET seq = max(seq, ?)').run(last);
        return this.db.prepare('DELETE FROM change_feed WHERE seq <= ?').run(last).changes;
      })(),
    );
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return sqliteTransaction(this.db, fn);
  }
}
