import type { LiveCaseSummary } from '@vigil/shared';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import { activeAt, type LiveCaseCursor, type LiveCaseStore } from './types.js';

/**
 * The live summaries on PostgreSQL (live_cases, PG migration 128; issue 43): one upsert per
 * summary, listed in SQLite's (code-point) order of organisation and case.
 */
export class PostgresLiveCaseStore implements LiveCaseStore {
  constructor(private readonly db: PostgresDatabase) {}

  async put(summary: LiveCaseSummary): Promise<void> {
    await this.db.query(
      `INSERT INTO live_cases (org_id, case_id, summary, active_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (org_id, case_id) DO UPDATE SET summary = excluded.summary, active_at = excluded.active_at`,
      [summary.orgId, summary.caseId, JSON.stringify(summary), activeAt(summary)],
    );
  }

  async remove(orgId: string, caseId: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM live_cases WHERE org_id = $1 AND case_id = $2', [
      orgId,
      caseId,
    ]);
    return (rowCount ?? 0) > 0;
  }

  async list(
    orgIds: readonly string[],
    activeSince: number,
    page: { first: number; after: LiveCaseCursor | null },
  ): Promise<LiveCaseSummary[]> {
    const after = page.after ?? { orgId: '', caseId: '' };
    const { rows } = await this.db.query<{ summary: string }>(
      `SELECT summary FROM live_cases
       WHERE org_id = ANY($1::text[]) AND active_at >= $2
         AND (org_id COLLATE "C", case_id COLLATE "C") > ($3::text COLLATE "C", $4::text COLLATE "C")
       ORDER BY org_id COLLATE "C", case_id COLLATE "C" LIMIT $5`,
      [[...orgIds], activeSince, after.orgId, after.caseId, page.first],
    );
    return rows.map((r) => JSON.parse(r.summary) as LiveCaseSummary);
  }
}
