/**
 * The database console's child process (issue 41, `/vigil-team/db-console`): opens the server's
 * database file read-only and runs the statements the parent (ReadOnlyConsole) posts, one at a
 * time. A separate process, not a worker thread: SQLite's step loop is native code, which
 * `Worker.terminate()` cannot interrupt (an endless recursive CTE kept the worker, and the
 * server's exit, waiting); a process is ended by SIGKILL whatever it runs.
 */
import Database from 'better-sqlite3';
import { serialized } from '../resources/transactions.js';
import { ConsoleRefusal } from './types.js';
import { runConsoleStatement, type ConsoleJob, type ConsoleReply } from './console-run.js';

const file = process.argv[2];
if (!file) process.exit(2);
const db = new Database(file, { readonly: true, fileMustExist: true });

process.on('message', (job: ConsoleJob) => void answer(job));

async function answer(job: ConsoleJob): Promise<void> {
  let reply: ConsoleReply;
  try {
    reply = { id: job.id, answer: await serialized(db, () => runConsoleStatement(db, job.sql, job.maxRows)) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // Refused: the console's own checks, and SQLite's errors (SqliteError has a code); else a fault.
    const refused = err instanceof ConsoleRefusal || (err instanceof Error && 'code' in err);
    reply = refused ? { id: job.id, refused: message } : { id: job.id, error: message };
  }
  process.send?.(reply);
}
// Ready once the file is open: the parent's time limit counts from here, not the process's start.
process.send?.({ ready: true });
process.on('disconnect', () => {
  db.close();
  process.exit(0);
});
