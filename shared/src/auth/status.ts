import { SUDO_BANNER_RED_MS, SUDO_VALIDITY_MARGIN_MS } from '../constants/shell.js';
import type { AuthStatus } from '../enums.js';

/** The session fields the auth status needs (spec 000 §3), times in epoch milliseconds. */
export interface SessionTimes {
  sessionExpiresAt: number | null;
  multiFactorLast: number | null;
  multiFactorAuthExp: number | null;
  sudoExpiresAt?: number | null;
}

/**
 * Authentication status (spec 000 §4): none without a token; undetermined while the session
 * has not loaded; expired when the session is missing or past its expiry; partial without valid
 * multi-factor; full with it.
 */
export function authStatus(hasToken: boolean, session: SessionTimes | null | undefined, now: number): AuthStatus {
  if (!hasToken) return 'none';
  if (session === undefined) return 'undetermined';
  if (session === null || !isSessionValid(session, now)) return 'expired';
  return isMultiFactorValid(session, now) ? 'full' : 'partial';
}

/** Session valid when its expiry is later than now (spec 000 §4). */
export function isSessionValid(session: SessionTimes, now: number): boolean {
  return session.sessionExpiresAt !== null && session.sessionExpiresAt > now;
}

/** Multi-factor valid when its expiry is later than now and a last-multi-factor time is set (spec 000 §4). */
export function isMultiFactorValid(session: SessionTimes, now: number): boolean {
  return session.multiFactorLast !== null && session.multiFactorAuthExp !== null && session.multiFactorAuthExp > now;
}

/** A sudo confirmation is valid until sudoExpiresAt minus 2 minutes (spec 000 §4, §9). */
export function isSudoValid(session: Pick<SessionTimes, 'sudoExpiresAt'>, now: number): boolean {
  return session.sudoExpiresAt != null && now < session.sudoExpiresAt - SUDO_VALIDITY_MARGIN_MS;
}

/** Milliseconds of sudo left for the banner (0 when none). */
export function sudoRemainingMs(session: Pick<SessionTimes, 'sudoExpiresAt'>, now: number): number {
  if (session.sudoExpiresAt == null) return 0;
  return Math.max(0, session.sudoExpiresAt - SUDO_VALIDITY_MARGIN_MS - now);
}

/** The sudo banner is red at 1 minute or less, orange otherwise (spec 000 §4). */
export function sudoBannerColor(remainingMs: number): 'red' | 'orange' {
  return remainingMs <= SUDO_BANNER_RED_MS ? 'red' : 'orange';
}

/**
 * Auto-extension (spec 000 §4): signed in, active, with valid multi-factor, and renewed longer
 * ago than the renew age.
 */
export function shouldExtendSession(
  session: SessionTimes & { sessionRenewedAt: number | null },
  active: boolean,
  renewAgeMs: number,
  now: number,
): boolean {
  if (!active || !isSessionValid(session, now) || !isMultiFactorValid(session, now)) return false;
  return session.sessionRenewedAt === null || now - session.sessionRenewedAt > renewAgeMs;
}

export interface PostSignInInput {
  returnUrl: string | null;
  orgs: readonly { id: string }[];
}

/** Post-sign-in redirect (spec 000 §4): the return URL, else the only organisation, else /. */
export function postSignInPath({ returnUrl, orgs }: PostSignInInput): string {
  if (returnUrl) return returnUrl;
  if (orgs.length === 1) return `/org/${orgs[0]!.id}`;
  return '/';
}
