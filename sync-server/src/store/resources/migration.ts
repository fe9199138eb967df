import type { Migration } from '../sqlite/migrations.js';

/**
 * FHIR resources in PostgreSQL (issue 43), under the version of SQLite's migration 20 that
 * created them, in today's shape: SQLite's later additions (migration 50's lookup by id,
 * migration 55's append-only AuditEvents) are part of it. Text that is compared or sorted
 * (instants, search values, ids) is `COLLATE "C"`: code-point order, as SQLite's and the memory
 * store's, whatever the database's default collation. The JSON stays text, byte for byte as
 * written (jsonb would reorder keys and lose what the audit chain hashes).
 */
export const RESOURCES_PG_MIGRATION: Migration = {
  version: 20,
  name: 'FHIR resources, version history and search index',
  sql: `
    CREATE TABLE resources (
      org_id TEXT NOT NULL,
      resource_type TEXT NOT NULL,
      id TEXT COLLATE "C" NOT NULL,
      version_id BIGINT NOT NULL,
      last_updated TEXT COLLATE "C" NOT NULL,
      deleted INTEGER NOT NULL DEFAULT 0,
      json TEXT,
      PRIMARY KEY (org_id, resource_type, id)
    );
    CREATE INDEX resources_last_updated ON resources (org_id, resource_type, deleted, last_updated, id);

    CREATE TABLE resource_history (
      org_id TEXT NOT NULL,
      resource_type TEXT NOT NULL,
      id TEXT COLLATE "C" NOT NULL,
      version_id BIGINT NOT NULL,
      last_updated TEXT COLLATE "C" NOT NULL,
      deleted INTEGER NOT NULL DEFAULT 0,
      json TEXT,
      PRIMARY KEY (org_id, resource_type, id, version_id)
    );
    CREATE INDEX resource_history_by_id ON resource_history (id, version_id);

    CREATE TABLE resource_search (
      org_id TEXT NOT NULL,
      resource_type TEXT NOT NULL,
      id TEXT COLLATE "C" NOT NULL,
      name TEXT NOT NULL,
      value TEXT COLLATE "C" NOT NULL,
      FOREIGN KEY (org_id, resource_type, id) REFERENCES resources (org_id, resource_type, id) ON DELETE CASCADE
    );
    CREATE INDEX resource_search_lookup ON resource_search (org_id, resource_type, name, value, id);
    CREATE INDEX resource_search_resource ON resource_search (org_id, resource_type, id);

    -- FHIR AuditEvents are append-only in the database too (SQLite's migration 55).
    CREATE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'AuditEvent is append-only'; END $$;
    CREATE TRIGGER resources_audit_event_no_change BEFORE UPDATE OR DELETE ON resources
      FOR EACH ROW WHEN (OLD.resource_type = 'AuditEvent') EXECUTE FUNCTION audit_event_append_only();
    CREATE TRIGGER resource_history_audit_event_no_change BEFORE UPDATE OR DELETE ON resource_history
      FOR EACH ROW WHEN (OLD.resource_type = 'AuditEvent') EXECUTE FUNCTION audit_event_append_only();
  `,
};
