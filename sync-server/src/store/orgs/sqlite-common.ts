import { isOneOf, ORG_ROLES, type OrgRole } from '@vigil/shared';
import type { Db } from '../sqlite/database.js';
import { assertSerialized } from '../resources/transactions.js';
import type { AuditOrigin, OrgAuditEvent } from './common.js';

/** Stored roles, keeping only the roles the spec knows. */
export function rolesOf(json: string): OrgRole[] {
  return (JSON.parse(json) as string[]).filter((r): r is OrgRole => isOneOf(ORG_ROLES, r));
}

/**
 * Appends one organisation event to audit_events (sealed into the hash chain by the audit
 * sealer), inside a store method's serialized work.
 */
export function writeOrgAudit(db: Db, origin: AuditOrigin, event: OrgAuditEvent): void {
  assertSerialized(db);
  db.prepare(
    `INSERT INTO audit_events (at, user_id, email, action, outcome, ip, user_agent, detail)
     VALUES (?, ?, ?, ?, 'success', ?, ?, ?)`,
  ).run(
    origin.at,
    event.userId,
    event.email ?? null,
    event.action,
    origin.ip,
    origin.userAgent,
    JSON.stringify(event.detail),
  );
}
