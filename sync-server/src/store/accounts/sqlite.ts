import type { Db } from '../sqlite/database.js';
import { assertSerialized, serialized } from '../resources/transactions.js';
import type { NewSession } from '../sessions/types.js';
import { endUserSessionRows, insertSessionRow, setSessionSudo, setSessionTokenHash } from '../sessions/sqlite.js';
import type {
  AccountStore,
  CodePurpose,
  CodeSendLimit,
  CodeRow,
  MfaChannel,
  MfaOptionRow,
  MfaVerification,
  NewCode,
  NewUser,
  UserRow,
} from './types.js';

/** The accounts repository over better-sqlite3; compound steps run in one SQLite transaction. */
export class SqliteAccountStore implements AccountStore {
  constructor(private readonly db: Db) {}

  // The private helpers run inside a method's serialized work (transactions.ts).
  private user(id: string): UserRow | null {
    assertSerialized(this.db);
    return (this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined) ?? null;
  }

  private userWithEmail(email: string): UserRow | null {
    assertSerialized(this.db);
    return (this.db.prepare('SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined) ?? null;
  }

  private closeOpenResetCodes(userId: string, now: number): void {
    assertSerialized(this.db);
    this.db
      .prepare(
        "UPDATE one_time_codes SET closed_at = ? WHERE user_id = ? AND purpose = 'resetPassword' AND closed_at IS NULL",
      )
      .run(now, userId);
  }

  private findOpenResetCode(codeHash: string): CodeRow | null {
    assertSerialized(this.db);
    const row = this.db
      .prepare("SELECT * FROM one_time_codes WHERE code_hash = ? AND purpose = 'resetPassword' AND closed_at IS NULL")
      .get(codeHash) as CodeRow | undefined;
    return row ?? null;
  }

  userById(id: string): Promise<UserRow | null> {
    return serialized(this.db, () => {
      return this.user(id);
    });
  }

  userByEmail(email: string): Promise<UserRow | null> {
    return serialized(this.db, () => {
      return this.userWithEmail(email);
    });
  }

  createUserWithSession(user: NewUser, session: NewSession, endSessionId: string | null): Promise<UserRow | null> {
    return serialized(this.db, () => {
      const created = this.db.transaction(() => {
        // A concurrent sign-up may have taken the address meanwhile.
        if (this.userWithEmail(user.email)) return null;
        this.db
          .prepare(
            `INSERT INTO users (id, name, email, email_verified, password_hash, referred_by, created_at, updated_at)
           VALUES (?, ?, ?, 0, ?, ?, ?, ?)`,
          )
          .run(user.id, user.name, user.email, user.passwordHash, user.referredBy, user.now, user.now);
        if (endSessionId !== null) {
          this.db
            .prepare('UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL')
            .run(user.now, endSessionId);
        }
        insertSessionRow(this.db, session);
        return this.user(user.id);
      })();
      return created;
    });
  }

  updateName(userId: string, name: string, now: number): Promise<void> {
    return serialized(this.db, () => {
      this.db.prepare('UPDATE users SET name = ?, updated_at = ? WHERE id = ?').run(name, now, userId);
      return;
    });
  }

  markEmailVerified(userId: string, now: number): Promise<void> {
    return serialized(this.db, () => {
      this.db.prepare('UPDATE users SET email_verified = 1, updated_at = ? WHERE id = ?').run(now, userId);
      return;
    });
  }

  userByEmrEmail(emrEmail: string): Promise<UserRow | null> {
    return serialized(this.db, () => {
      const rows = this.db.prepare('SELECT * FROM users WHERE emr_email = ? LIMIT 2').all(emrEmail) as UserRow[];
      return rows.length === 1 ? rows[0]! : null;
    });
  }

  setEmrEmail(userId: string, emrEmail: string, now: number): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare('UPDATE users SET emr_email = ?, updated_at = ? WHERE id = ? AND emr_email IS NOT ?')
        .run(emrEmail, now, userId, emrEmail);
      return;
    });
  }

  adoptEmrEmail(userId: string, now: number): Promise<boolean> {
    return serialized(this.db, () => {
      const adopted = this.db.transaction(() => {
        const user = this.user(userId);
        if (!user?.emr_email) return false;
        const holder = this.userWithEmail(user.emr_email);
        if (holder && holder.id !== userId) return false;
        this.db
          .prepare('UPDATE users SET email = ?, email_verified = 1, updated_at = ? WHERE id = ?')
          .run(user.emr_email, now, userId);
        // A reset link sent to an old address must not outlive the change.
        if (user.email !== user.emr_email) this.closeOpenResetCodes(userId, now);
        return true;
      })();
      return adopted;
    });
  }

  changeEmail(userId: string, email: string, now: number): Promise<boolean> {
    return serialized(this.db, () => {
      const changed = this.db.transaction(() => {
        const holder = this.userWithEmail(email);
        if (holder && holder.id !== userId) return false;
        this.db
          .prepare('UPDATE users SET email = ?, email_verified = 0, updated_at = ? WHERE id = ?')
          .run(email, now, userId);
        // A reset link sent to the old address must not outlive the change.
        this.closeOpenResetCodes(userId, now);
        return true;
      })();
      return changed;
    });
  }

  changePassword(
    userId: string,
    passwordHash: string,
    now: number,
    sessionId: string,
    tokenHash: string,
  ): Promise<void> {
    return serialized(this.db, () => {
      this.db.transaction(() => {
        this.db
          .prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?')
          .run(passwordHash, now, userId);
        this.closeOpenResetCodes(userId, now);
        endUserSessionRows(this.db, userId, now, sessionId);
        setSessionTokenHash(this.db, sessionId, tokenHash);
      })();
      return;
    });
  }

  mfaOptions(userId: string): Promise<MfaOptionRow[]> {
    return serialized(this.db, () => {
      return this.db
        .prepare('SELECT * FROM mfa_options WHERE user_id = ? ORDER BY channel DESC, created_at')
        .all(userId) as MfaOptionRow[];
    });
  }

  verifyMfa(v: MfaVerification): Promise<void> {
    return serialized(this.db, () => {
      this.db.transaction(() => {
        this.db
          .prepare(
            `INSERT INTO mfa_options (user_id, channel, to_address, verified, created_at) VALUES (?, ?, ?, 1, ?)
           ON CONFLICT (user_id, channel, to_address) DO UPDATE SET verified = 1`,
          )
          .run(v.userId, v.channel, v.to, v.now);
        if (v.verifiesEmail) {
          this.db.prepare('UPDATE users SET email_verified = 1, updated_at = ? WHERE id = ?').run(v.now, v.userId);
        }
        setSessionTokenHash(this.db, v.sessionId, v.tokenHash);
        this.db
          .prepare('UPDATE sessions SET multi_factor_last = ?, multi_factor_exp = MIN(expires_at, ?) WHERE id = ?')
          .run(v.now, v.multiFactorExp, v.sessionId);
        if (v.sudoExpiresAt !== null) setSessionSudo(this.db, v.sessionId, v.now, v.sudoExpiresAt);
      })();
      return;
    });
  }

  removeMfaOption(userId: string, channel: MfaChannel, to: string): Promise<boolean> {
    return serialized(this.db, () => {
      const { changes } = this.db
        .prepare('DELETE FROM mfa_options WHERE user_id = ? AND channel = ? AND to_address = ?')
        .run(userId, channel, to);
      return changes > 0;
    });
  }

  codesSentSince(userId: string, since: number): Promise<number> {
    return serialized(this.db, () => this.countCodesSent(userId, since));
  }

  issueCode(code: NewCode, limit?: CodeSendLimit): Promise<boolean> {
    // The count and the insert hold the file's write lock together (every transaction begins
    // IMMEDIATE: sqlite/database.ts), so another connection's count waits for this insert.
    return serialized(this.db, () => this.db.transaction(() => this.issueCodeNow(code, limit))());
  }

  private countCodesSent(userId: string, since: number): number {
    assertSerialized(this.db);
    const row = this.db
      .prepare(
        "SELECT COUNT(*) AS n FROM one_time_codes WHERE user_id = ? AND created_at > ? AND purpose != 'resetPassword'",
      )
      .get(userId, since) as { n: number };
    return row.n;
  }

  private issueCodeNow(code: NewCode, limit: CodeSendLimit | undefined): boolean {
    assertSerialized(this.db);
    if (limit && this.countCodesSent(code.userId, limit.since) >= limit.max) return false;
    if (code.sessionId !== null) {
      this.db
        .prepare('UPDATE one_time_codes SET closed_at = ? WHERE session_id = ? AND purpose = ? AND closed_at IS NULL')
        .run(code.now, code.sessionId, code.purpose);
    }
    this.db
      .prepare(
        `INSERT INTO one_time_codes (id, purpose, user_id, session_id, channel, to_address, code_hash, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        code.id,
        code.purpose,
        code.userId,
        code.sessionId,
        code.channel,
        code.to,
        code.codeHash,
        code.now,
        code.expiresAt,
      );
    return true;
  }

  latestOpenCode(sessionId: string, purpose: CodePurpose, channel: string, to: string): Promise<CodeRow | null> {
    return serialized(this.db, () => {
      const row = this.db
        .prepare(
          `SELECT * FROM one_time_codes WHERE session_id = ? AND purpose = ? AND channel = ? AND to_address = ?
           AND closed_at IS NULL ORDER BY created_at DESC LIMIT 1`,
        )
        .get(sessionId, purpose, channel, to) as CodeRow | undefined;
      return row ?? null;
    });
  }

  recordWrongCode(id: string, maxAttempts: number, now: number): Promise<number | null> {
    return serialized(this.db, () => {
      // One statement: the count read, raised and compared by SQLite, whichever connection runs it.
      const row = this.db
        .prepare(
          `UPDATE one_time_codes SET attempts = attempts + 1,
             closed_at = CASE WHEN attempts + 1 >= ? THEN ? ELSE NULL END
           WHERE id = ? AND closed_at IS NULL RETURNING attempts`,
        )
        .get(maxAttempts, now, id) as { attempts: number } | undefined;
      return row?.attempts ?? null;
    });
  }

  closeCode(id: string, now: number): Promise<boolean> {
    return serialized(this.db, () => {
      const { changes } = this.db
        .prepare('UPDATE one_time_codes SET closed_at = ? WHERE id = ? AND closed_at IS NULL')
        .run(now, id);
      return changes > 0;
    });
  }

  openResetCode(codeHash: string): Promise<CodeRow | null> {
    return serialized(this.db, () => {
      return this.findOpenResetCode(codeHash);
    });
  }

  resetPassword(codeHash: string, passwordHash: string, now: number): Promise<string | null> {
    return serialized(this.db, () => {
      const userId = this.db.transaction(() => {
        const row = this.findOpenResetCode(codeHash);
        if (!row || row.expires_at <= now) return null;
        this.db.prepare('UPDATE one_time_codes SET closed_at = ? WHERE id = ?').run(now, row.id);
        this.db
          .prepare('UPDATE users SET password_hash = ?, email_verified = 1, updated_at = ? WHERE id = ?')
          .run(passwordHash, now, row.user_id);
        endUserSessionRows(this.db, row.user_id, now);
        return row.user_id;
      })();
      return userId;
    });
  }

  signature(userId: string): Promise<{ id: string; path: string } | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT id, path FROM user_signatures WHERE user_id = ?').get(userId) as
        { id: string; path: string } | undefined;
      return row ?? null;
    });
  }

  saveSignature(userId: string, id: string, path: string, now: number): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO user_signatures (user_id, id, path, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET path = excluded.path, updated_at = excluded.updated_at`,
        )
        .run(userId, id, path, now);
      return;
    });
  }

  deleteSignature(userId: string): Promise<boolean> {
    return serialized(this.db, () => {
      return this.db.prepare('DELETE FROM user_signatures WHERE user_id = ?').run(userId).changes > 0;
    });
  }
}
