import type { OrgChecklistKind } from '@vigil/shared';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { OrgChecklistRecord, OrgChecklistStore } from './types.js';

const record = (r: Record<string, unknown>): OrgChecklistRecord => ({
  orgId: r.org_id as string,
  kind: r.kind as OrgChecklistKind,
  items: JSON.parse(r.items as string) as string[],
  updatedBy: r.updated_by as string | null,
  updatedAt: Number(r.updated_at),
});

/** The office checklists on PostgreSQL (org_checklists, PG migration 110; issue 43): one upsert a list. */
export class PostgresOrgChecklistStore implements OrgChecklistStore {
  constructor(private readonly db: PostgresDatabase) {}

  async list(orgId: string): Promise<OrgChecklistRecord[]> {
    const { rows } = await this.db.query('SELECT * FROM org_checklists WHERE org_id = $1 ORDER BY kind COLLATE "C"', [
      orgId,
    ]);
    return rows.map(record);
  }

  async put(c: OrgChecklistRecord): Promise<OrgChecklistRecord> {
    const { rows } = await this.db.query(
      `INSERT INTO org_checklists (org_id, kind, items, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (org_id, kind) DO UPDATE SET
         items = excluded.items, updated_by = excluded.updated_by, updated_at = excluded.updated_at
       RETURNING *`,
      [c.orgId, c.kind, JSON.stringify(c.items), c.updatedBy, c.updatedAt],
    );
    return record(rows[0]!);
  }
}
