import { MemoryDatabase } from '../memory/database.js';
import type { OrgChecklistRecord, OrgChecklistStore } from './types.js';

/** The office checklists in memory: the second implementation of the contract (issue 36 item 4). */
export class MemoryOrgChecklistStore implements OrgChecklistStore {
  private readonly lists;

  constructor(private readonly db = new MemoryDatabase()) {
    this.lists = db.table<OrgChecklistRecord[]>([]);
  }

  list(orgId: string): Promise<OrgChecklistRecord[]> {
    return this.db.run(() =>
      structuredClone(this.lists.value.filter((c) => c.orgId === orgId).sort((a, b) => a.kind.localeCompare(b.kind))),
    );
  }

  put(c: OrgChecklistRecord): Promise<OrgChecklistRecord> {
    return this.db.run(() => {
      const lists = this.lists.value;
      const i = lists.findIndex((x) => x.orgId === c.orgId && x.kind === c.kind);
      const stored = structuredClone(c);
      if (i < 0) lists.push(stored);
      else lists[i] = stored;
      return structuredClone(stored);
    });
  }
}
