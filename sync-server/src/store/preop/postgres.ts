import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { PreopSettingsRecord, PreopSettingsStore } from './types.js';

const record = (r: Record<string, unknown>): PreopSettingsRecord => ({
  orgId: r.org_id as string,
  reviewDays: Number(r.review_days),
  updatedBy: r.updated_by as string | null,
  updatedAt: Number(r.updated_at),
});

/** The office's pre-op settings on PostgreSQL (org_preop_settings, PG migration 127; issue 43): one upsert. */
export class PostgresPreopSettingsStore implements PreopSettingsStore {
  constructor(private readonly db: PostgresDatabase) {}

  async get(orgId: string): Promise<PreopSettingsRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM org_preop_settings WHERE org_id = $1', [orgId]);
    return rows[0] ? record(rows[0]) : null;
  }

  async put(s: PreopSettingsRecord): Promise<PreopSettingsRecord> {
    const { rows } = await this.db.query(
      `INSERT INTO org_preop_settings (org_id, review_days, updated_by, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (org_id) DO UPDATE SET
         review_days = excluded.review_days, updated_by = excluded.updated_by, updated_at = excluded.updated_at
       RETURNING *`,
      [s.orgId, s.reviewDays, s.updatedBy, s.updatedAt],
    );
    return record(rows[0]!);
  }
}
