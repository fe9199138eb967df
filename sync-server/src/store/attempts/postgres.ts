import { randomUUID } from 'node:crypto';
import { pgAuditCountColumn } from '../audit/postgres.js';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { AttemptRequest, AttemptStore, Places } from './types.js';

/** The advisory lock namespace of rate-limit keys (two-int form: apart from the one-bigint locks). */
const PLACE_LOCKS = 98;

/**
 * Rate-limit places over PostgreSQL (table attempt_places, PG migration 98; issue 43). A
 * reservation is one transaction that first takes a transaction-scoped advisory lock per key (in
 * key order, so two reservations never wait on each other in a cycle): reservations of one key
 * run one after another across every instance. Each limit is then checked by one statement, so
 * the audit count and the places held are read from one snapshot, taken after the previous
 * holder of the lock committed: an attempt that recorded its failure and released its place is
 * seen in one or the other, never in neither.
 */
export class PostgresAttemptStore implements AttemptStore {
  constructor(private readonly db: PostgresDatabase) {}

  reserve({ action, since, limits, now, ttlMs }: AttemptRequest): Promise<Places | null> {
    const keys = [...new Set(limits.map((l) => l.key))];
    return this.db.transaction(async () => {
      for (const key of [...keys].sort())
        await this.db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [PLACE_LOCKS, key]);
      // Expired places of crashed processes; rows another reservation is clearing are left to it.
      await this.db.query(
        `DELETE FROM attempt_places WHERE ctid IN
           (SELECT ctid FROM attempt_places WHERE expires_at <= $1 FOR UPDATE SKIP LOCKED)`,
        [now],
      );
      for (const { key, by, limit } of limits) {
        const [column, value] = pgAuditCountColumn(by);
        const { rows } = await this.db.query<{ n: string }>(
          `SELECT (SELECT count(*) FROM audit_events WHERE action = $1 AND at > $2 AND ${column} = $3)
                + (SELECT count(*) FROM attempt_places WHERE key = $4 AND expires_at > $5) AS n`,
          [action, since, value, key, now],
        );
        if (Number(rows[0]!.n) >= limit) return null;
      }
      const id = randomUUID();
      await this.db.query(
        `INSERT INTO attempt_places (attempt_id, key, expires_at) SELECT $1, k, $3 FROM unnest($2::text[]) AS k`,
        [id, keys, now + ttlMs],
      );
      return { id, keys };
    });
  }

  async release(places: Places): Promise<void> {
    await this.db.query('DELETE FROM attempt_places WHERE attempt_id = $1', [places.id]);
  }

  async held(key: string, now: number): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM attempt_places WHERE key = $1 AND expires_at > $2',
      [key, now],
    );
    return Number(rows[0]!.n);
  }
}
