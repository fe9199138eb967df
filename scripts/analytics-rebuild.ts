/**
 * Rebuilds the analytics read model from scratch (issue 41; README "Administration"):
 *
 *   npm run analytics:rebuild
 *
 * empties the per-case facts of `{DATA_DIR}/vigil.db` (default ./data) and computes them again
 * from every organisation's anesthesia records, in one transaction; the change-feed consumer of a
 * running server goes on from where the rebuild leaves its cursor. Prints how many cases it holds.
 */
import { loadConfig } from '../sync-server/src/config.js';
import { rebuildAnalytics } from '../sync-server/src/services-analytics.js';
import { openDatabase } from '../sync-server/src/store/sqlite/database.js';

const { db } = openDatabase(loadConfig().dataDir);
try {
  const cases = await rebuildAnalytics(db);
  process.stdout.write(`Analytics read model rebuilt: ${cases} cases.\n`);
} finally {
  db.close();
}
