import type { Db } from './database.js';
import { runTransaction, type TransactionHooks } from '../resources/transactions.js';

/** BEGIN IMMEDIATE … COMMIT on the connection; nested transactions are savepoints. */
export function sqliteHooks(db: Db): TransactionHooks {
  return {
    // Prepared (and so kept by the connection's statement cache), not parsed at each transaction.
    begin: () => db.prepare('BEGIN IMMEDIATE').run(),
    commit: () => db.prepare('COMMIT').run(),
    rollback: () => {
      if (db.inTransaction) db.prepare('ROLLBACK').run();
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
