import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import { sqliteTransaction } from '../sqlite/transaction.js';
import type { LocalEvent, LocalObjectMeta, LocalPaymentKind, LocalPaymentStore } from './types.js';

interface Cursor {
  created: number;
  seq: number;
}

/** The local payment provider's state over better-sqlite3 (payment_local_*, migration 101). */
export class SqliteLocalPaymentStore implements LocalPaymentStore {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return sqliteTransaction(this.db, fn);
  }

  get<T>(kind: LocalPaymentKind, id: string): Promise<T | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT body FROM payment_local_objects WHERE kind = ? AND id = ?').get(kind, id) as
        { body: string } | undefined;
      return row ? (JSON.parse(row.body) as T) : null;
    });
  }

  put(meta: LocalObjectMeta, body: unknown): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO payment_local_objects (kind, id, customer_id, created, body) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (kind, id) DO UPDATE SET body = excluded.body, customer_id = excluded.customer_id`,
        )
        .run(meta.kind, meta.id, meta.customerId, meta.created, JSON.stringify(body));
    });
  }

  list<T>(
    kind: LocalPaymentKind,
    query: { customerId?: string; limit: number; startingAfter?: string },
  ): Promise<{ items: T[]; hasMore: boolean }> {
    return serialized(this.db, () => {
      const where = ['kind = ?'];
      const args: (string | number)[] = [kind];
      if (query.customerId !== undefined) {
        where.push('customer_id = ?');
        args.push(query.customerId);
      }
      if (query.startingAfter !== undefined) {
        const cursor = this.db
          .prepare('SELECT created, rowid AS seq FROM payment_local_objects WHERE kind = ? AND id = ?')
          .get(kind, query.startingAfter) as Cursor | undefined;
        if (!cursor) return { items: [], hasMore: false };
        where.push('(created < ? OR (created = ? AND rowid < ?))');
        args.push(cursor.created, cursor.created, cursor.seq);
      }
      const rows = this.db
        .prepare(
          `SELECT body FROM payment_local_objects WHERE ${where.join(' AND ')} ORDER BY created DESC, rowid DESC LIMIT ?`,
        )
        .all(...args, query.limit + 1) as { body: string }[];
      return {
        items: rows.slice(0, query.limit).map((r) => JSON.parse(r.body) as T),
        hasMore: rows.length > query.limit,
      };
    });
  }

  queueEvent(event: { id: string; created: number; body: string }): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO payment_local_events (id, created, body, next_attempt_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (id) DO NOTHING`,
        )
        .run(event.id, event.created, event.body, event.created);
    });
  }

  dueEvents(now: number, limit: number): Promise<LocalEvent[]> {
    return serialized(
      this.db,
      () =>
        this.db
          .prepare(
            `SELECT id, body, attempts FROM payment_local_events
             WHERE delivered_at IS NULL AND next_attempt_at <= ? ORDER BY seq LIMIT ?`,
          )
          .all(now, limit) as LocalEvent[],
    );
  }

  markDelivered(id: string, at: number): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare('UPDATE payment_local_events SET delivered_at = ?, attempts = attempts + 1 WHERE id = ?')
        .run(at, id);
    });
  }

  markFailed(id: string, nextAttemptAt: number): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare('UPDATE payment_local_events SET next_attempt_at = ?, attempts = attempts + 1 WHERE id = ?')
        .run(nextAttemptAt, id);
    });
  }

  clockOffset(): Promise<number> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT offset_ms FROM payment_local_clock WHERE id = 1').get() as
        { offset_ms: number } | undefined;
      return row?.offset_ms ?? 0;
    });
  }

  setClockOffset(ms: number): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          'INSERT INTO payment_local_clock (id, offset_ms) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET offset_ms = excluded.offset_ms',
        )
        .run(ms);
    });
  }
}
