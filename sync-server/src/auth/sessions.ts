import { TOKEN_COOKIE_LIFETIME_MS, newId, type OrgType } from '@vigil/shared';
import type { NewSession, SessionRow, SessionStore } from '../store/sessions/types.js';
import { newSessionToken, sha256 } from './tokens.js';

/** Non-HttpOnly cookie holding the signed-in user's id: the client's "a token exists" signal and cross-tab identity check. */
export const IDENTITY_COOKIE_NAME = 'vigil-uid';

export type { SessionRow };

/** A user's memberships as the permission rules read them (issue 4): id, type and roles. */
export type SessionMemberships = readonly { id: string; type: OrgType; roles: readonly string[] }[];

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

/** Options of a new session: an EMR launch passes a shorter lifetime, its organisation and multi-factor vouched for. */
export interface NewSessionOptions {
  lifetimeMs?: number;
  singleOrg?: string;
  multiFactorExpiresAt?: number;
}

/** A new session's id. */
export function newSessionId(): string {
  return newId('ses');
}

/** The multi-factor state of a session row at a time (auth status "full", spec 000 §4). */
export function isMultiFactorValidAt(row: SessionRow, now: number): boolean {
  return row.multi_factor_last !== null && row.multi_factor_exp !== null && row.multi_factor_exp > now;
}

/**
 * Sessions over the sessions repository: finding the live session of a token or a request,
 * starting, renewing, rotating and ending sessions. Only token hashes are stored.
 */
export class Sessions {
  constructor(
    readonly store: SessionStore,
    private readonly cookieName: string,
    private readonly clock: () => number,
  ) {}

  /** The live (not ended, not expired) session for a raw token, or null. No side effects. */
  async findLive(token: string, now: number = this.clock()): Promise<SessionRow | null> {
    if (token === '' || token.length > 200) return null;
    const row = await this.store.byTokenHash(sha256(token));
    if (!row || row.ended_at !== null || row.expires_at <= now) return null;
    return row;
  }

  byId(id: string): Promise<SessionRow | null> {
    return this.store.byId(id);
  }

  /**
   * A user's organisation memberships (issue 4): id, type and roles. An EMR single-organisation
   * session (spec 000 §4) reaches only its own organisation.
   */
  async memberships(userId: string, singleOrg: string | null = null): Promise<SessionMemberships> {
    const rows = await this.store.memberships(userId);
    return rows.filter((r) => singleOrg === null || r.id === singleOrg);
  }

  /** A new session's row and its raw token (sent once, in the cookie), not stored yet. */
  draft(
    userId: string,
    now: number,
    meta: { id: string; ip: string | null; userAgent: string | null },
    options: NewSessionOptions = {},
  ): { token: string; session: NewSession } {
    const token = newSessionToken();
    const expiresAt = now + (options.lifetimeMs ?? TOKEN_COOKIE_LIFETIME_MS);
    const mfaExp =
      options.multiFactorExpiresAt === undefined ? null : Math.min(expiresAt, options.multiFactorExpiresAt);
    return {
      token,
      session: {
        id: meta.id,
        userId,
        tokenHash: sha256(token),
        now,
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent,
        singleOrg: options.singleOrg ?? null,
        multiFactorExp: mfaExp,
      },
    };
  }

  /** Starts a session with a fresh token, ending `endSessionId` in the same step; returns the raw token and the row. */
  async start(
    userId: string,
    now: number,
    meta: { id: string; ip: string | null; userAgent: string | null },
    options: NewSessionOptions = {},
    endSessionId: string | null = null,
  ): Promise<{ token: string; row: SessionRow }> {
    const { token, session } = this.draft(userId, now, meta, options);
    return { token, row: await this.store.create(session, endSessionId) };
  }

  /** Gives a session a new token (after MFA or sudo: no fixation); the old token stops working. */
  async rotateToken(sessionId: string): Promise<string> {
    const token = newSessionToken();
    await this.store.setTokenHash(sessionId, sha256(token));
    return token;
  }

  end(sessionId: string, now: number): Promise<void> {
    return this.store.end(sessionId, now);
  }

  /** Ends every live session of a user, except one when given. */
  endForUser(userId: string, now: number, exceptSessionId?: string): Promise<number> {
    return this.store.endForUser(userId, now, exceptSessionId);
  }
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
