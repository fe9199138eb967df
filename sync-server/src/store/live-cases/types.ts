import type { LiveCaseSummary } from '@vigil/shared';

/*
 * The live summaries of the cases in progress (issue 38 "Screens", issue 41 "Parent
 * organisation"): one row per case, replaced at most once a second while its document changes,
 * kept in storage (not only in the process that holds the room) so that any instance answers the
 * live lists (issue 43; docs/decisions.md, session 27). Every method is async and one atomic step.
 */

/** Where a page of live cases starts: after this organisation and case (the order of `list`). */
export interface LiveCaseCursor {
  orgId: string;
  caseId: string;
}

export interface LiveCaseStore {
  /** Writes a case's summary, replacing the one before. */
  put(summary: LiveCaseSummary): Promise<void>;
  /** Removes a case's summary (ended, finalized); answers whether there was one. */
  remove(orgId: string, caseId: string): Promise<boolean>;
  /**
   * The summaries of these organisations changed (or read) at or after `activeSince`, ordered by
   * organisation then case id, at most `first` after `after`.
   */
  list(
    orgIds: readonly string[],
    activeSince: number,
    page: { first: number; after: LiveCaseCursor | null },
  ): Promise<LiveCaseSummary[]>;
}

/** The time a summary counts as active at: its newest reading or its making, whichever is later. */
export function activeAt(summary: Pick<LiveCaseSummary, 'updatedAt' | 'lastReadingAt'>): number {
  return Math.max(summary.updatedAt, summary.lastReadingAt ?? 0);
}
