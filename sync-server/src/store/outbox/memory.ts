import type { OutboxEntry, OutboxStore } from './types.js';

/** The outbox in memory: the second implementation of the contract (issue 36). */
export class MemoryOutboxStore implements OutboxStore {
  private readonly entries: OutboxEntry[] = [];
  private nextId = 1;

  add(entry: Omit<OutboxEntry, 'id'>): Promise<void> {
    this.entries.push({ ...structuredClone(entry), id: this.nextId++ });
    return Promise.resolve();
  }

  list(to?: string): Promise<OutboxEntry[]> {
    const hits = to === undefined ? this.entries : this.entries.filter((e) => e.to === to);
    return Promise.resolve(structuredClone(hits));
  }
}
