import type { Db } from './database.js';

/** Bumped whenever the demo data grows, so an existing demo database can tell what it holds. */
export const DEMO_SEED_VERSION = 1;

/**
 * Seeds the demo data into a new database. Later issues add the demo user, organisation,
 * patients and today's appointments as their tables arrive; each part is written in one
 * transaction so a half-seeded database never exists.
 */
export function seedDemoData(db: Db, now: Date = new Date()): void {
  db.transaction(() => {
    const put = db.prepare('INSERT OR REPLACE INTO app_meta (key, value) VALUES (?, ?)');
    put.run('demoSeedVersion', String(DEMO_SEED_VERSION));
    put.run('demoSeededAt', now.toISOString());
  })();
}
