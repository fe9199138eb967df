import type { Migration } from '../sqlite/migrations.js';

/**
 * Issue 35 item 4: one current signed PDF per case, held by the database. Registered in
 * MIGRATIONS (sqlite/migrations.ts) by one line; released migrations are never edited.
 */
export const ONE_CURRENT_PDF_MIGRATION: Migration = {
  version: 90,
  name: 'report PDFs: one current signed PDF per case',
  sql: `
    -- Concurrent finalizes could leave several current PDFs of one case. The newest (the last
    -- finalize committed, the one the case's Composition and Appointment link to) stays current;
    -- the others are kept as records, superseded by 'duplicate:{the kept PDF's id}'
    -- (docs/decisions.md, issue 35). The kept row is never updated here, so it stays the newest
    -- current one while the others are marked.
    UPDATE report_pdfs AS p
    SET superseded_by = 'duplicate:' || (
      SELECT k.pdf_id FROM report_pdfs AS k
      WHERE k.org_id = p.org_id AND k.composition_id = p.composition_id AND k.superseded_by IS NULL
      ORDER BY k.created_at DESC, k.rowid DESC LIMIT 1
    )
    WHERE p.superseded_by IS NULL
      AND p.rowid <> (
        SELECT k.rowid FROM report_pdfs AS k
        WHERE k.org_id = p.org_id AND k.composition_id = p.composition_id AND k.superseded_by IS NULL
        ORDER BY k.created_at DESC, k.rowid DESC LIMIT 1
      );
    CREATE UNIQUE INDEX report_pdfs_one_current ON report_pdfs (org_id, composition_id) WHERE superseded_by IS NULL;
  `,
};
