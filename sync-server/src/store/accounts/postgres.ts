import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import { endPgUserSessionRows, insertPgSessionRow } from '../sessions/postgres.js';
import type { NewSession } from '../sessions/types.js';
import type {
  AccountStore,
  CodePurpose,
  CodeRow,
  CodeSendLimit,
  MfaChannel,
  MfaOptionRow,
  MfaVerification,
  NewCode,
  NewUser,
  UserRow,
} from './types.js';

/** A row as SQLite's store returns it: the BIGINT columns (strings from node-postgres) as numbers again. */
function numbered<T>(raw: Record<string, unknown>, columns: readonly string[]): T {
  const row: Record<string, unknown> = { ...raw };
  for (const c of columns) if (raw[c] !== null && raw[c] !== undefined) row[c] = Number(raw[c]);
  return row as T;
}
const toUser = (raw: Record<string, unknown>): UserRow => numbered<UserRow>(raw, ['created_at', 'updated_at']);
const toCode = (raw: Record<string, unknown>): CodeRow =>
  numbered<CodeRow>(raw, ['created_at', 'expires_at', 'closed_at']);

/** PostgreSQL's code for a unique violation. */
const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

/** The advisory-lock namespace of a user's codes-sent limit (two-int form; 3, the accounts tables' migration). */
const CODE_LIMIT_LOCK = 3;

/**
 * The accounts repository on PostgreSQL (tables of PG migration 3; issue 43). Compound steps are
 * one unit (PostgresDatabase), joining the caller's. Under concurrent instances: a sign-up or an
 * email change that meets a taken address answers null/false, whichever instance took it first
 * (the unique index decides, not a read before the write); a limited code issue counts and
 * inserts under a per-user advisory lock; a wrong try, a use of a code and a reset are each one
 * conditional statement, so exactly one of two racing uses wins.
 */
export class PostgresAccountStore implements AccountStore {
  constructor(private readonly db: PostgresDatabase) {}

