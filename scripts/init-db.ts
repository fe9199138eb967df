/**
 * Creates `{DATA_DIR}/vigil.db` (default ./data), applies the migrations and seeds the demo
 * data when the database is new. The server does the same at start; setup runs it so a fresh
 * machine has its database before the first start.
 */
import { loadConfig } from '../sync-server/src/config.js';
import { openDatabase } from '../sync-server/src/store/sqlite/database.js';
import { seedDemoData } from '../sync-server/src/demo/seed.js';
import { createLogger } from '../sync-server/src/log.js';

const config = loadConfig();
const log = createLogger();
const { db, created } = openDatabase(config.dataDir, log);
if (created && config.seedDemo) {
  await seedDemoData(db);
  log.info({ dataDir: config.dataDir }, 'demo data seeded');
} else {
  log.info({ dataDir: config.dataDir }, created ? 'database created' : 'database up to date');
}
db.close();
