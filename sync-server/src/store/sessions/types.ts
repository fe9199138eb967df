import type { OrgType } from '@vigil/shared';

/** A row of the `sessions` table: times are epoch milliseconds; only the token's SHA-256 is kept. */
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

/** A session to start. */
export interface NewSession {
  id: string;
  userId: string;
  tokenHash: string;
  now: number;
  expiresAt: number;
  ip: string | null;
  userAgent: string | null;
  singleOrg: string | null;
  /** Multi-factor vouched for from the start (an EMR launch), else null. */
  multiFactorExp: number | null;
}

/** One organisation membership of a session's user (issue 4). */
export interface SessionMembership {
  id: string;
  type: OrgType;
  roles: readonly string[];
}

/** How a renewal changes a session (spec 000 §4 extendSession). */
export interface SessionRenewal {
  renewedAt: number;
  expiresAt: number;
  /** The new multi-factor expiry, or null to leave it as it is. */
  multiFactorExp: number | null;
  clearSudo: boolean;
}

/**
 * The sessions repository. Every method is one atomic operation; an implementation passes the
 * contract suite in contract.test.ts.
 */
export interface SessionStore {
  /** The session with this token hash, live or not, or null. */
  byTokenHash(tokenHash: string): Promise<SessionRow | null>;
  byId(id: string): Promise<SessionRow | null>;
  /** Starts a session; ends `endSessionId` (a token presented at sign-in: no fixation) in the same step. */
  create(session: NewSession, endSessionId?: string | null): Promise<SessionRow>;
  /** Gives the session a new token hash; the old token stops working. */
  setTokenHash(id: string, tokenHash: string): Promise<void>;
  /** Ends one session (no effect on an ended one). */
  end(id: string, now: number): Promise<void>;
  /** Ends every live session of a user except `exceptId`; returns how many ended. */
  endForUser(userId: string, now: number, exceptId?: string): Promise<number>;
  /** A user's sessions neither ended nor expired at `now`, newest first (the team's user screen). */
  activeForUser(userId: string, now: number): Promise<SessionRow[]>;
  /** Renews a session; returns the row as it is after. */
  renew(id: string, renewal: SessionRenewal): Promise<SessionRow | null>;
  /** Sets sudo (spec 000 §6): last confirmed now, valid until `expiresAt`. */
  grantSudo(id: string, now: number, expiresAt: number): Promise<void>;
  /** The user's organisation memberships (id, type, roles), ordered by organisation id. */
  memberships(userId: string): Promise<SessionMembership[]>;
}
