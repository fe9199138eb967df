import type { Db } from './database.js';

/*
 * Rows written straight into the SQLite database by unit tests (fixtures, and the tampering an
 * attacker with file access would do), kept here so SQL stays inside store/ (issue 26). The
 * server never calls these.
 */

/** An organisation row as a test needs it; omitted columns take the schema's defaults. */
export interface OrgRowFixture {
  id: string;
  fhirId: string;
  name: string;
  type: 'regular' | 'parent' | 'vigil' | 'reseller';
  subscriptionStatus?: string;
  trialEnd?: number | null;
  isOnboarding?: boolean;
  preventResourceEditing?: boolean;
}

/** Inserts organisations and their parent links (child, parent). */
export function insertOrgRows(db: Db, orgs: readonly OrgRowFixture[], parents: readonly [string, string][] = []): void {
  const insert = db.prepare(
    `INSERT INTO orgs (id, fhir_id, name, type, subscription_status, trial_end, is_onboarding, prevent_resource_editing,
       created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0)`,
  );
  const parent = db.prepare('INSERT INTO org_parents (org_id, parent_org_id) VALUES (?, ?)');
  db.transaction(() => {
    for (const o of orgs) {
      insert.run(
        o.id,
        o.fhirId,
        o.name,
        o.type,
        o.subscriptionStatus ?? 'none',
        o.trialEnd ?? null,
        o.isOnboarding === true ? 1 : 0,
        o.preventResourceEditing === true ? 1 : 0,
      );
    }
    for (const [child, of] of parents) parent.run(child, of);
  })();
}

/** Inserts memberships (roles as the org_members table stores them). */
export function insertMemberRows(
  db: Db,
  members: readonly { id: string; orgId: string; userId: string; roles: readonly string[] }[],
): void {
  const insert = db.prepare(
    'INSERT INTO org_members (id, org_id, user_id, roles, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)',
  );
  db.transaction(() => {
    for (const m of members) insert.run(m.id, m.orgId, m.userId, JSON.stringify(m.roles));
  })();
}

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
