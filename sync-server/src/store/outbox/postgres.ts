import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { MessageChannel, OutboxEntry, OutboxStore } from './types.js';

interface Row {
  /** BIGINTs come back as strings. */
  id: string;
  at: string;
  channel: MessageChannel;
  to_address: string;
  subject: string;
  body: string;
}

/** The outbox on PostgreSQL (table outbox, PG migration 3; issue 43). A message added inside a unit of work commits with it. */
export class PostgresOutboxStore implements OutboxStore {
  constructor(private readonly db: PostgresDatabase) {}

  async add(entry: Omit<OutboxEntry, 'id'>): Promise<void> {
    await this.db.query('INSERT INTO outbox (at, channel, to_address, subject, body) VALUES ($1, $2, $3, $4, $5)', [
      entry.at,
      entry.channel,
      entry.to,
      entry.subject,
      entry.body,
    ]);
  }

  async list(to?: string): Promise<OutboxEntry[]> {
    const { rows } =
      to === undefined
        ? await this.db.query<Row>('SELECT * FROM outbox ORDER BY id')
        : await this.db.query<Row>('SELECT * FROM outbox WHERE to_address = $1 ORDER BY id', [to]);
    return rows.map((r) => ({
      id: Number(r.id),
      at: Number(r.at),
      channel: r.channel,
      to: r.to_address,
      subject: r.subject,
      body: r.body,
    }));
  }
}
