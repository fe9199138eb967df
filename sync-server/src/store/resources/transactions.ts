import { AsyncLocalStorage } from 'node:async_hooks';
import { Mutex } from 'async-mutex';

/**
 * Serialised asynchronous transactions over one database connection (issue 26): one queue per
 * database object, so a transaction's awaits never let another writer's statements into it.
 * A transaction started while one is running in the same async context (a FhirService write
 * inside the report service's finalize transaction) joins it instead of waiting for itself.
 */
export interface TransactionHooks {
  begin(): void;
  commit(): void;
  rollback(): void;
  /** A nested transaction: a savepoint of this name, released or rolled back to. */
  savepoint(name: string): void;
  release(name: string): void;
  rollbackTo(name: string): void;
}

const queues = new WeakMap<object, Mutex>();
const running = new AsyncLocalStorage<ReadonlySet<object>>();
let savepoints = 0;

/** Whether the caller runs inside a transaction on `database`. */
export function inTransaction(database: object): boolean {
  return running.getStore()?.has(database) === true;
}

/**
 * Runs `fn` in a transaction on `database` (the better-sqlite3 connection, or any object that
 * stands for one database): queued behind the running one, or joined when nested.
 */
export async function runTransaction<T>(database: object, hooks: TransactionHooks, fn: () => Promise<T>): Promise<T> {
  if (inTransaction(database)) {
    const name = `vigil_sp_${(savepoints += 1)}`;
    hooks.savepoint(name);
    try {
      const result = await fn();
      hooks.release(name);
      return result;
    } catch (err) {
      hooks.rollbackTo(name);
      hooks.release(name);
      throw err;
    }
  }
  let queue = queues.get(database);
  if (!queue) {
    queue = new Mutex();
    queues.set(database, queue);
  }
  const outer = running.getStore() ?? new Set<object>();
  return queue.runExclusive(() =>
    running.run(new Set([...outer, database]), async () => {
      hooks.begin();
      try {
        const result = await fn();
        hooks.commit();
        return result;
      } catch (err) {
        hooks.rollback();
        throw err;
      }
    }),
  );
}
