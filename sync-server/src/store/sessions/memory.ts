import { MemoryDatabase } from '../memory/database.js';
import type { NewSession, SessionMembership, SessionRenewal, SessionRow, SessionStore } from './types.js';

/** A session as the sessions table holds it: the row plus where it was started from. */
type StoredSession = SessionRow & { ip: string | null; user_agent: string | null };

/**
 * The sessions in memory: the second implementation of the contract (issue 36). Memberships live
 * with the organisations, not here: `memberships` answers them (the memory organisation store's
 * look-up once it has one; none by default).
 */
export class MemorySessionStore implements SessionStore {
  private readonly sessions;

  constructor(
    private readonly db = new MemoryDatabase(),
    private readonly membershipsOf: (userId: string) => readonly SessionMembership[] = () => [],
  ) {
    this.sessions = db.table(new Map<string, StoredSession>());
  }

  byTokenHash(tokenHash: string): Promise<SessionRow | null> {
    return this.db.run(() => {
      for (const s of this.sessions.value.values()) if (s.token_hash === tokenHash) return structuredClone(s);
      return null;
    });
  }

  byId(id: string): Promise<SessionRow | null> {
    return this.db.run(() => this.copy(id));
  }

  create(s: NewSession, endSessionId: string | null = null): Promise<SessionRow> {
    return this.db.run(() => {
      const sessions = this.sessions.value;
      // Id and token hash are unique: a clash is refused before the presented session is ended.
      if (sessions.has(s.id) || [...sessions.values()].some((x) => x.token_hash === s.tokenHash))
        throw new Error('a session with this id or token hash exists');
      if (endSessionId !== null) this.endOne(endSessionId, s.now);
      sessions.set(s.id, {
        id: s.id,
        user_id: s.userId,
        token_hash: s.tokenHash,
        created_at: s.now,
        renewed_at: s.now,
        expires_at: s.expiresAt,
        multi_factor_last: s.multiFactorExp === null ? null : s.now,
        multi_factor_exp: s.multiFactorExp,
        sudo_last: null,
        sudo_expires_at: null,
        ended_at: null,
        ip: s.ip,
        user_agent: s.userAgent,
        single_org: s.singleOrg,
      });
      return this.copy(s.id)!;
    });
  }

  setTokenHash(id: string, tokenHash: string): Promise<void> {
    return this.db.run(() => {
      const session = this.sessions.value.get(id);
      if (!session) return;
      if ([...this.sessions.value.values()].some((x) => x.id !== id && x.token_hash === tokenHash))
        throw new Error('a session with this token hash exists');
      session.token_hash = tokenHash;
    });
  }

  end(id: string, now: number): Promise<void> {
    return this.db.run(() => this.endOne(id, now));
  }

  endForUser(userId: string, now: number, exceptId?: string): Promise<number> {
    return this.db.run(() => {
      let ended = 0;
      for (const s of this.sessions.value.values()) {
        if (s.user_id !== userId || s.ended_at !== null || s.id === (exceptId ?? '')) continue;
        s.ended_at = now;
        ended += 1;
      }
      return ended;
    });
  }

  activeForUser(userId: string, now: number): Promise<SessionRow[]> {
    return this.db.run(() =>
      [...this.sessions.value.values()]
        .filter((s) => s.user_id === userId && s.ended_at === null && s.expires_at > now)
        .sort((a, b) => b.created_at - a.created_at || a.id.localeCompare(b.id))
        .map((s) => {
          const { ip: _ip, user_agent: _ua, ...row } = structuredClone(s);
          return row;
        }),
    );
  }

  renew(id: string, r: SessionRenewal): Promise<SessionRow | null> {
    return this.db.run(() => {
      const s = this.sessions.value.get(id);
      if (!s) return null;
      s.renewed_at = r.renewedAt;
      s.expires_at = r.expiresAt;
      if (r.multiFactorExp !== null) s.multi_factor_exp = r.multiFactorExp;
      if (r.clearSudo) {
        s.sudo_last = null;
        s.sudo_expires_at = null;
      }
      return this.copy(id);
    });
  }

  grantSudo(id: string, now: number, expiresAt: number): Promise<void> {
    return this.db.run(() => {
      const s = this.sessions.value.get(id);
      if (!s) return;
      s.sudo_last = now;
      s.sudo_expires_at = expiresAt;
    });
  }

  /**
   * Sets multi-factor on a session: confirmed now, valid until `exp` but never past the session's
   * expiry. Not part of SessionStore: the memory accounts store's verifyMfa runs it in its
   * transaction, as the SQLite one updates the sessions row.
   */
  verifyMultiFactor(id: string, now: number, exp: number): Promise<void> {
    return this.db.run(() => {
      const s = this.sessions.value.get(id);
      if (!s) return;
      s.multi_factor_last = now;
      s.multi_factor_exp = Math.min(s.expires_at, exp);
    });
  }

  memberships(userId: string): Promise<SessionMembership[]> {
    return this.db.run(() =>
      structuredClone([...this.membershipsOf(userId)]).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    );
  }

  private copy(id: string): SessionRow | null {
    const s = this.sessions.value.get(id);
    return s ? structuredClone(s) : null;
  }

  private endOne(id: string, now: number): void {
    const s = this.sessions.value.get(id);
    if (s && s.ended_at === null) s.ended_at = now;
  }
}
