import { randomUUID } from 'node:crypto';
import { auditCountColumn } from '../audit/sqlite.js';
import { assertSerialized, serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import type { AttemptRequest, AttemptStore, Places } from './types.js';

/**
 * Rate-limit places over better-sqlite3 (table attempt_places, migration 98). A reservation is
 * one IMMEDIATE transaction: the audit count (audit_events, as SqliteAuditStore.count reads it),
 * the places held and the insert, atomic across every connection to the file.
 */
export class SqliteAttemptStore implements AttemptStore {
  constructor(private readonly db: Db) {}

  reserve(request: AttemptRequest): Promise<Places | null> {
    return serialized(this.db, () => this.db.transaction(() => this.reserveNow(request))());
  }

  release(places: Places): Promise<void> {
    return serialized(this.db, () => {
      this.db.prepare('DELETE FROM attempt_places WHERE attempt_id = ?').run(places.id);
    });
  }

  held(key: string, now: number): Promise<number> {
    return serialized(
      this.db,
      () =>
        (
          this.db
            .prepare('SELECT COUNT(*) AS n FROM attempt_places WHERE key = ? AND expires_at > ?')
            .get(key, now) as { n: number }
        ).n,
    );
  }

  private reserveNow({ action, since, limits, now, ttlMs }: AttemptRequest): Places | null {
    assertSerialized(this.db);
    this.db.prepare('DELETE FROM attempt_places WHERE expires_at <= ?').run(now);
    for (const { key, by, limit } of limits) {
      const [column, value] = auditCountColumn(by);
      const recorded = this.db
        .prepare(`SELECT COUNT(*) AS n FROM audit_events WHERE action = ? AND at > ? AND ${column} = ?`)
        .get(action, since, value) as { n: number };
      const held = this.db.prepare('SELECT COUNT(*) AS n FROM attempt_places WHERE key = ?').get(key) as { n: number };
      if (recorded.n + held.n >= limit) return null;
    }
    const id = randomUUID();
    const insert = this.db.prepare('INSERT INTO attempt_places (attempt_id, key, expires_at) VALUES (?, ?, ?)');
    const keys = [...new Set(limits.map((l) => l.key))];
    for (const key of keys) insert.run(id, key, now + ttlMs);
    return { id, keys };
  }
}
