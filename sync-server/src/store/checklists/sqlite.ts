import type { OrgChecklistKind } from '@vigil/shared';
import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import type { OrgChecklistRecord, OrgChecklistStore } from './types.js';

interface ChecklistRow {
  org_id: string;
  kind: OrgChecklistKind;
  items: string;
  updated_by: string | null;
  updated_at: number;
}

const record = (r: ChecklistRow): OrgChecklistRecord => ({
  orgId: r.org_id,
  kind: r.kind,
  items: JSON.parse(r.items) as string[],
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

/** The office checklists over better-sqlite3 (table org_checklists). */
export class SqliteOrgChecklistStore implements OrgChecklistStore {
  constructor(private readonly db: Db) {}

  list(orgId: string): Promise<OrgChecklistRecord[]> {
    return serialized(this.db, () =>
      (this.db.prepare('SELECT * FROM org_checklists WHERE org_id = ? ORDER BY kind').all(orgId) as ChecklistRow[]).map(
        record,
      ),
    );
  }

  put(c: OrgChecklistRecord): Promise<OrgChecklistRecord> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO org_checklists (org_id, kind, items, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (org_id, kind) DO UPDATE SET
             items = excluded.items, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        )
        .run(c.orgId, c.kind, JSON.stringify(c.items), c.updatedBy, c.updatedAt);
      const row = this.db
        .prepare('SELECT * FROM org_checklists WHERE org_id = ? AND kind = ?')
        .get(c.orgId, c.kind) as ChecklistRow;
      return record(row);
    });
  }
}
