import type { Db } from '../sqlite/database.js';
import { assertSerialized, serialized } from '../resources/transactions.js';
import type { NewSession, SessionMembership, SessionRenewal, SessionRow, SessionStore } from './types.js';

/** Inserts a session row (inside the caller's serialized work or transaction). Shared with the accounts store's compound steps. */
export function insertSessionRow(db: Db, s: NewSession): SessionRow {
  assertSerialized(db);
  db.prepare(
    `INSERT INTO sessions (id, user_id, token_hash, created_at, renewed_at, expires_at, ip, user_agent,
       single_org, multi_factor_last, multi_factor_exp)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    s.id,
    s.userId,
    s.tokenHash,
    s.now,
    s.now,
    s.expiresAt,
    s.ip,
    s.userAgent,
    s.singleOrg,
    s.multiFactorExp === null ? null : s.now,
    s.multiFactorExp,
  );
  return db.prepare('SELECT * FROM sessions WHERE id = ?').get(s.id) as SessionRow;
}

/** Ends a user's live sessions except one (inside the caller's serialized work or transaction). */
export function endUserSessionRows(db: Db, userId: string, now: number, exceptId?: string): number {
  assertSerialized(db);
  return db
    .prepare('UPDATE sessions SET ended_at = ? WHERE user_id = ? AND ended_at IS NULL AND id != ?')
    .run(now, userId, exceptId ?? '').changes;
}

/** Sets a session's token hash (inside the caller's serialized work or transaction). */
export function setSessionTokenHash(db: Db, id: string, tokenHash: string): void {
  assertSerialized(db);
  db.prepare('UPDATE sessions SET token_hash = ? WHERE id = ?').run(tokenHash, id);
}

/** Sets a session's sudo window (inside the caller's serialized work or transaction). */
export function setSessionSudo(db: Db, id: string, now: number, expiresAt: number): void {
  assertSerialized(db);
  db.prepare('UPDATE sessions SET sudo_last = ?, sudo_expires_at = ? WHERE id = ?').run(now, expiresAt, id);
}

function endSessionRow(db: Db, id: string, now: number): void {
  assertSerialized(db);
  db.prepare('UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL').run(now, id);
}

/** The sessions repository over better-sqlite3 (synchronous underneath, through the write queue: transactions.ts). */
export class SqliteSessionStore implements SessionStore {
  constructor(private readonly db: Db) {}

  byTokenHash(tokenHash: string): Promise<SessionRow | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM sessions WHERE token_hash = ?').get(tokenHash) as
        SessionRow | undefined;
      return row ?? null;
    });
  }

  byId(id: string): Promise<SessionRow | null> {
    return serialized(this.db, () => this.rowById(id));
  }

  /** The session row (inside the caller's serialized work). */
  private rowById(id: string): SessionRow | null {
    assertSerialized(this.db);
    const row = this.db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
    return row ?? null;
  }

  create(session: NewSession, endSessionId: string | null = null): Promise<SessionRow> {
    return serialized(this.db, () => {
      return this.db.transaction(() => {
        if (endSessionId !== null) endSessionRow(this.db, endSessionId, session.now);
        return insertSessionRow(this.db, session);
      })();
    });
  }

  setTokenHash(id: string, tokenHash: string): Promise<void> {
    return serialized(this.db, () => {
      setSessionTokenHash(this.db, id, tokenHash);
      return;
    });
  }

  end(id: string, now: number): Promise<void> {
    return serialized(this.db, () => {
      endSessionRow(this.db, id, now);
      return;
    });
  }

  endForUser(userId: string, now: number, exceptId?: string): Promise<number> {
    return serialized(this.db, () => {
      return endUserSessionRows(this.db, userId, now, exceptId);
    });
  }

  activeForUser(userId: string, now: number): Promise<SessionRow[]> {
    return serialized(this.db, () => {
      return this.db
        .prepare(
          `SELECT * FROM sessions WHERE user_id = ? AND ended_at IS NULL AND expires_at > ?
           ORDER BY created_at DESC, id`,
        )
        .all(userId, now) as SessionRow[];
    });
  }

  renew(id: string, r: SessionRenewal): Promise<SessionRow | null> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `UPDATE sessions SET renewed_at = ?, expires_at = ?,
           multi_factor_exp = CASE WHEN ? THEN ? ELSE multi_factor_exp END,
           sudo_last = CASE WHEN ? THEN NULL ELSE sudo_last END,
           sudo_expires_at = CASE WHEN ? THEN NULL ELSE sudo_expires_at END
         WHERE id = ?`,
        )
        .run(
          r.renewedAt,
          r.expiresAt,
          r.multiFactorExp === null ? 0 : 1,
          r.multiFactorExp,
          r.clearSudo ? 1 : 0,
          r.clearSudo ? 1 : 0,
          id,
        );
      return this.rowById(id);
    });
  }

  grantSudo(id: string, now: number, expiresAt: number): Promise<void> {
    return serialized(this.db, () => {
      setSessionSudo(this.db, id, now, expiresAt);
      return;
    });
  }

  memberships(userId: string): Promise<SessionMembership[]> {
    return serialized(this.db, () => {
      const rows = this.db
        .prepare(
          `SELECT o.id AS id, o.type AS type, m.roles AS roles
         FROM org_members m JOIN orgs o ON o.id = m.org_id WHERE m.user_id = ? ORDER BY o.id`,
        )
        .all(userId) as { id: string; type: SessionMembership['type']; roles: string }[];
      return rows.map((r) => ({ id: r.id, type: r.type, roles: JSON.parse(r.roles) as string[] }));
    });
  }
}
