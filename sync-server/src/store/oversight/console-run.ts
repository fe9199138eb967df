import type Database from 'better-sqlite3';
import { assertSerialized } from '../resources/transactions.js';
import { ConsoleRefusal, consoleStatementRefusal, type ConsoleAnswer } from './types.js';

/** A statement posted to the console's child process. */
export interface ConsoleJob {
  id: number;
  sql: string;
  maxRows: number;
}

/** The child's answer: the rows, or why the statement was refused (SQLite's message when it would not prepare). */
export interface ConsoleReply {
  id: number;
  answer?: ConsoleAnswer;
  refused?: string;
  /** A fault that is not the statement's (the parent answers it as an error, not a refusal). */
  error?: string;
}

/** A value as the console shows it: SQLite's numbers, text and bigints as text, a blob by its size, NULL as null. */
function cellText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) return `<${v.length} bytes>`;
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? v.toString() : JSON.stringify(v);
}

/**
 * [DB1] Runs one statement on the read-only connection: refused before preparing unless of a
 * reading kind, refused unless SQLite calls it read-only and returning rows; at most `maxRows`.
 */
export function runConsoleStatement(db: Database.Database, sql: string, maxRows: number): ConsoleAnswer {
  assertSerialized(db);
  const refusal = consoleStatementRefusal(sql);
  if (refusal !== null) throw new ConsoleRefusal(refusal);
  let stmt: Database.Statement;
  try {
    stmt = db.prepare(sql);
  } catch (err) {
    throw new ConsoleRefusal(err instanceof Error ? err.message : 'The statement could not be read');
  }
  if (!stmt.readonly || !stmt.reader) throw new ConsoleRefusal('Only a statement that reads rows may run here');
  stmt.raw(true);
  const columns = stmt.columns().map((c) => c.name);
  const rows: (string | null)[][] = [];
  let truncated = false;
  for (const row of stmt.iterate() as Iterable<unknown[]>) {
    if (rows.length === maxRows) {
      truncated = true;
      break;
    }
    rows.push(row.map(cellText));
  }
  return { columns, rows, truncated };
}
