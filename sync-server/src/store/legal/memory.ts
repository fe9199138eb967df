import { MemoryDatabase } from '../memory/database.js';
import type { LegalAcceptanceRecord, LegalAcceptanceStore } from './types.js';

const same = (a: LegalAcceptanceRecord, b: LegalAcceptanceRecord): boolean =>
  a.userId === b.userId && a.document === b.document && a.version === b.version;

/** Acceptances of the legal documents in memory: the second implementation of the contract. */
export class MemoryLegalAcceptanceStore implements LegalAcceptanceStore {
  private readonly rows;

  constructor(private readonly db = new MemoryDatabase()) {
    this.rows = db.table<LegalAcceptanceRecord[]>([]);
  }

  add(record: LegalAcceptanceRecord): Promise<void> {
    return this.db.run(() => {
      if (!this.rows.value.some((r) => same(r, record))) this.rows.value.push(structuredClone(record));
    });
  }

  byUser(userId: string): Promise<LegalAcceptanceRecord[]> {
    return this.db.run(() =>
      structuredClone(
        this.rows.value
          .filter((r) => r.userId === userId)
          .sort((a, b) => a.acceptedAt - b.acceptedAt || a.document.localeCompare(b.document)),
      ),
    );
  }
}
