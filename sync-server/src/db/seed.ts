import type { Db } from './database.js';

/** Bumped whenever the demo data grows, so an existing demo database can tell what it holds. */
export const DEMO_SEED_VERSION = 1;

/** The demo user (README "Sign in with the demo user"): verified email, email MFA set up. */
export const DEMO_USER = {
  id: 'usr-demo0000000000',
  name: 'Dr. Demo Sedationist, DDS',
  email: 'demo@vigil.health',
  password: 'vigil demo password',
  /** argon2id (m=19456, t=2, p=1) of the password above, computed once so seeding stays synchronous. */
  passwordHash: '$argon2id$v=19$m=19456,p=1,t=2$nLt0Qiwnl4TpoNEv5R//DA$u2cnR6A1o+MuXbkrfer01NjCUgP/+v5wGfMz6lnmsZY',
} as const;

/**
 * Seeds the demo data into a new database. Later issues add the demo organisation, patients
 * and today's appointments as their tables arrive; each part is written in one transaction so
 * a half-seeded database never exists.
 */
export function seedDemoData(db: Db, now: Date = new Date()): void {
  db.transaction(() => {
    const put = db.prepare('INSERT OR REPLACE INTO app_meta (key, value) VALUES (?, ?)');
    put.run('demoSeedVersion', String(DEMO_SEED_VERSION));
    put.run('demoSeededAt', now.toISOString());
    const at = now.getTime();
    db.prepare(
      `INSERT OR IGNORE INTO users (id, name, email, email_verified, password_hash, created_at, updated_at)
       VALUES (?, ?, ?, 1, ?, ?, ?)`,
    ).run(DEMO_USER.id, DEMO_USER.name, DEMO_USER.email, DEMO_USER.passwordHash, at, at);
    db.prepare(
      `INSERT OR IGNORE INTO mfa_options (user_id, channel, to_address, verified, created_at) VALUES (?, 'email', ?, 1, ?)`,
    ).run(DEMO_USER.id, DEMO_USER.email, at);
  })();
}
