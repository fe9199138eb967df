/**
 * Issue 43: copies an office's data from SQLite to PostgreSQL.
 *
 *   DATABASE_URL=postgres://… node --import tsx scripts/copy-to-postgres.ts [--replace]
 *
 * reads `{DATA_DIR}/vigil.db` (stop the server first), migrates the PostgreSQL database if needed
 * and copies every table both have in one transaction, identities moved past the copied rows, then
 * verifies each table's row count and row hash (store/postgres/copy.ts). A PostgreSQL database
 * that already holds accounts or organisations is refused unless `--replace` is given.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../sync-server/src/config.js';
import { createLogger } from '../sync-server/src/log.js';
import { copySqliteToPostgres, postgresHasData } from '../sync-server/src/store/postgres/copy.js';
import { openStorage, sqliteStorage } from '../sync-server/src/store/select.js';
import { DATABASE_FILE } from '../sync-server/src/store/sqlite/database.js';

async function main(args: readonly string[]): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    process.stderr.write('DATABASE_URL (postgres://…) names the database to copy into.\n');
    return 2;
  }
  if (!existsSync(path.join(config.dataDir, DATABASE_FILE))) {
    process.stderr.write(`No ${DATABASE_FILE} under ${config.dataDir} (DATA_DIR).\n`);
    return 2;
  }
  const sqlite = sqliteStorage(config.dataDir);
  const target = await openStorage(config, createLogger('fatal'));
  try {
    const sqliteDb = sqlite.sqlite;
    if (!target.postgres || !sqliteDb) return 2;
    if ((await postgresHasData(target.postgres)) && !args.includes('--replace')) {
      process.stderr.write(
        'The PostgreSQL database already holds accounts or organisations: --replace to overwrite.\n',
      );
      return 1;
    }
    const copied = await copySqliteToPostgres(sqliteDb, target.postgres);
    for (const t of copied) process.stdout.write(`${t.table}: ${t.rows} rows, verified\n`);
    process.stdout.write(`Copied ${copied.length} tables.\n`);
    return 0;
  } finally {
    await target.close();
    await sqlite.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
