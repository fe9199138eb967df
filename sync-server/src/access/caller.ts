import { isInternalUber, type PermissionSubject } from '@vigil/shared';
import type { Current } from '../auth/accounts.js';
import { readCookie, type SessionRow } from '../auth/sessions.js';
import { refuse } from '../errors.js';

/*
 * The request pipeline's one request context (issue 36 item 1). A Caller is built once per HTTP
 * request, GraphQL operation, socket upgrade or admin command by that transport's builder (below,
 * or where the transport is) and handed to every service; `OrgAccess.authorize` (access/index.ts)
 * decides what it may do, the audit wrapper (access/audited.ts) records what it did.
 */

/** How the call arrived. */
export type Transport = 'http' | 'graphql' | 'socket' | 'admin';

/** Who calls, from where, rebuilt from the database for every request (memberships, sudo). */
export interface Caller {
  /** The signed-in user, or null. */
  user: { id: string; name: string; email: string; emailVerified: boolean } | null;
  /** The session the call came with, or null (signed out; an admin command). */
  sessionId: string | null;
  /** Signed in, multi-factor valid, and the memberships the permission rules read. */
  subject: PermissionSubject;
  /** An EMR launch's single organisation (spec 000 §4), else null: its memberships are only that one's. */
  singleOrg: string | null;
  /**
   * A fresh sudo confirmation, or sudo skipped as the accounts server allows (spec 000 §6). Asked
   * only where a right needs it, and read then, once per caller: nothing a socket or most requests
   * do needs sudo, and the skip reads the user's MFA options (a statement per request over
   * PostgreSQL).
   */
  freshSudo: () => Promise<boolean>;
  ip: string | null;
  userAgent: string | null;
  /** The origin links in mail point at (the request's own; '' where there is none). */
  origin: string;
  transport: Transport;
  /**
   * An installed app calling with its bearer token (issue 42), else absent: its "user" is the
   * installation (`app:{installationId}`), a member of that one organisation with no role, and
   * the FHIR API allows it only what these SMART system scopes allow.
   */
  app?: { appId: string; installationId: string; scopes: readonly string[] };
}

/** A Caller known to be signed in. */
export type SignedIn = Caller & { user: NonNullable<Caller['user']> };

/** Where a call came from: the transport's facts before any session is looked up. */
export interface CallOrigin {
  ip: string | null;
  userAgent: string | null;
  origin?: string;
  transport: Transport;
}

/** The sudo of a caller without a session or an account of its own (an app, an admin command). */
export const NO_SUDO = (): Promise<boolean> => Promise.resolve(false);

/** A caller with no session. */
export function anonymousCaller(from: CallOrigin): Caller {
  return {
    user: null,
    sessionId: null,
    subject: { signedIn: false, multiFactorValid: false, orgs: [] },
    singleOrg: null,
    freshSudo: NO_SUDO,
    ip: from.ip,
    userAgent: from.userAgent,
    origin: from.origin ?? '',
    transport: from.transport,
  };
}

/** What an admin command's requests name as their browser (audit records, logs). */
export const ADMIN_USER_AGENT = 'npm run admin';

/**
 * The Caller of an admin command (`npm run admin`), built here once per command as every
 * transport's is: transport 'admin', no session and no address; the operator's own account as
 * its user when the command knows who runs it, else none. The command's authority is the
 * operator's hold on the database, not a membership, so the Caller grants nothing the permission
 * rules would read (signed out, no organisations): it says who did what, for the audit trail.
 */
export function adminCaller(operator: Current['user'] | null): Caller {
  const caller = anonymousCaller({ ip: null, userAgent: ADMIN_USER_AGENT, transport: 'admin' });
  if (!operator) return caller;
  return {
    ...caller,
    user: { id: operator.id, name: operator.name, email: operator.email, emailVerified: operator.email_verified === 1 },
  };
}

/** What building a caller from a session reads (the accounts service answers each). */
export interface CallerSource {
  isMultiFactorValid(session: SessionRow): boolean;
  hasFreshSudo(current: Current): Promise<boolean>;
  memberships(userId: string, singleOrg: string | null): Promise<PermissionSubject['orgs']>;
}

/**
 * The builder every transport uses: the live session and its user (or null) → the Caller, with
 * the memberships read now (an EMR launch's only its organisation), multi-factor and sudo checked.
 */
