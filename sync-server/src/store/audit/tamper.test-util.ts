import type { Db } from '../sqlite/database.js';

/*
 * Issue 36 item 4: the attacks of someone with the database file on the audit trail, played by
 * the audit-chain tests to prove the database refuses them or the chain check names them. Kept
 * in store/ so no SQL is written outside it; the server never calls them.
 */

/** Rewrites every account audit event's outcome without touching the triggers (the database must refuse). */
export function rewriteAccountAuditEvents(db: Db): void {
  db.prepare("UPDATE audit_events SET outcome = 'success'").run();
}

/** Deletes every account audit event without touching the triggers (the database must refuse). */
export function deleteAccountAuditEvents(db: Db): void {
  db.prepare('DELETE FROM audit_events').run();
}

/** Rewrites every FHIR AuditEvent in place without touching the triggers (the database must refuse). */
export function rewriteFhirAuditEvents(db: Db): void {
  db.prepare("UPDATE resources SET json = json WHERE resource_type = 'AuditEvent'").run();
}

/** Deletes every FHIR AuditEvent without touching the triggers (the database must refuse). */
export function deleteFhirAuditEvents(db: Db): void {
  db.prepare("DELETE FROM resources WHERE resource_type = 'AuditEvent'").run();
}

/** Deletes every FHIR AuditEvent's history rows without touching the triggers (the database must refuse). */
export function deleteFhirAuditEventHistory(db: Db): void {
  db.prepare("DELETE FROM resource_history WHERE resource_type = 'AuditEvent'").run();
}

/** Deletes the audit hash chain's links without touching the triggers (the database must refuse). */
export function deleteAuditChainLinks(db: Db): void {
  db.prepare('DELETE FROM audit_chain').run();
}

/**
 * Drops the update guard and rewrites the agent of the FHIR AuditEvents whose JSON contains
 * `containing` to `userId` (who read a case, forged); returns how many were changed.
 */
export function forgeFhirAuditEventAgent(db: Db, containing: string, userId: string): number {
  db.exec('DROP TRIGGER IF EXISTS resources_audit_event_no_update');
  return db
    .prepare(
      `UPDATE resources SET json = json_set(json, '$.agent[0].who.identifier.value', ?)
       WHERE resource_type = 'AuditEvent' AND instr(json, ?) > 0`,
    )
    .run(userId, containing).changes;
}

const RECORD_DELETE = {
  audit_events: 'DELETE FROM audit_events WHERE id = ?',
  AuditEvent: 'DELETE FROM resources WHERE rowid = ?',
  AuditEvent_history: 'DELETE FROM resource_history WHERE rowid = ?',
} as const;

/** Drops the delete guards and removes the last `count` sealed audit records together with their links (a truncated tail). */
export function truncateAuditTrail(db: Db, count: number): void {
  db.exec(`DROP TRIGGER IF EXISTS audit_chain_no_delete; DROP TRIGGER IF EXISTS audit_events_no_delete;
    DROP TRIGGER IF EXISTS resources_audit_event_no_delete; DROP TRIGGER IF EXISTS resource_history_audit_event_no_delete`);
  const tail = db.prepare('SELECT seq, source, source_row FROM audit_chain ORDER BY seq DESC LIMIT ?').all(count) as {
    seq: number;
    source: keyof typeof RECORD_DELETE;
    source_row: number;
  }[];
  for (const t of tail) {
    db.prepare(RECORD_DELETE[t.source]).run(t.source_row);
    db.prepare('DELETE FROM audit_chain WHERE seq = ?').run(t.seq);
  }
}
