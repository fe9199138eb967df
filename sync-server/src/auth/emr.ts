import { isAcceptableReturnUrl, MINUTE, normalizeEmail } from '@vigil/shared';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { EmrLaunchStore } from '../store/emr/types.js';
import type { Accounts, SignedIn } from './accounts.js';
import type { RequestMeta } from './audit.js';
import { newSessionId } from './sessions.js';

/**
 * EMR launch (spec 000 §1: "launched from inside an external electronic medical record system
 * (EMR). In that case the session is a single-organisation session with its own sign-out and
 * return flow"). The spec does not show the launch protocol; ours is a short-lived token the
 * EMR signs with a secret shared with this server (HMAC-SHA256), opened in the browser as
 * `GET /api/emr/launch?token=…`.
 */
export const EMR_LAUNCH = {
  /** A launch token is accepted for 5 minutes after it was issued, once. */
  tokenMaxAgeMs: 5 * MINUTE,
  /**
   * An EMR session lasts 30 minutes from its last renewal; the client renews it only while the
   * user is active (spec 000 §4, §9), so an unattended one ends ("You were signed out due to
   * inactivity.", spec 000 §2) and the user launches again from the EMR.
   */
  sessionLifetimeMs: 30 * MINUTE,
  /** The readable cookie holding the EMR's own address for 'Return to EMR' (spec 000 §2), kept a day. */
  returnCookie: 'vigil-emr-return',
  returnCookieLifetimeMs: 24 * 60 * MINUTE,
} as const;

const claimsSchema = z.object({
  orgId: z.string().min(1).max(100),
  email: z.string().min(3).max(320),
  /** Issued at and expiry, epoch milliseconds. */
  iat: z.number().int(),
  exp: z.number().int(),
  /** Random, at least 16 characters: the token is refused once used. */
  nonce: z.string().min(16).max(200),
  /** Where to open the app (a path of ours), default the organisation's home. */
  path: z.string().max(2000).optional(),
  /** The EMR page 'Return to EMR' goes back to: https, or http on localhost. */
  returnUrl: z.string().max(2000).optional(),
});
export type EmrLaunchClaims = z.infer<typeof claimsSchema>;

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/** Signs launch claims as an EMR integration does (also used by tests). */
export function signEmrLaunch(secret: string, claims: EmrLaunchClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The claims of a well-signed, unexpired token, else null. Does not check single use. */
export function readEmrLaunch(secret: string, token: string, now: number): EmrLaunchClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || token.length > 8000) return null;
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const claims = claimsSchema.safeParse(parsed);
  if (!claims.success) return null;
  const { iat, exp } = claims.data;
  if (exp <= now || iat > now + MINUTE || exp - iat > EMR_LAUNCH.tokenMaxAgeMs) return null;
  return claims.data;
}

/**
 * C0 controls, DEL and C1 controls. Browsers drop tabs and newlines inside a URL, so a path like
 * `/<TAB>/evil.example` passes as one of ours and lands on `//evil.example` (issue 24 item 8).
 */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * The launch's in-app path when it is one of ours: starts with one '/', no control character or
 * backslash, acceptable as a return URL (shared rule), and still on this origin once a browser
 * has parsed it. Anything else opens the organisation's home instead.
 */
export function isAcceptableEmrPath(path: string | undefined): path is string {
  if (!path || !path.startsWith('/') || hasControlCharacter(path) || path.includes('\\')) return false;
  if (!isAcceptableReturnUrl(path)) return false;
  const base = 'https://vigil.invalid';
  try {
    return new URL(path, base).origin === base;
  } catch {
    return false;
  }
}

/** The EMR address 'Return to EMR' may go to: https anywhere, or http on localhost; never with control characters. */
export function isAcceptableEmrReturnUrl(url: string | undefined): url is string {
  if (!url || hasControlCharacter(url)) return false;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || (u.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(u.hostname));
  } catch {
    return false;
  }
}

export interface EmrLaunched extends SignedIn {
  /** Where to send the browser: the launch's path when acceptable, else the organisation. */
  path: string;
  returnUrl: string | null;
}

/**
 * [EMR9] Whether an office takes the signed launch link: an office connected to its EMR over SMART
 * (issue 42) launches through that connection, and keeps the older signed link only while its
 * legacyIntegrations flag is on (spec 000 §3's flag; docs/decisions.md, session 33).
 */
export type SignedLinkAllowed = (orgId: string) => Promise<boolean>;

/**
 * EMR launch over the accounts service and the launch repository (single-use tokens). Exists only
 * with a secret (EMR_LAUNCH_SECRET).
 */
export class EmrLaunch {
  constructor(
    readonly accounts: Accounts,
    private readonly store: EmrLaunchStore,
    readonly secret: string,
    private readonly signedLinkAllowed: SignedLinkAllowed = () => Promise.resolve(true),
  ) {}

  /**
   * Starts an EMR single-organisation session (spec 000 §4) for a member of the launch's
   * organisation. The EMR vouches for the user, so multi-factor counts as valid for the session.
   * Every refusal is audited and answered with null.
   */
  async launch(token: string, meta: RequestMeta): Promise<EmrLaunched | null> {
    const { accounts } = this;
    const now = accounts.now();
    const refuse = async (reason: string, email: string | null = null): Promise<null> => {
      await accounts.audit.record(now, meta, { action: 'emrLaunch', outcome: 'failure', email, detail: { reason } });
      return null;
    };
    const claims = readEmrLaunch(this.secret, token, now);
    if (!claims) return refuse('invalidToken');
    const email = normalizeEmail(claims.email);
    const user = await accounts.userForEmrLaunch(email);
    if (!user) return refuse('unknownUser', email);
    const memberships = await accounts.sessions.memberships(user.id);
    if (!memberships.some((m) => m.id === claims.orgId)) return refuse('notAMember', email);
    if (!(await this.signedLinkAllowed(claims.orgId))) return refuse('legacyIntegrationsOff', email);
    const claimed = await this.store.claimNonce({
      nonce: claims.nonce,
      orgId: claims.orgId,
      userId: user.id,
      usedAt: now,
      expiresAt: claims.exp + MINUTE,
    });
    if (!claimed) return refuse('replayed', email);
    await accounts.keepEmrEmail(user.id, email);
    const session = await accounts.sessions.start(
      user.id,
      now,
      { id: newSessionId(), ...meta },
      {
        lifetimeMs: EMR_LAUNCH.sessionLifetimeMs,
        singleOrg: claims.orgId,
        multiFactorExpiresAt: now + EMR_LAUNCH.sessionLifetimeMs,
      },
    );
    await accounts.audit.record(now, meta, {
      action: 'emrLaunch',
      outcome: 'success',
      userId: user.id,
      email,
      detail: { orgId: claims.orgId },
    });
    const path = isAcceptableEmrPath(claims.path) ? claims.path : `/org/${encodeURIComponent(claims.orgId)}`;
    return {
      user,
      session: session.row,
      token: session.token,
      path,
      returnUrl: isAcceptableEmrReturnUrl(claims.returnUrl) ? claims.returnUrl : null,
    };
  }
}