export async function callerOf(source: CallerSource, current: Current | null, from: CallOrigin): Promise<Caller> {
  if (!current) return anonymousCaller(from);
  const { user, session } = current;
  const orgs = await source.memberships(user.id, session.single_org);
  let sudo: Promise<boolean> | undefined;
  return {
    ...anonymousCaller(from),
    user: { id: user.id, name: user.name, email: user.email, emailVerified: user.email_verified === 1 },
    sessionId: session.id,
    subject: {
      signedIn: true,
      multiFactorValid: source.isMultiFactorValid(session),
      orgs,
    },
    singleOrg: session.single_org,
    freshSudo: () => (sudo ??= source.hasFreshSudo(current)),
  };
}

/** Signed in (NO_AUTHENTICATION otherwise). */
export function signedIn(caller: Caller): SignedIn {
  if (!caller.user) refuse('NO_AUTHENTICATION');
  return caller as SignedIn;
}

/** Signed in with valid multi-factor (the rights of spec 000 §6 all need it). */
export function fullySignedIn(caller: Caller): SignedIn {
  const who = signedIn(caller);
  if (!who.subject.multiFactorValid) refuse('MFA_REQUIRED');
  return who;
}

/** Internal staff (the team app, spec 000 §2): signed in with valid multi-factor and an internal uber (NOT_AUTHORIZED otherwise). */
export function internalStaff(caller: Caller): SignedIn {
  const who = fullySignedIn(caller);
  if (!isInternalUber(who.subject)) refuse('NOT_AUTHORIZED');
  return who;
}

/** The accounts service as a CallerSource (its sessions answer the memberships). */
export function callerSourceOf(accounts: {
  isMultiFactorValid(session: SessionRow): boolean;
  hasFreshSudo(current: Current): Promise<boolean>;
  sessions: { memberships(userId: string, singleOrg: string | null): Promise<PermissionSubject['orgs']> };
}): CallerSource {
  return {
    isMultiFactorValid: (session) => accounts.isMultiFactorValid(session),
    hasFreshSudo: (current) => accounts.hasFreshSudo(current),
    memberships: (userId, singleOrg) => accounts.sessions.memberships(userId, singleOrg),
  };
}

/** The accounts service as the transports use it: sessions by token, users, sudo, the cookie's name. */
export interface AccountsForCallers {
  current(token: string | null): Promise<Current | null>;
  /** The live session of a raw token, or null; its user not read yet. */
  liveSession(token: string | null): Promise<SessionRow | null>;
  /** A live session with its user, or null when the user is gone. */
  currentOf(session: SessionRow): Promise<Current | null>;
  isMultiFactorValid(session: SessionRow): boolean;
  hasFreshSudo(current: Current): Promise<boolean>;
  sessions: { memberships(userId: string, singleOrg: string | null): Promise<PermissionSubject['orgs']> };
  settings: { cookieName: string };
}

/**
 * The Caller of a request that presents its session as a cookie or a `token` query parameter
 * (HTTP routes, websocket upgrades: a client that cannot send cookies), built once per request.
 */
export async function callerFromCredentials(
  accounts: AccountsForCallers,
  credentials: { cookieHeader: string | null | undefined; token: string | null | undefined },
  from: CallOrigin,
): Promise<Caller> {
  const token = credentials.token || readCookie(credentials.cookieHeader, accounts.settings.cookieName);
  return callerOfSession(accounts, await accounts.liveSession(token ?? null), from);
}

/**
 * The Caller of a live session (or of none): its user (`current`: read now by default, or a read
 * the transport already started) and its memberships side by side, as both need only the session
 * (over PostgreSQL, a round trip apart).
 */
export async function callerOfSession(
  accounts: AccountsForCallers,
  session: SessionRow | null,
  from: CallOrigin,
  current: () => Promise<Current | null> = () => (session ? accounts.currentOf(session) : Promise.resolve(null)),
): Promise<Caller> {
  if (!session) return anonymousCaller(from);
  const source = callerSourceOf(accounts);
  const orgs = source.memberships(session.user_id, session.single_org);
  orgs.catch(() => undefined); // left unread when the user is gone
  return callerOf({ ...source, memberships: () => orgs }, await current(), from);
}
