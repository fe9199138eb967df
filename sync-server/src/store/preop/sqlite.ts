import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import type { PreopSettingsRecord, PreopSettingsStore } from './types.js';

interface SettingsRow {
  org_id: string;
  review_days: number;
  updated_by: string | null;
  updated_at: number;
}

const record = (r: SettingsRow): PreopSettingsRecord => ({
  orgId: r.org_id,
  reviewDays: r.review_days,
  updatedBy: r.updated_by,
  updatedAt: r.updated_at,
});

/** The office's pre-op settings over better-sqlite3 (table org_preop_settings). */
export class SqlitePreopSettingsStore implements PreopSettingsStore {
  constructor(private readonly db: Db) {}

  get(orgId: string): Promise<PreopSettingsRecord | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM org_preop_settings WHERE org_id = ?').get(orgId) as
        SettingsRow | undefined;
      return row ? record(row) : null;
    });
  }

  put(s: PreopSettingsRecord): Promise<PreopSettingsRecord> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO org_preop_settings (org_id, review_days, updated_by, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (org_id) DO UPDATE SET
             review_days = excluded.review_days, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        )
        .run(s.orgId, s.reviewDays, s.updatedBy, s.updatedAt);
      return record(this.db.prepare('SELECT * FROM org_preop_settings WHERE org_id = ?').get(s.orgId) as SettingsRow);
    });
  }
}
