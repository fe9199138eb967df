import type { Migration } from '../migrations.js';

/** Migrations 40–55: signed report PDFs and links, organisation billing, signed records and id ownership, the audit hash chain. Released: never edit one, add the next number. */
export const MIGRATIONS_40_TO_55: readonly Migration[] = [
  {
    version: 40,
    name: 'signed report PDFs, addenda and short-lived PDF links',
    sql: `
      -- Every PDF a case's report was printed to (finalize, then each addendum); the newest of a
      -- case has superseded_by NULL, earlier ones stay as the record of what was signed then.
      CREATE TABLE report_pdfs (
        org_id TEXT NOT NULL,
        pdf_id TEXT NOT NULL,
        composition_id TEXT NOT NULL,
        patient_id TEXT,
        sha256 TEXT NOT NULL,
        title TEXT NOT NULL,
        signer_name TEXT NOT NULL,
        signature TEXT NOT NULL,
        signature_time INTEGER NOT NULL,
        signed_by TEXT NOT NULL,
        time_zone TEXT NOT NULL,
        addenda_count INTEGER NOT NULL DEFAULT 0,
        superseded_by TEXT,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (org_id, pdf_id)
      ) STRICT;
      CREATE INDEX report_pdfs_by_case ON report_pdfs (org_id, composition_id, created_at);
      CREATE INDEX report_pdfs_by_time ON report_pdfs (org_id, superseded_by, signature_time);

      -- Signed addenda of a finalized case (spec 001 §3, §5), in order.
      CREATE TABLE report_addenda (
        org_id TEXT NOT NULL,
        composition_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        title TEXT NOT NULL,
        text TEXT NOT NULL,
        signer_name TEXT NOT NULL,
        signature TEXT NOT NULL,
        signature_time INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        PRIMARY KEY (org_id, composition_id, seq)
      ) STRICT;

      -- Short-lived links to a PDF (pdfUrl, spec 000 §7): an unguessable token, for one user.
      CREATE TABLE report_pdf_links (
        token TEXT PRIMARY KEY,
        org_id TEXT NOT NULL,
        pdf_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 45,
    name: 'organisations: billing name and shipping address',
    sql: `
      -- Billing and shipping addresses (spec 000 §3, §5; doUpdateOrgBillingAddresses): the billing
      -- address is the organisation's address lines with this name; shipping NULL means the same
      -- as billing, else JSON { name, address: { line1, line2, city, state, postal_code, country } }.
      ALTER TABLE orgs ADD COLUMN billing_name TEXT;
      ALTER TABLE orgs ADD COLUMN shipping_address TEXT;
    `,
  },
  {
    version: 50,
    name: 'signed records and id ownership: lookups by id, single-use shared PDF links',
    sql: `
      -- An id belongs to one organisation forever (issue 24 item 2): every path that takes a
      -- client-chosen id looks it up across organisations, by id alone.
      CREATE INDEX resource_history_by_id ON resource_history (id, version_id);
      CREATE INDEX sync_documents_by_doc ON sync_documents (doc_id);
      -- PDF links (issue 24 item 7): a link is bound to the user who asked for it, or, when asked
      -- for sharing, works once for whoever holds it (used_at set by the download).
      ALTER TABLE report_pdf_links ADD COLUMN single_use INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE report_pdf_links ADD COLUMN used_at INTEGER;
    `,
  },
  {
    version: 55,
    name: 'audit: FHIR AuditEvents append-only, hash chain over every audit record',
    sql: `
      -- FHIR AuditEvents (issue 24 item 7) are append-only in the database too, like
      -- audit_events: no version of one may be changed or removed, whatever the code does.
      CREATE TRIGGER resources_audit_event_no_update BEFORE UPDATE ON resources
        WHEN OLD.resource_type = 'AuditEvent'
        BEGIN SELECT RAISE(ABORT, 'AuditEvent is append-only'); END;
      CREATE TRIGGER resources_audit_event_no_delete BEFORE DELETE ON resources
        WHEN OLD.resource_type = 'AuditEvent'
        BEGIN SELECT RAISE(ABORT, 'AuditEvent is append-only'); END;
      CREATE TRIGGER resource_history_audit_event_no_update BEFORE UPDATE ON resource_history
        WHEN OLD.resource_type = 'AuditEvent'
        BEGIN SELECT RAISE(ABORT, 'AuditEvent is append-only'); END;
      CREATE TRIGGER resource_history_audit_event_no_delete BEFORE DELETE ON resource_history
        WHEN OLD.resource_type = 'AuditEvent'
        BEGIN SELECT RAISE(ABORT, 'AuditEvent is append-only'); END;

      -- The hash chain over every audit record (audit_events rows and FHIR AuditEvents): one
      -- link per record, in sealing order, holding the previous link's hash and its own
      -- (SHA-256 of that hash and the record's content). Written by the server (sealAuditChain),
      -- checked by npm run admin -- audit-check. Append-only as well.
      CREATE TABLE audit_chain (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        source TEXT NOT NULL CHECK (source IN ('audit_events', 'AuditEvent')),
        source_row INTEGER NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL,
        sealed_at INTEGER NOT NULL,
        UNIQUE (source, source_row)
      ) STRICT;
      CREATE TRIGGER audit_chain_no_update BEFORE UPDATE ON audit_chain
        BEGIN SELECT RAISE(ABORT, 'audit_chain is append-only'); END;
      CREATE TRIGGER audit_chain_no_delete BEFORE DELETE ON audit_chain
        BEGIN SELECT RAISE(ABORT, 'audit_chain is append-only'); END;
    `,
  },
];