  async userById(id: string): Promise<UserRow | null> {
    const { rows } = await this.db.query('SELECT * FROM users WHERE id = $1', [id]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  async userByEmail(email: string): Promise<UserRow | null> {
    const { rows } = await this.db.query('SELECT * FROM users WHERE email = $1', [email]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  createUserWithSession(user: NewUser, session: NewSession, endSessionId: string | null): Promise<UserRow | null> {
    return this.db.transaction(async () => {
      const { rows } = await this.db.query(
        `INSERT INTO users (id, name, email, email_verified, password_hash, referred_by, created_at, updated_at)
         VALUES ($1, $2, $3, 0, $4, $5, $6, $6) ON CONFLICT (email) DO NOTHING RETURNING *`,
        [user.id, user.name, user.email, user.passwordHash, user.referredBy, user.now],
      );
      // Taken, perhaps by another instance a moment ago: nothing written.
      if (!rows[0]) return null;
      if (endSessionId !== null) {
        await this.db.query('UPDATE sessions SET ended_at = $1 WHERE id = $2 AND ended_at IS NULL', [
          user.now,
          endSessionId,
        ]);
      }
      await insertPgSessionRow(this.db, session);
      return toUser(rows[0]);
    });
  }

  async updateName(userId: string, name: string, now: number): Promise<void> {
    await this.db.query('UPDATE users SET name = $1, updated_at = $2 WHERE id = $3', [name, now, userId]);
  }

  async markEmailVerified(userId: string, now: number): Promise<void> {
    await this.db.query('UPDATE users SET email_verified = 1, updated_at = $1 WHERE id = $2', [now, userId]);
  }

  private async closeOpenResetCodes(userId: string, now: number): Promise<void> {
    await this.db.query(
      "UPDATE one_time_codes SET closed_at = $1 WHERE user_id = $2 AND purpose = 'resetPassword' AND closed_at IS NULL",
      [now, userId],
    );
  }

  async userByEmrEmail(emrEmail: string): Promise<UserRow | null> {
    const { rows } = await this.db.query('SELECT * FROM users WHERE emr_email = $1 LIMIT 2', [emrEmail]);
    return rows.length === 1 ? toUser(rows[0]!) : null;
  }

  async setEmrEmail(userId: string, emrEmail: string, now: number): Promise<void> {
    await this.db.query(
      'UPDATE users SET emr_email = $1, updated_at = $2 WHERE id = $3 AND emr_email IS DISTINCT FROM $1',
      [emrEmail, now, userId],
    );
  }

  async adoptEmrEmail(userId: string, now: number): Promise<boolean> {
    try {
      return await this.db.transaction(async () => {
        const { rows } = await this.db.query<{ email: string; emr_email: string | null }>(
          'SELECT email, emr_email FROM users WHERE id = $1 FOR UPDATE',
          [userId],
        );
        const user = rows[0];
        if (!user?.emr_email) return false;
        await this.db.query('UPDATE users SET email = $1, email_verified = 1, updated_at = $2 WHERE id = $3', [
          user.emr_email,
          now,
          userId,
        ]);
        // A reset link sent to an old address must not outlive the change.
        if (user.email !== user.emr_email) await this.closeOpenResetCodes(userId, now);
        return true;
      });
    } catch (error) {
      // Another user holds the address (the unit, or its savepoint, rolled back: nothing changed).
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async changeEmail(userId: string, email: string, now: number): Promise<boolean> {
    try {
      return await this.db.transaction(async () => {
        await this.db.query('UPDATE users SET email = $1, email_verified = 0, updated_at = $2 WHERE id = $3', [
          email,
          now,
          userId,
        ]);
        // A reset link sent to the old address must not outlive the change.
        await this.closeOpenResetCodes(userId, now);
        return true;
      });
    } catch (error) {
      // Another user holds the address (the unit, or its savepoint, rolled back: nothing changed).
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  changePassword(
    userId: string,
    passwordHash: string,
    now: number,
    sessionId: string,
    tokenHash: string,
  ): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query('UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3', [
        passwordHash,
        now,
        userId,
      ]);
      await this.closeOpenResetCodes(userId, now);
      await endPgUserSessionRows(this.db, userId, now, sessionId);
      await this.db.query('UPDATE sessions SET token_hash = $1 WHERE id = $2', [tokenHash, sessionId]);
    });
  }

  async mfaOptions(userId: string): Promise<MfaOptionRow[]> {
    const { rows } = await this.db.query(
      'SELECT * FROM mfa_options WHERE user_id = $1 ORDER BY channel COLLATE "C" DESC, created_at',
      [userId],
    );
    return rows.map((r) => numbered<MfaOptionRow>(r, ['created_at']));
  }

  verifyMfa(v: MfaVerification): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query(
        `INSERT INTO mfa_options (user_id, channel, to_address, verified, created_at) VALUES ($1, $2, $3, 1, $4)
         ON CONFLICT (user_id, channel, to_address) DO UPDATE SET verified = 1`,
        [v.userId, v.channel, v.to, v.now],
      );
      if (v.verifiesEmail) {
        await this.db.query('UPDATE users SET email_verified = 1, updated_at = $1 WHERE id = $2', [v.now, v.userId]);
      }
      await this.db.query(
        `UPDATE sessions SET token_hash = $1, multi_factor_last = $2, multi_factor_exp = least(expires_at, $3)
         WHERE id = $4`,
        [v.tokenHash, v.now, v.multiFactorExp, v.sessionId],
      );
      if (v.sudoExpiresAt !== null) {
        await this.db.query('UPDATE sessions SET sudo_last = $1, sudo_expires_at = $2 WHERE id = $3', [
          v.now,
          v.sudoExpiresAt,
          v.sessionId,
        ]);
      }
    });
  }

  async removeMfaOption(userId: string, channel: MfaChannel, to: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'DELETE FROM mfa_options WHERE user_id = $1 AND channel = $2 AND to_address = $3',
      [userId, channel, to],
    );
    return (rowCount ?? 0) > 0;
  }

  async codesSentSince(userId: string, since: number): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM one_time_codes WHERE user_id = $1 AND created_at > $2 AND purpose <> 'resetPassword'",
      [userId, since],
    );
    return Number(rows[0]!.n);
  }

  issueCode(code: NewCode, limit?: CodeSendLimit): Promise<boolean> {
    return this.db.transaction(async () => {
      if (limit) {
        // Held to the commit: another instance's count for this user waits for this insert.
        await this.db.query('SELECT pg_advisory_xact_lock($1, hashtext($2::text))', [CODE_LIMIT_LOCK, code.userId]);
        if ((await this.codesSentSince(code.userId, limit.since)) >= limit.max) return false;
      }
      if (code.sessionId !== null) {
        await this.db.query(
          'UPDATE one_time_codes SET closed_at = $1 WHERE session_id = $2 AND purpose = $3 AND closed_at IS NULL',
          [code.now, code.sessionId, code.purpose],
        );
      }
      await this.db.query(
        `INSERT INTO one_time_codes (id, purpose, user_id, session_id, channel, to_address, code_hash, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          code.id,
          code.purpose,
          code.userId,
          code.sessionId,
          code.channel,
          code.to,
          code.codeHash,
          code.now,
          code.expiresAt,
        ],
      );
      return true;
    });
  }

  async latestOpenCode(sessionId: string, purpose: CodePurpose, channel: string, to: string): Promise<CodeRow | null> {
    const { rows } = await this.db.query(
      `SELECT * FROM one_time_codes WHERE session_id = $1 AND purpose = $2 AND channel = $3 AND to_address = $4
       AND closed_at IS NULL ORDER BY created_at DESC LIMIT 1`,
      [sessionId, purpose, channel, to],
    );
    return rows[0] ? toCode(rows[0]) : null;
  }

  async recordWrongCode(id: string, maxAttempts: number, now: number): Promise<number | null> {
    // One statement: the row lock orders two instances' wrong tries; each sees the other's count.
    const { rows } = await this.db.query<{ attempts: number }>(
      `UPDATE one_time_codes SET attempts = attempts + 1,
         closed_at = CASE WHEN attempts + 1 >= $1 THEN $2::bigint ELSE NULL END
       WHERE id = $3 AND closed_at IS NULL RETURNING attempts`,
      [maxAttempts, now, id],
    );
    return rows[0]?.attempts ?? null;
  }

  async closeCode(id: string, now: number): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'UPDATE one_time_codes SET closed_at = $1 WHERE id = $2 AND closed_at IS NULL',
      [now, id],
    );
    return (rowCount ?? 0) > 0;
  }

  async openResetCode(codeHash: string): Promise<CodeRow | null> {
    const { rows } = await this.db.query(
      "SELECT * FROM one_time_codes WHERE code_hash = $1 AND purpose = 'resetPassword' AND closed_at IS NULL",
      [codeHash],
    );
    return rows[0] ? toCode(rows[0]) : null;
  }

  resetPassword(codeHash: string, passwordHash: string, now: number): Promise<string | null> {
    return this.db.transaction(async () => {
      // Closing the code is the use: of two racing resets, one closes it and goes on.
      const { rows } = await this.db.query<{ user_id: string }>(
        `UPDATE one_time_codes SET closed_at = $1
         WHERE code_hash = $2 AND purpose = 'resetPassword' AND closed_at IS NULL AND expires_at > $1
         RETURNING user_id`,
        [now, codeHash],
      );
      const userId = rows[0]?.user_id;
      if (userId === undefined) return null;
      await this.db.query('UPDATE users SET password_hash = $1, email_verified = 1, updated_at = $2 WHERE id = $3', [
        passwordHash,
        now,
        userId,
      ]);
      await endPgUserSessionRows(this.db, userId, now);
      return userId;
    });
  }

  async signature(userId: string): Promise<{ id: string; path: string } | null> {
    const { rows } = await this.db.query<{ id: string; path: string }>(
      'SELECT id, path FROM user_signatures WHERE user_id = $1',
      [userId],
    );
    return rows[0] ?? null;
  }

  async saveSignature(userId: string, id: string, path: string, now: number): Promise<void> {
    await this.db.query(
      `INSERT INTO user_signatures (user_id, id, path, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET path = excluded.path, updated_at = excluded.updated_at`,
      [userId, id, path, now],
    );
  }

  async deleteSignature(userId: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM user_signatures WHERE user_id = $1', [userId]);
    return (rowCount ?? 0) > 0;
  }
}
