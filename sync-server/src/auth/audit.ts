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
  | 'passwordResetRateLimited';

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
