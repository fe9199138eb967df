import type { OfficeDrug } from '@vigil/shared';
import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import type { OfficeDrugListRecord, OfficeDrugStore } from './types.js';

interface DrugListRow {
  org_id: string;
  drugs: string;
  updated_by: string | null;
  updated_at: number;
}

const record = (r: DrugListRow): OfficeDrugListRecord => ({
  orgId: r.org_id,
  drugs: JSON.parse(r.drugs) as OfficeDrug[],
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

/** The office drug lists over better-sqlite3 (table org_drug_lists). */
export class SqliteOfficeDrugStore implements OfficeDrugStore {
  constructor(private readonly db: Db) {}

  lists(orgIds: readonly string[]): Promise<OfficeDrugListRecord[]> {
    return serialized(this.db, () => {
      const get = this.db.prepare('SELECT * FROM org_drug_lists WHERE org_id = ?');
      return orgIds.flatMap((id) => {
        const row = get.get(id) as DrugListRow | undefined;
        return row ? [record(row)] : [];
      });
    });
  }

  put(l: OfficeDrugListRecord): Promise<OfficeDrugListRecord> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO org_drug_lists (org_id, drugs, updated_by, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (org_id) DO UPDATE SET
             drugs = excluded.drugs, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        )
        .run(l.orgId, JSON.stringify(l.drugs), l.updatedBy, l.updatedAt);
      return record(this.db.prepare('SELECT * FROM org_drug_lists WHERE org_id = ?').get(l.orgId) as DrugListRow);
    });
  }
}
