import type { Migration } from '../sqlite/migrations.js';

/**
 * The EMR launch nonces in PostgreSQL (issue 43), under the version of SQLite's migration 25 that
 * created the table (sqlite/migrations/010-orgs-resources.ts): a launch token is single use.
 */
export const EMR_NONCES_PG_MIGRATION: Migration = {
  version: 25,
  name: 'accounts: EMR single-organisation sessions',
  sql: `
    CREATE TABLE emr_launch_nonces (
      nonce TEXT PRIMARY KEY,
      org_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      used_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    );
  `,
};
