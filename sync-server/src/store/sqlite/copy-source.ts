import { serialized } from '../resources/transactions.js';
import type { Db } from './database.js';

/*
 * The SQLite side of the copy to PostgreSQL (issue 43, store/postgres/copy.ts): a table's
 * columns and its rows a batch at a time, in rowid order (column order for WITHOUT ROWID tables).
 */

/** The SQLite connection the copy reads. */
export type SqliteSource = Db;

/** Rows read per batch. */
export const BATCH = 500;

/** The column names of a SQLite table. */
export function sqliteColumns(db: Db, table: string): Promise<string[]> {
  return serialized(db, () =>
    (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name),
  );
}

/** Whether a SQLite table has rowids (not WITHOUT ROWID). */
export function hasRowid(db: Db, table: string): Promise<boolean> {
  return serialized(db, () => {
    const row = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) as
      { sql: string } | undefined;
    return !/WITHOUT\s+ROWID/i.test(row?.sql ?? '');
  });
}

export function sqliteRows(
  db: Db,
  query: { table: string; select: string; order: string },
  offset: number,
): Promise<Record<string, unknown>[]> {
  const sql = `SELECT ${query.select} FROM "${query.table}" ORDER BY ${query.order} LIMIT ? OFFSET ?`;
  return serialized(db, () => db.prepare(sql).all(BATCH, offset) as Record<string, unknown>[]);
}
