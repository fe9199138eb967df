import type { Db } from './database.js';
import { runTransaction, type TransactionHooks } from '../resources/transactions.js';

/** BEGIN IMMEDIATE … COMMIT on the connection; nested transactions are savepoints. */
export function sqliteHooks(db: Db): TransactionHooks {
  return {
    begin: () => db.exec('BEGIN IMMEDIATE'),
    commit: () => db.exec('COMMIT'),
    rollback: () => {
      if (db.inTransaction) db.exec('ROLLBACK');
    },
    savepoint: (name) => db.exec(`SAVEPOINT ${name}`),
    release: (name) => db.exec(`RELEASE ${name}`),
    rollbackTo: (name) => db.exec(`ROLLBACK TO ${name}`),
  };
}

/**
 * Runs `fn` in a transaction on the connection, through the database's one transaction queue
 * (store/resources/transactions.ts): every store on this connection that writes inside `fn`
 * commits with it.
 */
export function sqliteTransaction<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  return runTransaction(db, sqliteHooks(db), fn);
}
