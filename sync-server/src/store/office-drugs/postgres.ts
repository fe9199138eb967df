import type { OfficeDrug } from '@vigil/shared';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { OfficeDrugListRecord, OfficeDrugStore } from './types.js';

const record = (r: Record<string, unknown>): OfficeDrugListRecord => ({
  orgId: r.org_id as string,
  drugs: JSON.parse(r.drugs as string) as OfficeDrug[],
  updatedBy: r.updated_by as string | null,
  updatedAt: Number(r.updated_at),
});

/** The office drug lists on PostgreSQL (org_drug_lists, PG migration 112; issue 43): one upsert a list. */
export class PostgresOfficeDrugStore implements OfficeDrugStore {
  constructor(private readonly db: PostgresDatabase) {}

  /** The lists of these organisations that have one, in the order the ids are given. */
  async lists(orgIds: readonly string[]): Promise<OfficeDrugListRecord[]> {
    const { rows } = await this.db.query(
      `SELECT d.* FROM org_drug_lists d JOIN unnest($1::text[]) WITH ORDINALITY AS o (org_id, n) USING (org_id)
       ORDER BY o.n`,
      [[...orgIds]],
    );
    return rows.map(record);
  }

  async put(l: OfficeDrugListRecord): Promise<OfficeDrugListRecord> {
    const { rows } = await this.db.query(
      `INSERT INTO org_drug_lists (org_id, drugs, updated_by, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (org_id) DO UPDATE SET
         drugs = excluded.drugs, updated_by = excluded.updated_by, updated_at = excluded.updated_at
       RETURNING *`,
      [l.orgId, JSON.stringify(l.drugs), l.updatedBy, l.updatedAt],
    );
    return record(rows[0]!);
  }
}
