import type { Db } from '../sqlite/database.js';
import { serialized } from '../resources/transactions.js';
import type { MessageChannel, OutboxEntry, OutboxStore } from './types.js';

/** The outbox repository over better-sqlite3 (table outbox). */
export class SqliteOutboxStore implements OutboxStore {
  constructor(private readonly db: Db) {}

  add(entry: Omit<OutboxEntry, 'id'>): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare('INSERT INTO outbox (at, channel, to_address, subject, body) VALUES (?, ?, ?, ?, ?)')
        .run(entry.at, entry.channel, entry.to, entry.subject, entry.body);
      return;
    });
  }

  list(to?: string): Promise<OutboxEntry[]> {
    return serialized(this.db, () => {
      const rows = (
        to === undefined
          ? this.db.prepare('SELECT * FROM outbox ORDER BY id').all()
          : this.db.prepare('SELECT * FROM outbox WHERE to_address = ? ORDER BY id').all(to)
      ) as { id: number; at: number; channel: MessageChannel; to_address: string; subject: string; body: string }[];
      return rows.map((r) => ({
        id: r.id,
        at: r.at,
        channel: r.channel,
        to: r.to_address,
        subject: r.subject,
        body: r.body,
      }));
    });
  }
}
