import type { ChangeBus, Committed } from './types.js';

/**
 * The in-process bus: every subscriber hears every committed change, synchronously, in the order
 * it is published: commit order on SQLite's one connection; on PostgreSQL, the order in which the
 * pooled units' COMMIT answers arrive, which need not be seq order (consumers that need the order
 * read the feed after their cursor; the bus only wakes them). A subscriber that throws does not stop the others (its error is handed to `onError`).
 */
export class MemoryChangeBus implements ChangeBus {
  private readonly listeners = new Set<(committed: Committed) => void>();

  constructor(private readonly onError: (err: unknown) => void = () => undefined) {}

  publish(committed: Committed): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(committed);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  subscribe(listener: (committed: Committed) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
