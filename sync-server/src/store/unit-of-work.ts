/**
 * A unit of work (issue 36 item 4): what a service calls to make several stores' writes one
 * transaction, without knowing which database holds them.
 *
 * - `transaction(fn)` runs `fn`; every write of a store sharing this unit's database made inside
 *   `fn` (and whatever `fn` awaits) commits when `fn` resolves and rolls back when it rejects.
 * - A call nested inside a running unit (the same async context) joins it: it commits with the
 *   outer one, and its own rejection undoes only what it wrote (a savepoint).
 * - Two units started concurrently on one database never interleave: the second starts once the
 *   first has committed or rolled back.
 *
 * Implementations: store/resources/transactions.ts (`runTransaction`) serves both SQLite
 * (store/sqlite/transaction.ts, one connection with BEGIN IMMEDIATE and savepoints) and memory
 * (store/memory/database.ts, tables copied back on rollback). A PostgreSQL one gives each unit a
 * pooled connection held in the async context (AsyncLocalStorage) from BEGIN to COMMIT, where
 * every store method on that database finds it. Every store interface that offers `transaction`
 * extends this one, and store/unit-of-work.contract.test.ts runs its promises on each.
 *
 * Services see only this interface: store/unit-of-work-boundary.test.ts keeps SQLite modules
 * out of them (only the composition root and demo seeding pick implementations).
 */
export interface UnitOfWork {
  /** Runs `fn` as one transaction on this unit's database; nested calls join the running one. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
}
