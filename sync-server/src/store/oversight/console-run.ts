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

/** The longest value the console shows whole; a longer one is cut and says how long it was. */
export const DB_CONSOLE_MAX_CELL_CHARS = 10_000;
/** The characters an answer holds at most (all its cells): the rows past it are left out, said so. */
export const DB_CONSOLE_MAX_ANSWER_CHARS = 1_000_000;

/** A value as the console shows it: SQLite's numbers, text and bigints as text, a blob by its size, NULL as null. */
export function cellText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) return `<${v.length} bytes>`;
  const text =
    typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? v.toString() : JSON.stringify(v);
  return text.length > DB_CONSOLE_MAX_CELL_CHARS
    ? `${text.slice(0, DB_CONSOLE_MAX_CELL_CHARS)}… (${text.length} characters)`
    : text;
}

/**
 * [DB1] Runs one statement on the read-only connection: refused before preparing unless of a
 * reading kind, refused unless SQLite calls it read-only and returning rows; at most `maxRows`
 * rows and 1,000,000 characters, a value longer than 10,000 characters cut.
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
  let chars = 0;
  for (const row of stmt.iterate() as Iterable<unknown[]>) {
    const cells = row.map(cellText);
    chars += cells.reduce((n, c) => n + (c?.length ?? 0), 0);
    if (rows.length === maxRows || chars > DB_CONSOLE_MAX_ANSWER_CHARS) {
      truncated = true;
      break;
    }
    rows.push(cells);
  }
  return { columns, rows, truncated };
}
