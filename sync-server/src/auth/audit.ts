import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';

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
  | 'mfaOptionRemoved'
  | 'passwordResetRateLimited'
  /** A signed report's record read through GraphQL (report review's list, a case's addenda; issue 24 item 7). */
  | 'reportRead';

export interface AuditEvent {
  action: AuditAction;
  outcome: 'success' | 'failure';
  userId?: string | null;
  email?: string | null;
  detail?: Record<string, unknown>;
}

/** Appends one event to the append-only audit table (triggers refuse updates and deletes). */
export function audit(db: Db, now: number, meta: RequestMeta, event: AuditEvent): void {
  db.prepare(
    `INSERT INTO audit_events (at, user_id, email, action, outcome, ip, user_agent, detail)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    now,
    event.userId ?? null,
    event.email ?? null,
    event.action,
    event.outcome,
    meta.ip,
    meta.userAgent,
    event.detail ? JSON.stringify(event.detail) : null,
  );
}

/** Counts events of one action since a time, by email, user or IP. */
export function countEvents(
  db: Db,
  action: AuditAction,
  since: number,
  by: { email: string } | { userId: string } | { ip: string },
): number {
  const [column, value] = 'email' in by ? ['email', by.email] : 'userId' in by ? ['user_id', by.userId] : ['ip', by.ip];
  const row = db
    .prepare(`SELECT COUNT(*) AS n FROM audit_events WHERE action = ? AND at > ? AND ${column} = ?`)
    .get(action, since, value) as { n: number };
  return row.n;
}

/** Where a sealed audit record lives: the account/organisation trail or a FHIR AuditEvent. */
export type AuditSource = 'audit_events' | 'AuditEvent';

/** The first link's previous hash (no row before it). */
export const AUDIT_CHAIN_GENESIS = '0'.repeat(64);

interface ChainHead {
  seq: number;
  hash: string;
}

/** The hash of one link: SHA-256 over the previous link's hash, where the record lives and its content. */
export function auditLinkHash(prevHash: string, source: AuditSource, row: number, content: string): string {
  return createHash('sha256').update(`${prevHash}\n${source}\n${row}\n${content}`).digest('hex');
}

/** The sealed content of an account/organisation audit row: every column, in order. */
const ACCOUNT_CONTENT_SQL = `SELECT id AS row, json_array(id, at, user_id, email, action, outcome, ip, user_agent, detail) AS content
  FROM audit_events`;
/** The sealed content of a FHIR AuditEvent: its keys, version and JSON (the row is the table's rowid). */
const FHIR_CONTENT_SQL = `SELECT rowid AS row, json_array(org_id, id, version_id, last_updated, deleted, json) AS content
  FROM resources WHERE resource_type = 'AuditEvent'`;

function lastSealed(db: Db, source: AuditSource): number {
  const row = db.prepare('SELECT max(source_row) AS n FROM audit_chain WHERE source = ?').get(source) as {
    n: number | null;
  };
  return row.n ?? 0;
}

/**
 * Appends a link to the hash chain (table audit_chain, migration 55) for every audit record not
 * sealed yet, account events first, then FHIR AuditEvents, each in row order. Each link stores
 * the previous link's hash and the hash of that plus the record's content, so changing,
 * removing or reordering a sealed record breaks every later link (`npm run admin -- audit-check`).
 * Returns how many records it sealed. One transaction: a concurrent sealer cannot fork the chain.
 */
export function sealAuditChain(db: Db, now: number = Date.now()): number {
  return db.transaction(() => {
    const head = db.prepare('SELECT seq, hash FROM audit_chain ORDER BY seq DESC LIMIT 1').get() as
      ChainHead | undefined;
    let prev = head?.hash ?? AUDIT_CHAIN_GENESIS;
    const insert = db.prepare(
      'INSERT INTO audit_chain (source, source_row, prev_hash, hash, sealed_at) VALUES (?, ?, ?, ?, ?)',
    );
    let sealed = 0;
    const sources: [AuditSource, string][] = [
      ['audit_events', `${ACCOUNT_CONTENT_SQL} WHERE id > ? ORDER BY id`],
      ['AuditEvent', `${FHIR_CONTENT_SQL} AND rowid > ? ORDER BY rowid`],
    ];
    for (const [source, sql] of sources) {
      const rows = db.prepare(sql).all(lastSealed(db, source)) as { row: number; content: string }[];
      for (const r of rows) {
        const hash = auditLinkHash(prev, source, r.row, r.content);
        insert.run(source, r.row, prev, hash, now);
        prev = hash;
        sealed += 1;
      }
    }
    return sealed;
  })();
}

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
 * Walks the whole chain: every link must follow the previous one, and its hash must match the
 * record's content as it is now. A changed, deleted or reordered record, or an edited link, is a
 * problem. Read-only.
 */
export function checkAuditChain(db: Db): AuditChainReport {
  const problems: string[] = [];
  const content = {
    audit_events: db.prepare(`${ACCOUNT_CONTENT_SQL} WHERE id = ?`),
    AuditEvent: db.prepare(`${FHIR_CONTENT_SQL} AND rowid = ?`),
  } as const;
  let prev = AUDIT_CHAIN_GENESIS;
  let links = 0;
  const rows = db
    .prepare('SELECT seq, source, source_row, prev_hash, hash FROM audit_chain ORDER BY seq')
    .iterate() as IterableIterator<{
    seq: number;
    source: AuditSource;
    source_row: number;
    prev_hash: string;
    hash: string;
  }>;
  for (const link of rows) {
    links += 1;
    const where = `link ${link.seq} (${link.source} row ${link.source_row})`;
    if (link.prev_hash !== prev) problems.push(`${where}: does not follow the previous link`);
    const record = content[link.source]?.get(link.source_row) as { content: string } | undefined;
    if (!record) problems.push(`${where}: the audit record is missing`);
    else if (auditLinkHash(link.prev_hash, link.source, link.source_row, record.content) !== link.hash)
      problems.push(`${where}: the audit record was changed after it was sealed`);
    prev = link.hash;
  }
  const unsealedAccount = db
    .prepare('SELECT count(*) AS n FROM audit_events WHERE id > ?')
    .get(lastSealed(db, 'audit_events')) as { n: number };
  const unsealedFhir = db
    .prepare("SELECT count(*) AS n FROM resources WHERE resource_type = 'AuditEvent' AND rowid > ?")
    .get(lastSealed(db, 'AuditEvent')) as { n: number };
  return { ok: problems.length === 0, links, unsealed: unsealedAccount.n + unsealedFhir.n, head: prev, problems };
}

/** How often the running server seals new audit records into the chain. */
export const AUDIT_SEAL_INTERVAL_MS = 1000;

/**
 * Seals the audit chain every AUDIT_SEAL_INTERVAL_MS (and once more on stop, before the
 * database closes). Failures are logged, never thrown: sealing is retried on the next tick.
 */
export function startAuditSealer(
  db: Db,
  log: { error: (obj: object, msg: string) => void },
  intervalMs = AUDIT_SEAL_INTERVAL_MS,
): { stop(): void } {
  const seal = (): void => {
    try {
      sealAuditChain(db);
    } catch (err) {
      log.error({ err }, 'could not seal the audit chain');
    }
  };
  seal();
  const timer = setInterval(seal, intervalMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      seal();
    },
  };
}
