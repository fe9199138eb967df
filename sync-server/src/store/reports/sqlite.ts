import type { Db } from '../sqlite/database.js';
import { serialized } from '../resources/transactions.js';
import { camelRow } from '../sqlite/rows.js';
import { sqliteTransaction } from '../sqlite/transaction.js';
import {
  CurrentPdfExistsError,
  type AddendumRecord,
  type NewAddendum,
  type ReportStore,
  type SignedPdfRecord,
} from './types.js';

interface PdfRow {
  org_id: string;
  pdf_id: string;
  composition_id: string;
  patient_id: string | null;
  sha256: string;
  title: string;
  signer_name: string;
  signature: string;
  signature_time: number;
  signed_by: string;
  time_zone: string;
  addenda_count: number;
  superseded_by: string | null;
  created_at: number;
}

const pdfRecord = (r: PdfRow): SignedPdfRecord => camelRow(r);

/** Signed reports over the server's SQLite database (report_pdfs, report_addenda). */
export class SqliteReportStore implements ReportStore {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      pdf: db.prepare<[string, string], PdfRow>('SELECT * FROM report_pdfs WHERE org_id = ? AND pdf_id = ?'),
      currentPdf: db.prepare<[string, string], PdfRow>(
        'SELECT * FROM report_pdfs WHERE org_id = ? AND composition_id = ? AND superseded_by IS NULL',
      ),
      pdfsOfCase: db.prepare<[string, string], PdfRow>(
        'SELECT * FROM report_pdfs WHERE org_id = ? AND composition_id = ? ORDER BY created_at, rowid',
      ),
      insertPdf: db.prepare<[PdfRow]>(
        `INSERT INTO report_pdfs (org_id, pdf_id, composition_id, patient_id, sha256, title, signer_name, signature,
           signature_time, signed_by, time_zone, addenda_count, superseded_by, created_at)
         VALUES (@org_id, @pdf_id, @composition_id, @patient_id, @sha256, @title, @signer_name, @signature,
           @signature_time, @signed_by, @time_zone, @addenda_count, @superseded_by, @created_at)`,
      ),
      supersede: db.prepare<[string, string, string]>(
        'UPDATE report_pdfs SET superseded_by = ? WHERE org_id = ? AND pdf_id = ?',
      ),
      addenda: db.prepare<
        [string, string, number],
        Omit<AddendumRecord, 'signerName' | 'signatureTime'> & {
          signer_name: string;
          signature_time: number;
        }
      >(
        `SELECT seq, title, text, signer_name, signature, signature_time FROM report_addenda
         WHERE org_id = ? AND composition_id = ? AND signature_time >= ? ORDER BY seq`,
      ),
      nextSeq: db.prepare<[string, string], { seq: number }>(
        'SELECT coalesce(max(seq), 0) + 1 AS seq FROM report_addenda WHERE org_id = ? AND composition_id = ?',
      ),
      insertAddendum: db.prepare(
        `INSERT INTO report_addenda (org_id, composition_id, seq, title, text, signer_name, signature, signature_time, user_id)
         VALUES (@orgId, @compositionId, @seq, @title, @text, @signerName, @signature, @signatureTime, @userId)`,
      ),
    };
  }

  pdf(orgId: string, pdfId: string): Promise<SignedPdfRecord | null> {
    return serialized(this.db, () => {
      const row = this.stmts.pdf.get(orgId, pdfId);
      return row ? pdfRecord(row) : null;
    });
  }

  currentPdf(orgId: string, compositionId: string): Promise<SignedPdfRecord | null> {
    return serialized(this.db, () => {
      const row = this.stmts.currentPdf.get(orgId, compositionId);
      return row ? pdfRecord(row) : null;
    });
  }

  pdfsOfCase(orgId: string, compositionId: string): Promise<SignedPdfRecord[]> {
    return serialized(this.db, () => {
      return this.stmts.pdfsOfCase.all(orgId, compositionId).map(pdfRecord);
    });
  }

  addPdf(pdf: Omit<SignedPdfRecord, 'supersededBy'>, supersedes: string | null): Promise<void> {
    return serialized(this.db, () => {
      const store = this.db.transaction(() => {
        // The replaced PDF stops being current first: the unique index report_pdfs_one_current
        // (migration 90) allows one current PDF per case.
        if (supersedes !== null) this.stmts.supersede.run(pdf.pdfId, pdf.orgId, supersedes);
        this.stmts.insertPdf.run({
          org_id: pdf.orgId,
          pdf_id: pdf.pdfId,
          composition_id: pdf.compositionId,
          patient_id: pdf.patientId,
          sha256: pdf.sha256,
          title: pdf.title,
          signer_name: pdf.signerName,
          signature: pdf.signature,
          signature_time: pdf.signatureTime,
          signed_by: pdf.signedBy,
          time_zone: pdf.timeZone,
          addenda_count: pdf.addendaCount,
          superseded_by: null,
          created_at: pdf.createdAt,
        });
      });
      try {
        store();
      } catch (err) {
        if ((err as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
          throw new CurrentPdfExistsError(pdf.orgId, pdf.compositionId);
        }
        throw err;
      }
    });
  }

  supersede(orgId: string, pdfId: string, by: string): Promise<void> {
    return serialized(this.db, () => {
      this.stmts.supersede.run(by, orgId, pdfId);
      return;
    });
  }

  addendaSince(orgId: string, compositionId: string, since: number): Promise<AddendumRecord[]> {
    return serialized(this.db, () => {
      return this.stmts.addenda.all(orgId, compositionId, since).map(camelRow);
    });
  }

  addAddendum(a: NewAddendum): Promise<number> {
    return serialized(this.db, () => {
      const seq = this.db.transaction(() => {
        const next = this.stmts.nextSeq.get(a.orgId, a.compositionId)?.seq ?? 1;
        this.stmts.insertAddendum.run({ ...a, seq: next });
        return next;
      })();
      return seq;
    });
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return sqliteTransaction(this.db, fn);
  }
}
