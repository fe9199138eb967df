import type { LiveCaseSummary } from '@vigil/shared';
import { MemoryDatabase } from '../memory/database.js';
import { activeAt, type LiveCaseCursor, type LiveCaseStore } from './types.js';

const key = (orgId: string, caseId: string): string => `${orgId}\u0000${caseId}`;

/** The live summaries in memory: the second implementation of the contract. */
export class MemoryLiveCaseStore implements LiveCaseStore {
  private readonly rows;

  constructor(private readonly db = new MemoryDatabase()) {
    this.rows = db.table(new Map<string, LiveCaseSummary>());
  }

  put(summary: LiveCaseSummary): Promise<void> {
    return this.db.run(() => {
      this.rows.value.set(key(summary.orgId, summary.caseId), structuredClone(summary));
    });
  }

  remove(orgId: string, caseId: string): Promise<boolean> {
    return this.db.run(() => this.rows.value.delete(key(orgId, caseId)));
  }

  list(
    orgIds: readonly string[],
    activeSince: number,
    page: { first: number; after: LiveCaseCursor | null },
  ): Promise<LiveCaseSummary[]> {
    return this.db.run(() => {
      const after = page.after ? key(page.after.orgId, page.after.caseId) : '';
      return [...this.rows.value.entries()]
        .filter(([k, s]) => orgIds.includes(s.orgId) && activeAt(s) >= activeSince && k > after)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, page.first)
        .map(([, s]) => structuredClone(s));
    });
  }
}
