import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { LocalEvent, LocalObjectMeta, LocalPaymentKind, LocalPaymentStore } from './types.js';

/**
 * The local payment provider's state on PostgreSQL (payment_local_*, PG migration 101; issue 43).
 * Each write is one statement; objects of one time are listed by row_id, SQLite's rowid.
 */
export class PostgresLocalPaymentStore implements LocalPaymentStore {
  constructor(private readonly db: PostgresDatabase) {}

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async get<T>(kind: LocalPaymentKind, id: string): Promise<T | null> {
    const { rows } = await this.db.query<{ body: string }>(
      'SELECT body FROM payment_local_objects WHERE kind = $1 AND id = $2',
      [kind, id],
    );
    return rows[0] ? (JSON.parse(rows[0].body) as T) : null;
  }

  async put(meta: LocalObjectMeta, body: unknown): Promise<void> {
    await this.db.query(
      `INSERT INTO payment_local_objects (kind, id, customer_id, created, body) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (kind, id) DO UPDATE SET body = excluded.body, customer_id = excluded.customer_id`,
      [meta.kind, meta.id, meta.customerId, meta.created, JSON.stringify(body)],
    );
  }

  async list<T>(
    kind: LocalPaymentKind,
    query: { customerId?: string; limit: number; startingAfter?: string },
  ): Promise<{ items: T[]; hasMore: boolean }> {
    const where = ['kind = $1'];
    const args: unknown[] = [kind];
    if (query.customerId !== undefined) {
      args.push(query.customerId);
      where.push(`customer_id = $${args.length}`);
    }
    if (query.startingAfter !== undefined) {
      const { rows } = await this.db.query<{ created: string; row_id: string }>(
        'SELECT created, row_id FROM payment_local_objects WHERE kind = $1 AND id = $2',
        [kind, query.startingAfter],
      );
      const cursor = rows[0];
      if (!cursor) return { items: [], hasMore: false };
      args.push(cursor.created, cursor.row_id);
      where.push(`(created, row_id) < ($${args.length - 1}::bigint, $${args.length}::bigint)`);
    }
    args.push(query.limit + 1);
    const { rows } = await this.db.query<{ body: string }>(
      `SELECT body FROM payment_local_objects WHERE ${where.join(' AND ')}
       ORDER BY created DESC, row_id DESC LIMIT $${args.length}`,
      args,
    );
    return {
      items: rows.slice(0, query.limit).map((r) => JSON.parse(r.body) as T),
      hasMore: rows.length > query.limit,
    };
  }

  async queueEvent(event: { id: string; created: number; body: string }): Promise<void> {
    await this.db.query(
      `INSERT INTO payment_local_events (id, created, body, next_attempt_at) VALUES ($1, $2, $3, $2)
       ON CONFLICT (id) DO NOTHING`,
      [event.id, event.created, event.body],
    );
  }

  async dueEvents(now: number, limit: number): Promise<LocalEvent[]> {
    const { rows } = await this.db.query<{ id: string; body: string; attempts: number }>(
      `SELECT id, body, attempts FROM payment_local_events
       WHERE delivered_at IS NULL AND next_attempt_at <= $1 ORDER BY seq LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => ({ id: r.id, body: r.body, attempts: Number(r.attempts) }));
  }

  async markDelivered(id: string, at: number): Promise<void> {
    await this.db.query('UPDATE payment_local_events SET delivered_at = $1, attempts = attempts + 1 WHERE id = $2', [
      at,
      id,
    ]);
  }

  async markFailed(id: string, nextAttemptAt: number): Promise<void> {
    await this.db.query('UPDATE payment_local_events SET next_attempt_at = $1, attempts = attempts + 1 WHERE id = $2', [
      nextAttemptAt,
      id,
    ]);
  }

  async clockOffset(): Promise<number> {
    const { rows } = await this.db.query<{ offset_ms: string }>(
      'SELECT offset_ms FROM payment_local_clock WHERE id = 1',
    );
    return rows[0] ? Number(rows[0].offset_ms) : 0;
  }

  async setClockOffset(ms: number): Promise<void> {
    await this.db.query(
      'INSERT INTO payment_local_clock (id, offset_ms) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET offset_ms = excluded.offset_ms',
      [ms],
    );
  }
}
