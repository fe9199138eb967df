import { AsyncLocalStorage } from 'node:async_hooks';
import { Mutex } from 'async-mutex';

/**
 * The write queue of a database (issue 26; session 17): serialised asynchronous transactions
 * over one connection, and the one way any other statement reaches that connection.
 *
 * A transaction holds the connection from BEGIN to COMMIT across awaits, so a statement of
 * another request run meanwhile would JOIN it: committed early, or rolled back with it when it
 * fails (a charted vital lost to someone else's failed finalize). Hence:
 * - `runTransaction`: one transaction at a time per database (a Mutex); one started inside a
 *   running transaction's callback (the same async context) joins it as a savepoint;
 * - `serialized`: every other unit of work (a store method's statements, synchronous) runs
 *   inside the current transaction only on purpose (its caller runs in that transaction's
 *   callback), at once when no transaction is open (the fast path), else after the open and
 *   queued transactions. store/write-boundary.test.ts proves every statement goes through one
 *   of the two.
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

/**
 * A running transaction (or a savepoint nested in one): its database, open until it commits or
 * rolls back, and what waits for its commit (afterCommit).
 */
interface Running {
  readonly database: object;
  open: boolean;
  readonly onCommit: (() => void)[];
}

const queues = new WeakMap<object, Mutex>();
/** The transactions the current async context runs in (its callbacks and what they await). */
const running = new AsyncLocalStorage<readonly Running[]>();
/** Depth of synchronous serialized work under way (a store method calling another's statements). */
let serializedDepth = 0;
let savepoints = 0;

function queueOf(database: object): Mutex {
  let queue = queues.get(database);
  if (!queue) {
    queue = new Mutex();
    queues.set(database, queue);
  }
  return queue;
}

/**
 * Whether the caller runs inside an open transaction on `database` (in its callback). A timer or
 * promise started in a callback keeps that context after the transaction ended: it is outside.
 */
export function inTransaction(database: object): boolean {
  return running.getStore()?.some((t) => t.database === database && t.open) === true;
}

/** Whether the caller runs inside an open transaction on any database. */
export function inAnyTransaction(): boolean {
  return running.getStore()?.some((t) => t.open) === true;
}

/** Whether `database`'s transaction queue holds (or waits for) a transaction now. */
export function transactionOpen(database: object): boolean {
  return queues.get(database)?.isLocked() === true;
}

/**
 * Runs `fn` in a transaction on `database` (the better-sqlite3 connection, or any object that
 * stands for one database): queued behind the running one, or joined when nested.
 */
export async function runTransaction<T>(database: object, hooks: TransactionHooks, fn: () => Promise<T>): Promise<T> {
  const outer = (running.getStore() ?? []).filter((t) => t.open);
  if (inTransaction(database)) {
    const name = `vigil_sp_${(savepoints += 1)}`;
    const parent = outer.at(-1)!;
    const sp: Running = { database, open: true, onCommit: [] };
    hooks.savepoint(name);
    try {
      const result = await running.run([...outer, sp], fn);
      hooks.release(name);
      // Released into the enclosing transaction: its callbacks wait for that one's commit.
      parent.onCommit.push(...sp.onCommit);
      return result;
    } catch (err) {
      hooks.rollbackTo(name);
      hooks.release(name);
      throw err;
    } finally {
      sp.open = false;
    }
  }
  return queueOf(database).runExclusive(() => {
    const tx: Running = { database, open: true, onCommit: [] };
    return running.run([...outer, tx], async () => {
      hooks.begin();
      let result: T;
      try {
        result = await fn();
        hooks.commit();
      } catch (err) {
        hooks.rollback();
        throw err;
      } finally {
        tx.open = false;
      }
      for (const callback of tx.onCommit) callback();
      return result;
    });
  });
}

/**
 * Runs `callback` once what the caller wrote is committed: at once outside every transaction,
 * after the commit of the innermost open one otherwise, never when it rolls back (session 18:
 * a live event for a resource written inside finalize went out before the commit, and a
 * rollback sent no correction).
 */
export function afterCommit(callback: () => void): void {
  const innermost = (running.getStore() ?? []).filter((t) => t.open).at(-1);
  if (innermost) innermost.onCommit.push(callback);
  else callback();
}

function settle<T>(work: () => T): Promise<T> {
  serializedDepth += 1;
  try {
    return Promise.resolve(work());
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  } finally {
    serializedDepth -= 1;
  }
}

/**
 * Runs synchronous `work` (a store method's statements) on `database` where it cannot join a
 * transaction by accident: at once inside the caller's own open transaction or inside other
 * serialized work, at once when no transaction is open or queued (the fast path: nothing can
 * interleave with synchronous work), else after the open and queued transactions, in order.
 * A thrown error becomes the rejection.
 */
export function serialized<T>(database: object, work: () => T): Promise<T> {
  if (serializedDepth > 0 || inTransaction(database) || !transactionOpen(database)) return settle(work);
  return queueOf(database).runExclusive(() => settle(work));
}

/**
 * For a helper that runs statements inside its caller's serialized work or transaction: throws
 * (never writes) when called where its statements would join another request's transaction.
 */
export function assertSerialized(database: object): void {
  if (serializedDepth > 0 || inTransaction(database) || !transactionOpen(database)) return;
  throw new Error('a statement outside the write queue while a transaction is open (store/resources/transactions.ts)');
}

/**
 * Runs `fn` outside every transaction of the current async context: what it starts (a batch of
 * the rooms' write queue, a timer) waits for the open transaction like any other request
 * instead of joining it.
 */
export function detached<T>(fn: () => T): T {
  return running.exit(fn);
}
