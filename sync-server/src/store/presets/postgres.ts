import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { PresetChange, PresetOwnerKind, PresetRecord, PresetStore } from './types.js';

const record = (r: Record<string, unknown>): PresetRecord => ({
  id: r.id as string,
  orgId: r.org_id as string,
  name: r.name as string,
  ownerKind: r.owner_kind as PresetOwnerKind,
  ownerUserId: r.owner_user_id as string | null,
  macro: JSON.parse(r.macro as string) as Record<string, unknown>,
  createdBy: r.created_by as string | null,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/**
 * The presets' repository on PostgreSQL (org_presets, PG migration 106; issue 43): each write one
 * statement answering the row it wrote, listed in SQLite's (code-point) order of name and id.
 */
export class PostgresPresetStore implements PresetStore {
  constructor(private readonly db: PostgresDatabase) {}

  async list(orgIds: readonly string[]): Promise<PresetRecord[]> {
    const { rows } = await this.db.query(
      `SELECT p.* FROM org_presets p JOIN unnest($1::text[]) WITH ORDINALITY AS o (org_id, n) USING (org_id)
       ORDER BY o.n, p.name COLLATE "C", p.id COLLATE "C"`,
      [[...orgIds]],
    );
    return rows.map(record);
  }

  async get(orgId: string, id: string): Promise<PresetRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM org_presets WHERE org_id = $1 AND id = $2', [orgId, id]);
    return rows[0] ? record(rows[0]) : null;
  }

  async create(p: PresetRecord): Promise<PresetRecord> {
    const { rows } = await this.db.query(
      `INSERT INTO org_presets (id, org_id, name, owner_kind, owner_user_id, macro, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      [
        p.id,
        p.orgId,
        p.name,
        p.ownerKind,
        p.ownerUserId,
        JSON.stringify(p.macro),
        p.createdBy,
        p.createdAt,
        p.updatedAt,
      ],
    );
    return record(rows[0]!);
  }

  async update(orgId: string, id: string, change: PresetChange): Promise<PresetRecord | null> {
    const { rows } = await this.db.query(
      'UPDATE org_presets SET name = $1, macro = $2, updated_at = $3 WHERE org_id = $4 AND id = $5 RETURNING *',
      [change.name, JSON.stringify(change.macro), change.updatedAt, orgId, id],
    );
    return rows[0] ? record(rows[0]) : null;
  }

  async setOwner(
    orgId: string,
    id: string,
    owner: Pick<PresetRecord, 'ownerKind' | 'ownerUserId'>,
    updatedAt: number,
  ): Promise<PresetRecord | null> {
    const { rows } = await this.db.query(
      `UPDATE org_presets SET owner_kind = $1, owner_user_id = $2, updated_at = $3 WHERE org_id = $4 AND id = $5
       RETURNING *`,
      [owner.ownerKind, owner.ownerUserId, updatedAt, orgId, id],
    );
    return rows[0] ? record(rows[0]) : null;
  }

  async delete(orgId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM org_presets WHERE org_id = $1 AND id = $2', [orgId, id]);
    return (rowCount ?? 0) > 0;
  }
}
