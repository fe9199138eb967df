import { randomUUID } from 'node:crypto';
import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import type { Lease, LeaseStore } from './types.js';

interface LeaseRow {
  key: string;
  holder: string;
  token: string;
  expires_at: number;
}

const lease = (r: LeaseRow): Lease => ({ key: r.key, holder: r.holder, token: r.token, expiresAt: r.expires_at });

/**
 * Leases over better-sqlite3 (table leases, migration 97). Each method is one statement, atomic
 * across every connection to the file (another process waits on SQLite's lock, busy_timeout).
 */
export class SqliteLeaseStore implements LeaseStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  acquire(key: string, holder: string, ttlMs: number): Promise<Lease | null> {
    return serialized(this.db, () => {
      const now = this.now();
      // Inserted when free, taken over when expired or already this holder's; otherwise no row.
      const row = this.db
        .prepare(
          `INSERT INTO leases (key, holder, token, expires_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (key) DO UPDATE SET holder = excluded.holder, token = excluded.token,
             expires_at = excluded.expires_at
           WHERE leases.expires_at <= ? OR leases.holder = excluded.holder
           RETURNING key, holder, token, expires_at`,
        )
        .get(key, holder, randomUUID(), now + ttlMs, now) as LeaseRow | undefined;
      return row ? lease(row) : null;
    });
  }

  renew(held: Lease, ttlMs: number): Promise<Lease | null> {
    return serialized(this.db, () => {
      const now = this.now();
      const row = this.db
        .prepare(
          `UPDATE leases SET expires_at = ? WHERE key = ? AND token = ? AND expires_at > ?
           RETURNING key, holder, token, expires_at`,
        )
        .get(now + ttlMs, held.key, held.token, now) as LeaseRow | undefined;
      return row ? lease(row) : null;
    });
  }

  release(held: Lease): Promise<boolean> {
    return serialized(
      this.db,
      () => this.db.prepare('DELETE FROM leases WHERE key = ? AND token = ?').run(held.key, held.token).changes > 0,
    );
  }
}
