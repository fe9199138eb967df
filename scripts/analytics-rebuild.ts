/**
 * Rebuilds the analytics read model from scratch (issue 41; README "Administration"):
 *
 *   npm run analytics:rebuild
 *
 * empties the per-case facts of `{DATA_DIR}/vigil.db` (default ./data), or of PostgreSQL with
 * DATABASE_URL, and computes them again
 * from every organisation's anesthesia records, in one transaction; the change-feed consumer of a
 * running server goes on from where the rebuild leaves its cursor. Prints how many cases it holds.
 */
import { loadConfig } from '../sync-server/src/config.js';
import { createLogger } from '../sync-server/src/log.js';
import { rebuildAnalytics } from '../sync-server/src/services-analytics.js';
import { openStorage, storesOf } from '../sync-server/src/store/select.js';

const config = loadConfig();
const storage = await openStorage(config, createLogger('warn'));
try {
  const cases = await rebuildAnalytics(storesOf(storage, undefined, Date.now));
  process.stdout.write(`Analytics read model rebuilt: ${cases} cases.\n`);
} finally {
  await storage.close();
}
