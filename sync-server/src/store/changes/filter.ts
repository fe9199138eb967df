import type { Change, ChangeFilter } from './types.js';

/** Whether a change passes a read's filter (the memory store's; SQLite says the same in SQL). */
export function matchesFilter(change: Change, filter: ChangeFilter): boolean {
  if (filter.orgId !== undefined && change.orgId !== filter.orgId) return false;
  if (filter.kinds !== undefined && !filter.kinds.includes(change.kind)) return false;
  return true;
}
