import type { Db } from '../sqlite/database.js';
import { assertSerialized, serialized } from '../resources/transactions.js';
import type { PresetChange, PresetOwnerKind, PresetRecord, PresetStore } from './types.js';

interface PresetRow {
  id: string;
  org_id: string;
  name: string;
  owner_kind: PresetOwnerKind;
  owner_user_id: string | null;
  macro: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

const record = (r: PresetRow): PresetRecord => ({
  id: r.id,
  orgId: r.org_id,
  name: r.name,
  ownerKind: r.owner_kind,
  ownerUserId: r.owner_user_id,
  macro: JSON.parse(r.macro) as Record<string, unknown>,
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The presets' repository over better-sqlite3 (table org_presets). */
export class SqlitePresetStore implements PresetStore {
  constructor(private readonly db: Db) {}

  list(orgIds: readonly string[]): Promise<PresetRecord[]> {
    return serialized(this.db, () => {
      const stmt = this.db.prepare('SELECT * FROM org_presets WHERE org_id = ? ORDER BY name, id');
      return orgIds.flatMap((orgId) => (stmt.all(orgId) as PresetRow[]).map(record));
    });
  }

  get(orgId: string, id: string): Promise<PresetRecord | null> {
    return serialized(this.db, () => this.row(orgId, id));
  }

  create(p: PresetRecord): Promise<PresetRecord> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO org_presets (id, org_id, name, owner_kind, owner_user_id, macro, created_by, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          p.id,
          p.orgId,
          p.name,
          p.ownerKind,
          p.ownerUserId,
          JSON.stringify(p.macro),
          p.createdBy,
          p.createdAt,
          p.updatedAt,
        );
      return this.row(p.orgId, p.id)!;
    });
  }

  update(orgId: string, id: string, change: PresetChange): Promise<PresetRecord | null> {
    return serialized(this.db, () => {
      this.db
        .prepare('UPDATE org_presets SET name = ?, macro = ?, updated_at = ? WHERE org_id = ? AND id = ?')
        .run(change.name, JSON.stringify(change.macro), change.updatedAt, orgId, id);
      return this.row(orgId, id);
    });
  }

  setOwner(
    orgId: string,
    id: string,
    owner: Pick<PresetRecord, 'ownerKind' | 'ownerUserId'>,
    updatedAt: number,
  ): Promise<PresetRecord | null> {
    return serialized(this.db, () => {
      this.db
        .prepare('UPDATE org_presets SET owner_kind = ?, owner_user_id = ?, updated_at = ? WHERE org_id = ? AND id = ?')
        .run(owner.ownerKind, owner.ownerUserId, updatedAt, orgId, id);
      return this.row(orgId, id);
    });
  }

  delete(orgId: string, id: string): Promise<boolean> {
    return serialized(this.db, () => {
      return this.db.prepare('DELETE FROM org_presets WHERE org_id = ? AND id = ?').run(orgId, id).changes > 0;
    });
  }

  private row(orgId: string, id: string): PresetRecord | null {
    assertSerialized(this.db);
    const row = this.db.prepare('SELECT * FROM org_presets WHERE org_id = ? AND id = ?').get(orgId, id) as
      PresetRow | undefined;
    return row ? record(row) : null;
  }
}
