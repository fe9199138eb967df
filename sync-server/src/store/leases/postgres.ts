import { randomUUID } from 'node:crypto';
import type { PgPool } from '../postgres/database.js';
import type { Lease, LeaseStore } from './types.js';

interface LeaseRow {
  key: string;
  holder: string;
  token: string;
  /** BIGINT comes back as a string from node-postgres. */
  expires_at: string;
}

const lease = (r: LeaseRow): Lease => ({
  key: r.key,
  holder: r.holder,
  token: r.token,
  expiresAt: Number(r.expires_at),
});

/**
 * Leases over PostgreSQL (table leases, PG migration 97; issue 43). Each method is one
 * statement: the conditional upsert is atomic under concurrent instances (the row's lock
 * serialises two acquires of one key; the loser's WHERE then sees the winner's row).
 */
export class PostgresLeaseStore implements LeaseStore {
  constructor(
    private readonly pool: PgPool,
    private readonly now: () => number = Date.now,
  ) {}

  async acquire(key: string, holder: string, ttlMs: number): Promise<Lease | null> {
    const now = this.now();
    const { rows } = await this.pool.query<LeaseRow>(
      `INSERT INTO leases (key, holder, token, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key) DO UPDATE SET holder = excluded.holder, token = excluded.token,
         expires_at = excluded.expires_at
       WHERE leases.expires_at <= $5 OR leases.holder = excluded.holder
       RETURNING key, holder, token, expires_at`,
      [key, holder, randomUUID(), now + ttlMs, now],
    );
    return rows[0] ? lease(rows[0]) : null;
  }

  async renew(held: Lease, ttlMs: number): Promise<Lease | null> {
    const now = this.now();
    const { rows } = await this.pool.query<LeaseRow>(
      `UPDATE leases SET expires_at = $1 WHERE key = $2 AND token = $3 AND expires_at > $4
       RETURNING key, holder, token, expires_at`,
      [now + ttlMs, held.key, held.token, now],
    );
    return rows[0] ? lease(rows[0]) : null;
  }

  async release(held: Lease): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM leases WHERE key = $1 AND token = $2', [
      held.key,
      held.token,
    ]);
    return (rowCount ?? 0) > 0;
  }
}
