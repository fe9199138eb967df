import type { IncomingMessage } from 'node:http';
import { isTourCaseId, SYNC_CLOSE_CODES, type SyncCloseCode } from '@vigil/shared';
import type { Caller } from '../access/caller.js';
import { refusalOf, type OrgAccess } from '../access/index.js';
import type { RoomAddress } from './protocol.js';
import type { SyncAuthorization, SyncAuthorizer } from './rooms.js';

export interface SyncAuthorizerDeps {
  /**
   * The socket's Caller (issue 36 item 1), built once per upgrade from its session (cookie or
   * `token` query parameter) by access/caller.ts `callerFromCredentials`.
   */
  caller: (input: {
    cookieHeader: string | undefined;
    token: string | null;
    ip: string | null;
    userAgent: string | null;
  }) => Promise<Caller>;
  /** Whether the caller may open documents of this organisation: the one authorization decides. */
  access: Pick<OrgAccess, 'authorize'>;
  /** Whether a document id already belongs to another organisation (store/resources/id-ownership.ts, the one check FHIR uses too). */
  docBelongsElsewhere: (orgId: string, docId: string) => Promise<boolean> | boolean;
  /** Browser origins allowed besides the server's own (e.g. the dev client on :5173). */
  allowedOrigins: readonly string[];
}

/** Close reasons of the refusals (the code says what kind; the reason says which). */
export const SYNC_REFUSAL_REASONS = {
  signedOut: 'sign in again',
  origin: 'origin not allowed',
  notMember: 'not a member of this organisation',
  /** Issue 24 item 2: the id is another organisation's; nothing is opened or created under it. */
  otherOrganisation: 'this document belongs to another organisation',
  /** [TOUR3] A tour or local practice case lives on its page only: the server keeps none. */
  tourCase: 'a tour case is never kept',
} as const;

const refuse = (code: SyncCloseCode, reason: string): SyncAuthorization => ({ ok: false, code, reason });

/** Same-origin check: a browser's Origin must be this server or an allowed one; clients without one pass. */
function originAllowed(req: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * Decides whether a websocket upgrade may join a case document: a browser from another
 * origin → 4403; no session (or no valid MFA) → 4401 "signed out"; not allowed to open the
 * organisation's documents, or a document id that belongs to another organisation → 4403.
 */
export function createSyncAuthorizer(deps: SyncAuthorizerDeps): SyncAuthorizer {
  return async (req: IncomingMessage, address: RoomAddress): Promise<SyncAuthorization> => {
    if (!originAllowed(req, deps.allowedOrigins)) {
      return refuse(SYNC_CLOSE_CODES.forbidden, SYNC_REFUSAL_REASONS.origin);
    }
    if (isTourCaseId(address.docId)) return refuse(SYNC_CLOSE_CODES.forbidden, SYNC_REFUSAL_REASONS.tourCase);
    const token = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('token');
    const caller = await deps.caller({
      cookieHeader: req.headers.cookie,
      token,
      ip: req.socket?.remoteAddress ?? null,
      userAgent: req.headers['user-agent'] ?? null,
    });
    if (!caller.user || !caller.subject.multiFactorValid) {
      return refuse(SYNC_CLOSE_CODES.unauthorized, SYNC_REFUSAL_REASONS.signedOut);
    }
    // Both reads side by side (over PostgreSQL, a round trip apart); a non-member still hears only that.
    const [notMember, elsewhere] = await Promise.all([
      refusalOf(deps.access.authorize(caller, address.orgId, 'member')),
      deps.docBelongsElsewhere(address.orgId, address.docId),
    ]);
    if (notMember) return refuse(SYNC_CLOSE_CODES.forbidden, SYNC_REFUSAL_REASONS.notMember);
    if (elsewhere) return refuse(SYNC_CLOSE_CODES.forbidden, SYNC_REFUSAL_REASONS.otherOrganisation);
    // The name presence shows, from the user the caller was built from (no second read).
    return { ok: true, userId: caller.user.id, userName: caller.user.name };
  };
}
