import type { FhirResourceType } from '@vigil/shared';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { Change, ChangeBus, ChangeDetail, ChangeFilter, ChangeStore, NewChange } from './types.js';

interface Row {
  /** BIGINTs come back as strings. */
  seq: string;
  at: string;
  org_id: string;
  kind: string;
  resource_type: string | null;
  resource_id: string | null;
  version_id: string | null;
  payload: string;
}

function toChange(row: Row): Change {
  const base = {
    seq: Number(row.seq),
    at: Number(row.at),
    orgId: row.org_id,
    payload: JSON.parse(row.payload) as never,
  };
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

/**
 * The change feed on PostgreSQL (tables of PG migration 96; issue 43). `append` runs inside the
 * caller's unit of work (PostgresDatabase), so the row commits or rolls back with the change it
 * records, and the bus hears of it after the commit.
 *
 * Ordered under concurrent writers: an append takes its seq by raising the feed's head row, and
 * that row's lock is held until the unit commits or rolls back. A second unit appending waits
 * there until the first has ended, so seqs are handed out in commit order on every instance, and
 * a reader reading after its cursor never meets a gap that a later commit fills (a consumer
 * would skip it for good). The cost: units that append to the feed commit one at a time from
 * their first append on, so a unit appends last, just before it commits. A rolled-back unit's
 * seq is handed out again: nobody saw it.
 */
export class PostgresChangeStore implements ChangeStore {
  constructor(
    private readonly db: PostgresDatabase,
    private readonly bus?: ChangeBus,
  ) {}

  async append(change: NewChange, detail: ChangeDetail = {}): Promise<Change> {
    if (!this.db.inTransaction()) throw new Error('a change is appended inside a transaction only');
    const resource = change.kind === 'resource' ? change : null;
    const { rows } = await this.db.query<{ seq: string }>(
      `WITH head AS (UPDATE change_feed_head SET seq = seq + 1 RETURNING seq)
       INSERT INTO change_feed (seq, at, org_id, kind, resource_type, resource_id, version_id, payload)
       SELECT head.seq, $1, $2, $3, $4, $5, $6, $7 FROM head RETURNING seq`,
      [
        change.at,
        change.orgId,
        change.kind,
        resource?.resourceType ?? null,
        resource?.resourceId ?? null,
        resource ? Number(resource.versionId) : null,
        JSON.stringify(change.payload),
      ],
    );
    const recorded = { ...change, seq: Number(rows[0]!.seq) };
    const bus = this.bus;
    if (bus) this.db.afterCommit(() => bus.publish({ change: recorded, detail }));
    return recorded;
  }

  /**
   * Takes the feed's order for the caller's unit now, before its first append: the head row's
   * lock, which every append takes too and the unit holds to its commit. A store that locks rows
   * of its own and then appends (the resource store) takes this first, so two units never hold
   * each other's locks (one holding the head and waiting for a row the other holds, which waits
   * for the head: a deadlock).
   */
  async holdOrder(): Promise<void> {
    if (!this.db.inTransaction()) throw new Error("the feed's order is held inside a transaction only");
    await this.db.query('SELECT seq FROM change_feed_head FOR NO KEY UPDATE');
  }

  async read(afterSeq: number, limit: number, filter: ChangeFilter = {}): Promise<Change[]> {
    const where = ['seq > $1'];
    const params: unknown[] = [afterSeq];
    if (filter.orgId !== undefined) {
      params.push(filter.orgId);
      where.push(`org_id = $${params.length}`);
    }
    if (filter.kinds !== undefined) {
      params.push([...filter.kinds]);
      where.push(`kind = ANY($${params.length}::text[])`);
    }
    params.push(limit);
    const { rows } = await this.db.query<Row>(
      `SELECT * FROM change_feed WHERE ${where.join(' AND ')} ORDER BY seq LIMIT $${params.length}`,
      params,
    );
    return rows.map(toChange);
  }

  async lastSeq(): Promise<number> {
    const { rows } = await this.db.query<{ seq: string }>('SELECT seq FROM change_feed_head');
    return Number(rows[0]!.seq);
  }

  async cursor(consumer: string): Promise<number> {
    const { rows } = await this.db.query<{ seq: string }>('SELECT seq FROM change_cursors WHERE consumer = $1', [
      consumer,
    ]);
    return rows[0] ? Number(rows[0].seq) : 0;
  }

  async advance(consumer: string, seq: number, at: number): Promise<void> {
    await this.db.query(
      `INSERT INTO change_cursors (consumer, seq, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (consumer) DO UPDATE SET seq = greatest(change_cursors.seq, excluded.seq),
         updated_at = excluded.updated_at`,
      [consumer, seq, at],
    );
  }

  /**
   * Deletes up to the first change at or after `before` (walking the primary key from the
   * oldest row), in one statement; the head row keeps the last seq handed out, so nothing is
   * reused after a prune.
   */
  async prune(before: number): Promise<number> {
    const { rowCount } = await this.db.query(
      `DELETE FROM change_feed WHERE seq < coalesce(
         (SELECT seq FROM change_feed WHERE at >= $1 ORDER BY seq LIMIT 1), 9223372036854775807)`,
      [before],
    );
    return rowCount ?? 0;
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }
}
