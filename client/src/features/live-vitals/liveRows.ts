import type { LiveCaseView, LiveVitalsEvent } from '@vigil/shared';

/** The key of a live row: its office and case. */
export const rowKey = (r: { orgId: string; caseId: string }): string => `${r.orgId}/${r.caseId}`;

/**
 * The rows after a pushed `liveVitals` event: a known case takes the new summary (its names
 * kept), a case that ended leaves; a case not listed yet needs the list read again (the names
 * come only from the list, an audited read), `reload` then says so.
 */
export function applyLiveVitalsEvent(
  rows: readonly LiveCaseView[],
  event: LiveVitalsEvent,
): { rows: readonly LiveCaseView[]; reload: boolean } {
  if (event.action === 'remove') {
    const key = rowKey(event);
    const left = rows.filter((r) => rowKey(r) !== key);
    return { rows: left.length === rows.length ? rows : left, reload: false };
  }
  const key = rowKey(event.summary);
  const at = rows.findIndex((r) => rowKey(r) === key);
  if (at < 0) return { rows, reload: true };
  const next = [...rows];
  next[at] = { ...rows[at]!, ...event.summary };
  return { rows: next, reload: false };
}

/** Rows grouped by office, offices in name order, each office's cases by start (earliest first). */
export function byOffice(rows: readonly LiveCaseView[]): { orgId: string; orgName: string; rows: LiveCaseView[] }[] {
  const groups = new Map<string, { orgId: string; orgName: string; rows: LiveCaseView[] }>();
  for (const r of rows) {
    const g = groups.get(r.orgId) ?? { orgId: r.orgId, orgName: r.orgName, rows: [] };
    g.rows.push(r);
    groups.set(r.orgId, g);
  }
  const started = (r: LiveCaseView): number => r.startedAt ?? Number.MAX_SAFE_INTEGER;
  return [...groups.values()]
    .map((g) => ({ ...g, rows: g.rows.sort((a, b) => started(a) - started(b) || a.caseId.localeCompare(b.caseId)) }))
    .sort((a, b) => a.orgName.localeCompare(b.orgName) || a.orgId.localeCompare(b.orgId));
}
