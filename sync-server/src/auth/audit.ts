import { createHash } from 'node:crypto';
import type { AuditCountBy, AuditSource, AuditStore } from '../store/audit/types.js';

export type { AuditSource };

/** Where a request came from, for the audit trail and rate limits. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export type AuditAction =
  | 'signUp'
  | 'signIn'
  | 'signInFailed'
  | 'signInRateLimited'
  | 'signInBotCheckFailed'
  | 'signOut'
  | 'sessionExtended'
  | 'mfaCodeSent'
  | 'mfaVerified'
  | 'mfaCodeFailed'
  | 'mfaOptionAdded'
  | 'sudoVerified'
  | 'sudoSkipped'
  | 'emailVerificationSent'
  | 'emailVerified'
  | 'emailChanged'
  | 'passwordResetSent'
  | 'passwordReset'
  | 'passwordChanged'
  | 'profileUpdated'
  | 'signatureUpdated'
  | 'signatureDeleted'
  | 'emrLaunch'
  /** A code sent to the user's EMR email (spec 000 §6 verifyEmrEmail; session 31). */
  | 'emrEmailVerificationSent'
  /** The EMR email became the verified sign-in email (detail: from, to). */
  | 'emrEmailVerified'
  /** An installed app was given a bearer token (issue 42; userId `app:{installationId}`). */
  | 'appTokenIssued'
  | 'mfaOptionRemoved'
  | 'passwordResetRateLimited'
  /** A signed report's record read through GraphQL (report review's list, a case's addenda; issue 24 item 7). */
  | 'reportRead'
  /** An administrator reopened a finalized case (spec 000 §3 adminUnfinalize). */
  | 'reportUnfinalized'
  /**
   * A waste's or correction's witness credentials were wrong (issue 29): counted per user asking
   * (userId) and, from issue 35, per witness account asked for (email) for the witness limit.
   */
  | 'ledgerWitnessFailed'
  /** A page of the ledger log naming patients was read (issue 35 item 9; detail: orgId, caseIds). */
  | 'ledgerRead'
  /**
   * A card entered was refused (issue 37: a declined card, a wrong number, expiry or CVC): counted
   * per user and per organisation (detail: orgId, when the card was for one) for the card limit.
   */
  | 'cardDeclined'
  /** A legal document accepted (issue 40; spec 000 §7; detail: document, version, at signUp or dialog). */
  | 'legalAccepted'
  /**
   * A Vigil Bridge sent a pairing code that is unknown, used, expired or malformed (issue 38
   * follow-up): counted per client address for the pairing limit (detail: none; the code is never kept).
   */
  | 'bridgePairingFailed'
  /** A statement run (or refused) on the team's database console (issue 41; detail: sql, rows or refused). */
  | 'dbConsoleQuery'
  /** The team ended every session of a user (issue 41, `/vigil-team/users/{userId}`; detail: userId, ended). */
  | 'teamSessionsEnded'
  /**
   * The team's customer support read a search, a user, an organisation or a page of browser errors
   * (issue 41, `/vigil-team/customer-support`; detail: search, userId or orgId, logs).
   */
  | 'teamSupportRead';

export interface AuditEvent {
  action: AuditAction;
  outcome: 'success' | 'failure';
  userId?: string | null;
  email?: string | null;
  detail?: Record<string, unknown>;
}

/** The hash of one link: SHA-256 over the previous link's hash, where the record lives and its content. */
export function auditLinkHash(prevHash: string, source: AuditSource, row: number, content: string): string {
  return createHash('sha256').update(`${prevHash}\n${source}\n${row}\n${content}`).digest('hex');
}

/** The first link's previous hash (no row before it). */
export const AUDIT_CHAIN_GENESIS = '0'.repeat(64);

export interface AuditChainReport {
  ok: boolean;
  /** Links checked. */
  links: number;
  /** Audit records written after the last seal (sealed by the running server within a second). */
  unsealed: number;
  /** The last link's hash: write it down elsewhere to detect a rewritten chain. */
  head: string;
  problems: string[];
}

