import type { LiveCaseSummary } from '@vigil/shared';
import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import { activeAt, type LiveCaseCursor, type LiveCaseStore } from './types.js';

/** The live summaries over better-sqlite3 (table live_cases). */
export class SqliteLiveCaseStore implements LiveCaseStore {
  constructor(private readonly db: Db) {}

  put(summary: LiveCaseSummary): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO live_cases (org_id, case_id, summary, active_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (org_id, case_id) DO UPDATE SET summary = excluded.summary, active_at = excluded.active_at`,
        )
        .run(summary.orgId, summary.caseId, JSON.stringify(summary), activeAt(summary));
    });
  }

  remove(orgId: string, caseId: string): Promise<boolean> {
    return serialized(
      this.db,
      () => this.db.prepare('DELETE FROM live_cases WHERE org_id = ? AND case_id = ?').run(orgId, caseId).changes > 0,
    );
  }

  list(
    orgIds: readonly string[],
    activeSince: number,
    page: { first: number; after: LiveCaseCursor | null },
  ): Promise<LiveCaseSummary[]> {
    return serialized(this.db, () => {
      if (orgIds.length === 0) return [];
      const after = page.after ?? { orgId: '', caseId: '' };
      const rows = this.db
        .prepare(
          `SELECT summary FROM live_cases
           WHERE org_id IN (SELECT value FROM json_each(?)) AND active_at >= ? AND (org_id, case_id) > (?, ?)
           ORDER BY org_id, case_id LIMIT ?`,
        )
        .all(JSON.stringify(orgIds), activeSince, after.orgId, after.caseId, page.first) as { summary: string }[];
      return rows.map((r) => JSON.parse(r.summary) as LiveCaseSummary);
    });
  }
}
