import type { Db } from './database.js';

/*
 * Rows written straight into the SQLite database by unit tests: only the tampering an attacker
 * with file access would do, kept here so SQL stays inside store/ (issue 26). Fixtures are written
 * through store methods (store/orgs/seed.test-util.ts, issue 36). The server never calls these.
 */

/**
 * Changes the email of an account audit row the way someone with the database file could: the
 * append-only triggers dropped first. The audit chain check must then name the row.
 */
export function tamperWithAuditEmail(db: Db, rowId: number, email: string): void {
  const triggers = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_events'")
    .all() as { name: string }[];
  for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
  db.prepare('UPDATE audit_events SET email = ? WHERE id = ?').run(email, rowId);
}