/**
 * Appends a link to the hash chain (table audit_chain, migration 55) for every audit record not
 * sealed yet, account events first, then FHIR AuditEvents, each in row order. Each link stores
 * the previous link's hash and the hash of that plus the record's content, so changing,
 * removing or reordering a sealed record breaks every later link (`npm run admin -- audit-check`).
 * Returns how many records it sealed. One atomic store step: a concurrent sealer cannot fork the chain.
 */
export function sealAuditChain(store: AuditStore, now: number = Date.now()): Promise<number> {
  return store.seal(now, (prev, r) => auditLinkHash(prev, r.source, r.row, r.content), AUDIT_CHAIN_GENESIS);
}

/**
 * Walks the whole chain: every link must follow the previous one, and its hash must match the
 * record's content as it is now. A changed, deleted or reordered record, or an edited link, is a
 * problem. Read-only.
 */
export async function checkAuditChain(store: AuditStore): Promise<AuditChainReport> {
  const problems: string[] = [];
  let prev = AUDIT_CHAIN_GENESIS;
  let links = 0;
  for (const link of await store.links()) {
    links += 1;
    const where = `link ${link.seq} (${link.source} row ${link.sourceRow})`;
    if (link.prevHash !== prev) problems.push(`${where}: does not follow the previous link`);
    const content = await store.content(link.source, link.sourceRow);
    if (content === null) problems.push(`${where}: the audit record is missing`);
    else if (auditLinkHash(link.prevHash, link.source, link.sourceRow, content) !== link.hash)
      problems.push(`${where}: the audit record was changed after it was sealed`);
    prev = link.hash;
  }
  // Issue 35 item 9: removing the last links with their records leaves a chain that verifies; the
  // head anchor, written with every seal, still names how long it was and where it ended.
  const anchor = await store.anchor();
  if (anchor != null) {
    if (links < anchor.length)
      problems.push(
        `the chain ends at link ${links} but was sealed to link ${anchor.length}: the last ${anchor.length - links} were removed`,
      );
    else if (links > anchor.length || (links > 0 && prev !== anchor.head))
      problems.push(`the chain's last link ${links} does not match its anchored head (link ${anchor.length})`);
  }
  return { ok: problems.length === 0, links, unsealed: await store.unsealed(), head: prev, problems };
}

/**
 * The account and organisation audit trail (append-only: the table's triggers refuse updates and
 * deletes) over the audit repository, and the counts the abuse limits read from it.
 */
export class AuditLog {
  constructor(readonly store: AuditStore) {}

  /** Appends one event. */
  record(now: number, meta: RequestMeta, event: AuditEvent): Promise<void> {
    return this.store.append({
      at: now,
      userId: event.userId ?? null,
      email: event.email ?? null,
      action: event.action,
      outcome: event.outcome,
      ip: meta.ip,
      userAgent: meta.userAgent,
      detail: event.detail ? JSON.stringify(event.detail) : null,
    });
  }

  /** Counts events of one action since a time, by email, user or IP. */
  count(action: AuditAction, since: number, by: AuditCountBy): Promise<number> {
    return this.store.count(action, since, by);
  }
}

/** How often the running server seals new audit records into the chain. */
export const AUDIT_SEAL_INTERVAL_MS = 1000;

/**
 * Seals the audit chain every AUDIT_SEAL_INTERVAL_MS (and once more on stop, before the
 * database closes). Failures are logged, never thrown: sealing is retried on the next tick.
 * A tick that finds the previous seal still running skips.
 */
export function startAuditSealer(
  store: AuditStore,
  log: { error: (obj: object, msg: string) => void },
  intervalMs = AUDIT_SEAL_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const seal = (): Promise<void> => {
    running ??= sealAuditChain(store)
      .then(
        () => undefined,
        (err: unknown) => log.error({ err }, 'could not seal the audit chain'),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  void seal();
  const timer = setInterval(() => void seal(), intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      await seal();
    },
  };
}
