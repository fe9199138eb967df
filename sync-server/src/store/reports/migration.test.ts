import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../sqlite/database.js';
import { MIGRATIONS } from '../sqlite/migrations.js';
import { ONE_CURRENT_PDF_MIGRATION } from './migration.js';

/** A database migrated up to the one-current-PDF migration, not including it. */
function databaseBefore(): Database.Database {
  const db = new Database(':memory:');
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version < ONE_CURRENT_PDF_MIGRATION.version),
  );
  return db;
}

function insertPdf(
  db: Database.Database,
  pdfId: string,
  compositionId: string,
  createdAt: number,
  superseded: string | null = null,
): void {
  db.prepare(
    `INSERT INTO report_pdfs (org_id, pdf_id, composition_id, patient_id, sha256, title, signer_name, signature,
       signature_time, signed_by, time_zone, addenda_count, superseded_by, created_at)
     VALUES ('dental', ?, ?, NULL, 'sha', 'T', 'Dr A', 'M 1 1', ?, 'usr-a', 'UTC', 0, ?, ?)`,
  ).run(pdfId, compositionId, createdAt, superseded, createdAt);
}

describe('migration 90: one current signed PDF per case', () => {
  it('keeps the newest of a case’s duplicate current PDFs and sets the others aside as duplicates of it', () => {
    const db = databaseBefore();
    // Five finalizes of case-1 raced (issue 35 item 4); case-2 had an addendum; case-3 one PDF.
    for (const [i, t] of [1_000, 1_001, 1_001, 1_003, 1_002].entries()) insertPdf(db, `dup-${i}`, 'case-1', t);
    insertPdf(db, 'old', 'case-2', 500, 'new');
    insertPdf(db, 'new', 'case-2', 600);
    insertPdf(db, 'only', 'case-3', 700);
    migrate(db);
    const rows = db.prepare('SELECT pdf_id, superseded_by FROM report_pdfs ORDER BY composition_id, rowid').all() as {
      pdf_id: string;
      superseded_by: string | null;
    }[];
    expect(rows.map((r) => [r.pdf_id, r.superseded_by])).toEqual([
      ['dup-0', 'duplicate:dup-3'],
      ['dup-1', 'duplicate:dup-3'],
      ['dup-2', 'duplicate:dup-3'],
      ['dup-3', null],
      ['dup-4', 'duplicate:dup-3'],
      ['old', 'new'],
      ['new', null],
      ['only', null],
    ]);
  });

  it('then refuses a second current PDF of a case in the database itself', () => {
    const db = databaseBefore();
    migrate(db);
    insertPdf(db, 'first', 'case-1', 1_000);
    expect(() => insertPdf(db, 'second', 'case-1', 1_001)).toThrow(/UNIQUE constraint failed/);
    insertPdf(db, 'earlier', 'case-1', 900, 'first');
  });
});
