import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { NewSession, SessionMembership, SessionRenewal, SessionRow, SessionStore } from './types.js';

/** The BIGINT columns of a session row: node-postgres hands them over as strings. */
const TIMES = [
  'created_at',
  'renewed_at',
  'expires_at',
  'multi_factor_last',
  'multi_factor_exp',
  'sudo_last',
  'sudo_expires_at',
  'ended_at',
] as const;

/** A row as SQLite's store returns it: every column, times as numbers. */
function toRow(raw: Record<string, unknown>): SessionRow {
  const row: Record<string, unknown> = { ...raw };
  for (const column of TIMES) row[column] = raw[column] === null ? null : Number(raw[column]);
  return row as unknown as SessionRow;
}

/** Inserts a session row on `db` (in the caller's unit, if any). Shared with a PostgreSQL accounts store's compound steps. */
export async function insertPgSessionRow(db: PostgresDatabase, s: NewSession): Promise<SessionRow> {
  const { rows } = await db.query(
    `INSERT INTO sessions (id, user_id, token_hash, created_at, renewed_at, expires_at, ip, user_agent,
       single_org, multi_factor_last, multi_factor_exp)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
    [
      s.id,
      s.userId,
      s.tokenHash,
      s.now,
      s.expiresAt,
      s.ip,
      s.userAgent,
      s.singleOrg,
      s.multiFactorExp === null ? null : s.now,
      s.multiFactorExp,
    ],
  );
  return toRow(rows[0]!);
}

/** Ends a user's live sessions except one, on `db`; how many ended. */
export async function endPgUserSessionRows(
  db: PostgresDatabase,
  userId: string,
  now: number,
  exceptId?: string,
): Promise<number> {
  const { rowCount } = await db.query(
    'UPDATE sessions SET ended_at = $1 WHERE user_id = $2 AND ended_at IS NULL AND id <> $3',
    [now, userId, exceptId ?? ''],
  );
  return rowCount ?? 0;
}

/**
 * The sessions repository on PostgreSQL (table sessions of PG migration 3, memberships from the
 * organisation tables of PG migration 10; issue 43). Each method is one statement, or one unit
 * (`create`: the presented session ends with the new one's start, or neither happens); inside a
 * caller's unit of work they join it. Two instances ending a session at once both leave it ended
 * at the first time: the update only touches a live row.
 */
export class PostgresSessionStore implements SessionStore {
  constructor(private readonly db: PostgresDatabase) {}

  async byTokenHash(tokenHash: string): Promise<SessionRow | null> {
    const { rows } = await this.db.query('SELECT * FROM sessions WHERE token_hash = $1', [tokenHash]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  async byId(id: string): Promise<SessionRow | null> {
    const { rows } = await this.db.query('SELECT * FROM sessions WHERE id = $1', [id]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  create(session: NewSession, endSessionId: string | null = null): Promise<SessionRow> {
    return this.db.transaction(async () => {
      if (endSessionId !== null) await this.end(endSessionId, session.now);
      return insertPgSessionRow(this.db, session);
    });
  }

  async setTokenHash(id: string, tokenHash: string): Promise<void> {
    await this.db.query('UPDATE sessions SET token_hash = $1 WHERE id = $2', [tokenHash, id]);
  }

  async end(id: string, now: number): Promise<void> {
    await this.db.query('UPDATE sessions SET ended_at = $1 WHERE id = $2 AND ended_at IS NULL', [now, id]);
  }

  async activeForUser(userId: string, now: number): Promise<SessionRow[]> {
    const { rows } = await this.db.query(
      `SELECT * FROM sessions WHERE user_id = $1 AND ended_at IS NULL AND expires_at > $2
       ORDER BY created_at DESC, id COLLATE "C"`,
      [userId, now],
    );
    return rows.map(toRow);
  }

  endForUser(userId: string, now: number, exceptId?: string): Promise<number> {
    return endPgUserSessionRows(this.db, userId, now, exceptId);
  }

  async renew(id: string, r: SessionRenewal): Promise<SessionRow | null> {
    const { rows } = await this.db.query(
      `UPDATE sessions SET renewed_at = $1, expires_at = $2,
         multi_factor_exp = CASE WHEN $3::boolean THEN $4::bigint ELSE multi_factor_exp END,
         sudo_last = CASE WHEN $5::boolean THEN NULL ELSE sudo_last END,
         sudo_expires_at = CASE WHEN $5::boolean THEN NULL ELSE sudo_expires_at END
       WHERE id = $6 RETURNING *`,
      [r.renewedAt, r.expiresAt, r.multiFactorExp !== null, r.multiFactorExp, r.clearSudo, id],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async grantSudo(id: string, now: number, expiresAt: number): Promise<void> {
    await this.db.query('UPDATE sessions SET sudo_last = $1, sudo_expires_at = $2 WHERE id = $3', [now, expiresAt, id]);
  }

  async memberships(userId: string): Promise<SessionMembership[]> {
    const { rows } = await this.db.query<{ id: string; type: SessionMembership['type']; roles: string }>(
      `SELECT o.id, o.type, m.roles FROM org_members m JOIN orgs o ON o.id = m.org_id
       WHERE m.user_id = $1 ORDER BY o.id COLLATE "C"`,
      [userId],
    );
    return rows.map((r) => ({ id: r.id, type: r.type, roles: JSON.parse(r.roles) as string[] }));
  }
}
