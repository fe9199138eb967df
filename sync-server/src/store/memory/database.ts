import { runTransaction, serialized, type TransactionHooks } from '../resources/transactions.js';

/** One store's state in a memory database: `value` is replaced wholesale when a transaction rolls back. */
export class MemoryTable<S> {
  constructor(public value: S) {}
}

/**
 * The in-memory counterpart of one SQLite connection (issue 36 item 4): the memory stores built
 * on one MemoryDatabase share its write queue (store/resources/transactions.ts) and its
 * transactions, so a transaction run through any of them commits or rolls back the writes of all
 * of them, as stores sharing a SQLite database do. A store keeps its state in tables made here
 * and touches them only inside `run` (its serialized work) or a transaction; a rollback puts back
 * a copy of every table as it was when the transaction (or the savepoint) began.
 */
export class MemoryDatabase {
  private readonly tables: MemoryTable<unknown>[] = [];
  private readonly saved: unknown[][] = [];
  private readonly hooks: TransactionHooks = {
    begin: () => this.save(),
    commit: () => void this.saved.pop(),
    rollback: () => {
      this.putBack();
      this.saved.pop();
    },
    savepoint: () => this.save(),
    release: () => void this.saved.pop(),
    rollbackTo: () => this.putBack(),
  };

  /** A table of a store, starting at `initial`. */
  table<S>(initial: S): MemoryTable<S> {
    const table = new MemoryTable(initial);
    this.tables.push(table);
    return table;
  }

  /** Runs a store method's synchronous work where it cannot join another request's transaction. */
  run<T>(work: () => T): Promise<T> {
    return serialized(this, work);
  }

  /** Runs `fn` in a transaction over every table of this database; nested ones are savepoints. */
  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return runTransaction(this, this.hooks, fn);
  }

  private save(): void {
    this.saved.push(this.tables.map((t) => structuredClone(t.value)));
  }

  private putBack(): void {
    const saved = this.saved.at(-1);
    if (saved) this.tables.forEach((t, i) => (t.value = structuredClone(saved[i])));
  }
}
