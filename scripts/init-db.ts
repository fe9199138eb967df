/**
 * Creates `{DATA_DIR}/vigil.db` (default ./data), or migrates PostgreSQL with DATABASE_URL
 * (issue 43), applies the migrations and seeds the demo data when the database is new. The
 * server does the same at start; setup runs it so a fresh machine has its database before the
 * first start.
 */
import { loadConfig } from '../sync-server/src/config.js';
import { seedDemoStorage } from '../sync-server/src/demo/seed.js';
import { createLogger } from '../sync-server/src/log.js';
import { openStorage } from '../sync-server/src/store/select.js';

const config = loadConfig();
const log = createLogger();
const storage = await openStorage(config, log);
const where = config.databaseUrl ? { engine: 'postgres' } : { dataDir: config.dataDir };
try {
  if (storage.created && config.seedDemo) {
    await seedDemoStorage(storage);
    log.info(where, 'demo data seeded');
  } else {
    log.info(where, storage.created ? 'database created' : 'database up to date');
  }
} finally {
  await storage.close();
}
