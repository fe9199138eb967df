import { TOKEN_COOKIE_LIFETIME_MS, type OrgType } from '@vigil/shared';
import type { Db } from '../db/database.js';
import { newSessionToken, sha256 } from './tokens.js';

/** Non-HttpOnly cookie holding the signed-in user's id: the client's "a token exists" signal and cross-tab identity check. */
export const IDENTITY_COOKIE_NAME = 'vigil-uid';

export interface SessionRow {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: number;
  renewed_at: number;
  expires_at: number;
  multi_factor_last: number | null;
  multi_factor_exp: number | null;
  sudo_last: number | null;
  sudo_expires_at: number | null;
  ended_at: number | null;
  /** The one organisation of an EMR launch session (spec 000 §4), else null. */
  single_org: string | null;
}

/** The signed-in session handed to the websocket upgrade and to resolvers. */
export interface SignedInSession {
  sessionId: string;
  userId: string;
  expiresAt: number;
  /** True when multi-factor is valid (auth status "full", spec 000 §4). */
  multiFactorValid: boolean;
  /** Organisation memberships (issue 4), read from the database for every lookup. */
  orgs: readonly { id: string; type: OrgType; roles: readonly string[] }[];
}

/** Reads one cookie from a Cookie header. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

/** The live (not ended, not expired) session for a raw token, or null. No side effects. */
export function findLiveSession(db: Db, token: string, now: number): SessionRow | null {
  if (token === '' || token.length > 200) return null;
  const row = db.prepare('SELECT * FROM sessions WHERE token_hash = ?').get(sha256(token)) as SessionRow | undefined;
  if (!row || row.ended_at !== null || row.expires_at <= now) return null;
  return row;
}

export function toSignedInSession(row: SessionRow, now: number): SignedInSession {
  return {
    sessionId: row.id,
    userId: row.user_id,
    expiresAt: row.expires_at,
    multiFactorValid: row.multi_factor_last !== null && row.multi_factor_exp !== null && row.multi_factor_exp > now,
    orgs: [],
  };
}

export interface SessionLookupInput {
  /** The request's Cookie header. */
  cookieHeader?: string | null | undefined;
  /** A `token` query parameter (websocket clients that cannot send cookies). */
  token?: string | null | undefined;
  /** `tok` in production, `dev-tok` otherwise. */
  cookieName: string;
  now?: number;
}

/**
 * For the websocket upgrade (and any non-GraphQL route): the signed-in session of a request
 * from its token cookie or `token` query parameter, or null. Reads only; never renews, never
 * writes. The caller refuses with 4401 on null (and may require `multiFactorValid`).
 */
export function sessionFromRequest(db: Db, input: SessionLookupInput): SignedInSession | null {
  const now = input.now ?? Date.now();
  const token = input.token || readCookie(input.cookieHeader, input.cookieName);
  if (!token) return null;
  const row = findLiveSession(db, token, now);
  return row ? { ...toSignedInSession(row, now), orgs: userMemberships(db, row.user_id, row.single_org) } : null;
}

/**
 * A user's organisation memberships (issue 4): id, type and roles, from org_members. An EMR
 * single-organisation session (spec 000 §4) reaches only its own organisation.
 */
export function userMemberships(db: Db, userId: string, singleOrg: string | null = null): SignedInSession['orgs'] {
  const rows = db
    .prepare(
      `SELECT o.id AS id, o.type AS type, m.roles AS roles
       FROM org_members m JOIN orgs o ON o.id = m.org_id WHERE m.user_id = ? ORDER BY o.id`,
    )
    .all(userId) as { id: string; type: OrgType; roles: string }[];
  return rows
    .filter((r) => singleOrg === null || r.id === singleOrg)
    .map((r) => ({ id: r.id, type: r.type, roles: JSON.parse(r.roles) as string[] }));
}

/**
 * Starts a new session for a user with a fresh token; returns the raw token (sent once, in the
 * cookie). An EMR launch passes a shorter lifetime, its organisation and multi-factor vouched for.
 */
export function createSession(
  db: Db,
  userId: string,
  now: number,
  meta: { id: string; ip: string | null; userAgent: string | null },
  options: { lifetimeMs?: number; singleOrg?: string; multiFactorExpiresAt?: number } = {},
): { token: string; row: SessionRow } {
  const token = newSessionToken();
  const expires = now + (options.lifetimeMs ?? TOKEN_COOKIE_LIFETIME_MS);
  const mfaExp = options.multiFactorExpiresAt === undefined ? null : Math.min(expires, options.multiFactorExpiresAt);
  db.prepare(
    `INSERT INTO sessions (id, user_id, token_hash, created_at, renewed_at, expires_at, ip, user_agent,
       single_org, multi_factor_last, multi_factor_exp)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    meta.id,
    userId,
    sha256(token),
    now,
    now,
    expires,
    meta.ip,
    meta.userAgent,
    options.singleOrg ?? null,
    mfaExp === null ? null : now,
    mfaExp,
  );
  return { token, row: db.prepare('SELECT * FROM sessions WHERE id = ?').get(meta.id) as SessionRow };
}

/** Gives a session a new token (after MFA or sudo: no fixation); the old token stops working. */
export function rotateSessionToken(db: Db, sessionId: string): string {
  const token = newSessionToken();
  db.prepare('UPDATE sessions SET token_hash = ? WHERE id = ?').run(sha256(token), sessionId);
  return token;
}

export function endSession(db: Db, sessionId: string, now: number): void {
  db.prepare('UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL').run(now, sessionId);
}

/** Ends every live session of a user, except one when given. */
export function endUserSessions(db: Db, userId: string, now: number, exceptSessionId?: string): number {
  return db
    .prepare('UPDATE sessions SET ended_at = ? WHERE user_id = ? AND ended_at IS NULL AND id != ?')
    .run(now, userId, exceptSessionId ?? '').changes;
}

export interface CookieOptions {
  secure: boolean;
}

/** The token cookie: HttpOnly, SameSite=Lax, Path=/, 180 days, Secure over https. */
export function tokenCookie(name: string, token: string, options: CookieOptions): string {
  return [
    `${name}=${token}`,
    'Path=/',
    `Max-Age=${Math.floor(TOKEN_COOKIE_LIFETIME_MS / 1000)}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** The identity cookie: readable by the page (not HttpOnly), same lifetime. */
export function identityCookie(userId: string, options: CookieOptions): string {
  return [
    `${IDENTITY_COOKIE_NAME}=${encodeURIComponent(userId)}`,
    'Path=/',
    `Max-Age=${Math.floor(TOKEN_COOKIE_LIFETIME_MS / 1000)}`,
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearCookie(name: string, options: CookieOptions & { httpOnly: boolean }): string {
  return [
    `${name}=`,
    'Path=/',
    'Max-Age=0',
    ...(options.httpOnly ? ['HttpOnly'] : []),
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
