import type { Db } from './sqlite/database.js';
import { sqliteTransaction } from './sqlite/transaction.js';
import type { UnitOfWork } from './unit-of-work.js';

/** The unit of work of a SQLite connection: every store built on `db` commits or rolls back with it. */
export function sqliteUnitOfWork(db: Db): UnitOfWork {
  return { transaction: (fn) => sqliteTransaction(db, fn) };
}
