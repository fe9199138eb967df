import Database from 'better-sqlite3';
import path from 'node:path';
import { DATABASE_FILE, immediateTransactions, type Db } from './database.js';

/*
 * Issue 36 item 4: tests outside store/ read the server's database through the stores. These are
 * the few facts about the file itself that no store method answers; the server never calls them.
 */

/**
 * Opens a server's existing `{dataDir}/vigil.db` as the server left it (no migration, no pragma
 * that changes the file), foreign keys on and waiting on the server's locks, for a test to hand to
 * the store classes.
 */
export function openDatabaseFile(dataDir: string, options: { readonly?: boolean } = {}): Db {
  const db = new Database(path.join(dataDir, DATABASE_FILE), {
    readonly: options.readonly === true,
    fileMustExist: true,
  });
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // As the server's own connection: a commit waits for the WAL write, not for the disk.
  if (options.readonly !== true) db.pragma('synchronous = NORMAL');
  // A test that writes beside the server takes the write lock at BEGIN, as the server does.
  return options.readonly === true ? db : immediateTransactions(db);
}

/** What the server made of the file: its journal mode, its schema version and the demo data's version. */
export function databaseFacts(db: Db): { journalMode: string; userVersion: number; demoSeedVersion: string | null } {
  const seeded = db.prepare("SELECT value FROM app_meta WHERE key = 'demoSeedVersion'").get() as
    { value: string } | undefined;
  return {
    journalMode: db.pragma('journal_mode', { simple: true }) as string,
    userVersion: db.pragma('user_version', { simple: true }) as number,
    demoSeedVersion: seeded?.value ?? null,
  };
}
