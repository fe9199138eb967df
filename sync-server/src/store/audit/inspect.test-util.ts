import type { TestDb } from '../test-db.test-util.js';
import type { AuditRecord } from './types.js';

/*
 * Issue 36 item 4: reads of the audit trail that no AuditStore method answers yet (the store only
 * counts), for tests outside store/ that check what an operation recorded. The server never calls them.
 */

/** An account/organisation audit event as stored, with its row id. */
export interface StoredAuditEvent extends AuditRecord {
  id: number;
}

/** Which events to list (all optional): one action or any of several, a user, an email, an outcome, after a time. */
export interface AuditEventFilter {
  action?: string | readonly string[];
  userId?: string;
  email?: string;
  outcome?: 'success' | 'failure';
  /** Epoch ms: events at or after it. */
  since?: number;
}

interface AuditEventRow {
  id: number;
  at: number;
  user_id: string | null;
  email: string | null;
  action: string;
  outcome: 'success' | 'failure';
  ip: string | null;
  user_agent: string | null;
  detail: string | null;
}

/** The account/organisation audit events matching the filter, oldest first. */
export async function auditEvents(db: TestDb, filter: AuditEventFilter = {}): Promise<StoredAuditEvent[]> {
  const where: string[] = [];
  const params: (string | number)[] = [];
  const clause = (sql: string, ...values: (string | number)[]): void => {
    where.push(sql);
    params.push(...values);
  };
  if (filter.action != null) {
    const actions = typeof filter.action === 'string' ? [filter.action] : filter.action;
    clause(`action IN (${actions.map(() => '?').join(', ')})`, ...actions);
  }
  if (filter.userId != null) clause('user_id = ?', filter.userId);
  if (filter.email != null) clause('email = ?', filter.email);
  if (filter.outcome != null) clause('outcome = ?', filter.outcome);
  if (filter.since != null) clause('at >= ?', filter.since);
  const rows = await db.all<AuditEventRow>(
    `SELECT * FROM audit_events ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id`,
    ...params,
  );
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    userId: r.user_id,
    email: r.email,
    action: r.action,
    outcome: r.outcome,
    ip: r.ip,
    userAgent: r.user_agent,
    detail: r.detail,
  }));
}

/** How many history rows of FHIR AuditEvents there are, in every organisation (what the chain seals as AuditEvent_history). */
export async function auditEventHistoryRows(db: TestDb): Promise<number> {
  return (
    await db.all<{ n: number }>("SELECT count(*) AS n FROM resource_history WHERE resource_type = 'AuditEvent'")
  )[0]!.n;
}
