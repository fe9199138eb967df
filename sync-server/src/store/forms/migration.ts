import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 28: organisation forms and the patient's form links. Registered in MIGRATIONS
 * (sqlite/migrations.ts) by one line; released migrations are never edited.
 */
export const FORMS_MIGRATION: Migration = {
  version: 70,
  name: 'organisation forms and patient form links',
  sql: `
    -- An organisation's forms (spec 000 §3 "Org form"). fields is JSON [{ name, label, type, required }].
    -- A deleted form keeps its row (deleted_at) so a task sent before the delete still opens.
    CREATE TABLE org_forms (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      type TEXT NOT NULL CHECK (type IN ('patientContract', 'textBody')),
      name TEXT NOT NULL,
      markdown TEXT NOT NULL,
      challenge INTEGER NOT NULL DEFAULT 0,
      add_to_all INTEGER NOT NULL DEFAULT 0,
      fields TEXT NOT NULL,
      created_by TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      deleted_at INTEGER
    ) STRICT;
    CREATE INDEX org_forms_by_org ON org_forms (org_id, deleted_at);

    -- The link a patient opens (issue 28): only the SHA-256 of the token is kept. Single use
    -- (used_at), expiring (expires_at), with a count of failed birth-date challenges.
    CREATE TABLE patient_form_links (
      token_hash TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
      task_id TEXT NOT NULL,
      appointment_id TEXT NOT NULL,
      patient_id TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER,
      revoked_at INTEGER,
      failed_challenges INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    CREATE INDEX patient_form_links_by_task ON patient_form_links (org_id, task_id);
  `,
};
