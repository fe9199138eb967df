import { MemoryDatabase } from '../memory/database.js';
import type { OutboxEntry, OutboxStore } from './types.js';

/** The outbox in memory: the second implementation of the contract (issue 36). */
export class MemoryOutboxStore implements OutboxStore {
  private readonly table;

  constructor(private readonly db = new MemoryDatabase()) {
    this.table = db.table({ entries: [] as OutboxEntry[], nextId: 1 });
  }

  add(entry: Omit<OutboxEntry, 'id'>): Promise<void> {
    return this.db.run(() => {
      const t = this.table.value;
      t.entries.push({ ...structuredClone(entry), id: t.nextId++ });
    });
  }

  list(to?: string): Promise<OutboxEntry[]> {
    return this.db.run(() => {
      const { entries } = this.table.value;
      return structuredClone(to === undefined ? entries : entries.filter((e) => e.to === to));
    });
  }
}
