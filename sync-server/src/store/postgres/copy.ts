import { createHash } from 'node:crypto';
import { BATCH, hasRowid, sqliteColumns, sqliteRows, type SqliteSource } from '../sqlite/copy-source.js';
import type { PostgresDatabase } from './unit-of-work.js';

/*
 * Copies an office's data from its SQLite file into a migrated, empty PostgreSQL database (issue
 * 43, `npm run copy-to-postgres`), table by table in one transaction: every table PostgreSQL's
 * migrations made that SQLite also has, the columns both have (a PostgreSQL `row_id` identity
 * takes SQLite's rowid, so the order SQLite kept is kept), in rowid order. Identity sequences are
 * moved past the copied rows (setval), so new rows never collide. Then each table is verified:
 * the same row count and the same SHA-256 over its rows on both sides (in row_id order where
 * PostgreSQL keeps SQLite's rowid; over the sorted hashes of its rows otherwise).
 */

/** One copied table: its rows and whether the hashes of both sides matched. */
export interface CopiedTable {
  table: string;
  rows: number;
  verified: boolean;
}

/** Bookkeeping of each side, never copied. */
const SKIPPED = new Set(['schema_migrations', 'sqlite_sequence']);

/** A value as both sides hash it: bytes as hex, numbers and text as text, null as null. */
function canonical(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function hashRows(rows: readonly Record<string, unknown>[], columns: readonly string[]): string {
  const hash = createHash('sha256');
  for (const row of rows) hash.update(JSON.stringify(columns.map((c) => canonical(row[c]))));
  return hash.digest('hex');
}

/**
 * The hash of a table without a row_id, whatever the order its rows come in: each row's SHA-256,
 * sorted, hashed together (the two sides' collations need not agree on an order).
 */
function hashRowSet(rowHashes: string[]): string {
  const hash = createHash('sha256');
  for (const h of rowHashes.sort()) hash.update(h);
  return hash.digest('hex');
}

const rowHash = (row: Record<string, unknown>, columns: readonly string[]): string =>
  createHash('sha256')
    .update(JSON.stringify(columns.map((c) => canonical(row[c]))))
    .digest('hex');

/** Copies every shared table from `sqlite` into `pg` and verifies it; throws (rolling everything back) when a table differs. */
export async function copySqliteToPostgres(sqlite: SqliteSource, pg: PostgresDatabase): Promise<CopiedTable[]> {
  const { rows: tables } = await pg.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const copied: CopiedTable[] = [];
  await pg.transaction(async () => {
    // Foreign keys and triggers wait: tables are copied in name order, not in dependency order.
    await pg.query('SET LOCAL session_replication_role = replica');
    for (const { table_name: table } of tables) {
      if (SKIPPED.has(table)) continue;
      const inSqlite = new Set(await sqliteColumns(sqlite, table));
      if (inSqlite.size === 0) continue;
      const { rows: pgColumns } = await pg.query<{ column_name: string; is_identity: string }>(
        `SELECT column_name, is_identity FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      );
      const rowid = await hasRowid(sqlite, table);
      const columns = pgColumns.map((c) => c.column_name).filter((c) => inSqlite.has(c) || (c === 'row_id' && rowid));
      const select = columns.map((c) => (c === 'row_id' && !inSqlite.has(c) ? 'rowid AS row_id' : `"${c}"`)).join(', ');
      const order = rowid ? 'rowid' : columns.map((c) => `"${c}"`).join(', ');
      await pg.query(`DELETE FROM "${table}"`);
      let count = 0;
      const sqliteHash = createHash('sha256');
      const sqliteRowHashes: string[] = [];
      for (let offset = 0; ; offset += BATCH) {
        const batch = await sqliteRows(sqlite, { table, select, order }, offset);
        if (batch.length === 0) break;
        for (const row of batch) sqliteHash.update(JSON.stringify(columns.map((c) => canonical(row[c]))));
        for (const row of batch) sqliteRowHashes.push(rowHash(row, columns));
        const values = batch.map(
          (_row, r) => `(${columns.map((_c, i) => `$${r * columns.length + i + 1}`).join(', ')})`,
        );
        await pg.query(
          `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) OVERRIDING SYSTEM VALUE VALUES ${values.join(', ')}`,
          batch.flatMap((row) => columns.map((c) => row[c] ?? null)),
        );
        count += batch.length;
      }
      for (const c of pgColumns.filter((col) => col.is_identity === 'YES')) {
        await pg.query(
          `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT max("${c.column_name}") FROM "${table}"), 1), (SELECT count(*) > 0 FROM "${table}"))`,
          [`"${table}"`, c.column_name],
        );
      }
      const pgOrder = columns.includes('row_id') ? '"row_id"' : columns.map((c) => `"${c}"`).join(', ');
      const { rows: back } = await pg.query(
        `SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}" ORDER BY ${pgOrder}`,
      );
      // With a row_id, the rows in SQLite's order; without, the set of rows.
      const same = columns.includes('row_id')
        ? hashRows(back, columns) === sqliteHash.digest('hex')
        : hashRowSet(back.map((row) => rowHash(row, columns))) === hashRowSet(sqliteRowHashes);
      const verified = back.length === count && same;
      if (!verified)
        throw new Error(`${table}: the copy differs from SQLite (${count} rows read, ${back.length} stored)`);
      copied.push({ table, rows: count, verified });
    }
  });
  return copied;
}

/** Whether the PostgreSQL database already holds accounts or organisations (the copy replaces every table it copies). */
export async function postgresHasData(pg: PostgresDatabase): Promise<boolean> {
  const { rows } = await pg.query<{ used: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM orgs) AS used',
  );
  return rows[0]?.used === true;
}
