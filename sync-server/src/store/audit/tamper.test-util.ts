import type { TestDb } from '../test-db.test-util.js';

/*
 * Issue 36 item 4: the attacks of someone with the database file on the audit trail, played by
 * the audit-chain tests to prove the database refuses them or the chain check names them. Kept
 * in store/ so no SQL is written outside it; the server never calls them.
 */

/** Rewrites every account audit event's outcome without touching the triggers (the database must refuse). */
export async function rewriteAccountAuditEvents(db: TestDb): Promise<void> {
  await db.run("UPDATE audit_events SET outcome = 'success'");
}

/** Deletes every account audit event without touching the triggers (the database must refuse). */
export async function deleteAccountAuditEvents(db: TestDb): Promise<void> {
  await db.run('DELETE FROM audit_events');
}

/** Rewrites every FHIR AuditEvent in place without touching the triggers (the database must refuse). */
export async function rewriteFhirAuditEvents(db: TestDb): Promise<void> {
  await db.run("UPDATE resources SET json = json WHERE resource_type = 'AuditEvent'");
}

/** Deletes every FHIR AuditEvent without touching the triggers (the database must refuse). */
export async function deleteFhirAuditEvents(db: TestDb): Promise<void> {
  await db.run("DELETE FROM resources WHERE resource_type = 'AuditEvent'");
}

/** Deletes every FHIR AuditEvent's history rows without touching the triggers (the database must refuse). */
export async function deleteFhirAuditEventHistory(db: TestDb): Promise<void> {
  await db.run("DELETE FROM resource_history WHERE resource_type = 'AuditEvent'");
}

/** Deletes the audit hash chain's links without touching the triggers (the database must refuse). */
export async function deleteAuditChainLinks(db: TestDb): Promise<void> {
  await db.run('DELETE FROM audit_chain');
}

/**
 * Drops the update guard and rewrites the agent of the FHIR AuditEvents whose JSON contains
 * `containing` to `userId` (who read a case, forged); returns how many were changed.
 */
export function forgeFhirAuditEventAgent(db: TestDb, containing: string, userId: string): Promise<number> {
  const forge =
    db.engine === 'sqlite'
      ? `UPDATE resources SET json = json_set(json, '$.agent[0].who.identifier.value', ?)
         WHERE resource_type = 'AuditEvent' AND instr(json, ?) > 0`
      : `UPDATE resources SET json = jsonb_set(json::jsonb, '{agent,0,who,identifier,value}', to_jsonb(?::text))::text
         WHERE resource_type = 'AuditEvent' AND strpos(json, ?) > 0`;
  return db.unguarded(['resources_audit_event_no_update'], () => db.run(forge, userId, containing));
}

/** The statement removing one record of each audit source, by the row the chain names it by. */
const RECORD_DELETE = (db: TestDb) => {
  const row = db.engine === 'sqlite' ? 'rowid' : 'row_id';
  return {
    audit_events: 'DELETE FROM audit_events WHERE id = ?',
    AuditEvent: `DELETE FROM resources WHERE ${row} = ?`,
    AuditEvent_history: `DELETE FROM resource_history WHERE ${row} = ?`,
  } as const;
};

const DELETE_GUARDS = [
  'audit_chain_no_delete',
  'audit_events_no_delete',
  'resources_audit_event_no_delete',
  'resource_history_audit_event_no_delete',
] as const;

/** Drops the delete guards and removes the last `count` sealed audit records together with their links (a truncated tail). */
export async function truncateAuditTrail(db: TestDb, count: number): Promise<void> {
  const deletes = RECORD_DELETE(db);
  await db.unguarded(DELETE_GUARDS, async () => {
    const tail = await db.all<{ seq: number; source: keyof typeof deletes; source_row: number }>(
      'SELECT seq, source, source_row FROM audit_chain ORDER BY seq DESC LIMIT ?',
      count,
    );
    for (const t of tail) {
      await db.run(deletes[t.source], t.source_row);
      await db.run('DELETE FROM audit_chain WHERE seq = ?', t.seq);
    }
  });
}
