import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { AuditCountBy, AuditRecord, AuditStore } from './types.js';

/**
 * The audit_events expression a limit counts by in PostgreSQL, and its value (auditCountColumn's
 * twin): a column, or for an organisation the `orgId` of the record's JSON detail.
 */
export function pgAuditCountColumn(by: AuditCountBy): [expression: string, value: string] {
  if ('email' in by) return ['email', by.email];
  if ('userId' in by) return ['user_id', by.userId];
  if ('orgId' in by) return ["(detail::jsonb ->> 'orgId')", by.orgId];
  return ['ip', by.ip];
}

/**
 * The account/organisation audit trail in PostgreSQL (table audit_events, PG migration 3;
 * issue 43): what the rate limits count. The first part of a PostgreSQL AuditStore: sealing the
 * hash chain waits for the FHIR AuditEvents it covers (the resources) to be in PostgreSQL too.
 * Statements join the caller's unit of work (PostgresDatabase).
 */
export class PostgresAuditTrail implements Pick<AuditStore, 'append' | 'count'> {
  constructor(private readonly db: PostgresDatabase) {}

  async append(r: AuditRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO audit_events (at, user_id, email, action, outcome, ip, user_agent, detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [r.at, r.userId, r.email, r.action, r.outcome, r.ip, r.userAgent, r.detail],
    );
  }

  async count(action: string, since: number, by: AuditCountBy): Promise<number> {
    const [column, value] = pgAuditCountColumn(by);
    const { rows } = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM audit_events WHERE action = $1 AND at > $2 AND ${column} = $3`,
      [action, since, value],
    );
    return Number(rows[0]!.n);
  }
}
