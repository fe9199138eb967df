import { MemoryDatabase } from '../memory/database.js';
import type { OfficeDrugListRecord, OfficeDrugStore } from './types.js';

/** The office drug lists in memory: the second implementation of the contract (issue 36 item 4). */
export class MemoryOfficeDrugStore implements OfficeDrugStore {
  private readonly rows;

  constructor(private readonly db = new MemoryDatabase()) {
    this.rows = db.table<OfficeDrugListRecord[]>([]);
  }

  lists(orgIds: readonly string[]): Promise<OfficeDrugListRecord[]> {
    return this.db.run(() =>
      orgIds.flatMap((id) => {
        const found = this.rows.value.find((l) => l.orgId === id);
        return found ? [structuredClone(found)] : [];
      }),
    );
  }

  put(l: OfficeDrugListRecord): Promise<OfficeDrugListRecord> {
    return this.db.run(() => {
      const rows = this.rows.value;
      const i = rows.findIndex((x) => x.orgId === l.orgId);
      const stored = structuredClone(l);
      if (i < 0) rows.push(stored);
      else rows[i] = stored;
      return structuredClone(stored);
    });
  }
}
