import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 29: an organisation's sign-off policies. Registered in MIGRATIONS (sqlite/migrations.ts)
 * by one line; released migrations are never edited.
 */
export const POLICIES_MIGRATION: Migration = {
  version: 85,
  name: 'sign-off policies',
  sql: `
    -- One policy per organisation, rule subject and rule (spec 001 §7): block, warn or off, for
    -- the sedation levels listed (JSON array; empty = every level).
    CREATE TABLE org_policies (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      rule_subject TEXT NOT NULL CHECK (rule_subject IN ('anesthesiaRecord')),
      rule_type TEXT NOT NULL,
      rule_value TEXT NOT NULL CHECK (rule_value IN ('block', 'warn', 'off')),
      levels TEXT NOT NULL,
      updated_by TEXT,
      updated_at INTEGER NOT NULL,
      UNIQUE (org_id, rule_subject, rule_type)
    ) STRICT;
  `,
};
