import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import {
  CurrentPdfExistsError,
  type AddendumRecord,
  type NewAddendum,
  type ReportStore,
  type SignedPdfRecord,
} from './types.js';

const UNIQUE_VIOLATION = '23505';

/** The advisory-lock namespace of a case's addenda (two-int form; 40, the tables' migration). */
const ADDENDA_LOCK = 40;

const pdfRecord = (r: Record<string, unknown>): SignedPdfRecord => ({
  orgId: r.org_id as string,
  pdfId: r.pdf_id as string,
  compositionId: r.composition_id as string,
  patientId: r.patient_id as string | null,
  sha256: r.sha256 as string,
  title: r.title as string,
  signerName: r.signer_name as string,
  signature: r.signature as string,
  signatureTime: Number(r.signature_time),
  signedBy: r.signed_by as string,
  timeZone: r.time_zone as string,
  addendaCount: Number(r.addenda_count),
  supersededBy: r.superseded_by as string | null,
  createdAt: Number(r.created_at),
});

const addendumRecord = (r: Record<string, unknown>): AddendumRecord => ({
  seq: Number(r.seq),
  title: r.title as string,
  text: r.text as string,
  signerName: r.signer_name as string,
  signature: r.signature as string,
  signatureTime: Number(r.signature_time),
});

/**
 * Signed reports on PostgreSQL (report_pdfs, report_addenda, PG migration 40; issue 43). One
 * current PDF per case is the partial unique index, as in SQLite: of two instances finalizing one
 * case, the second insert fails with CurrentPdfExistsError. A case's next addendum number is read
 * and used under a per-case advisory lock, so two instances never take one number.
 */
export class PostgresReportStore implements ReportStore {
  constructor(private readonly db: PostgresDatabase) {}

  async pdf(orgId: string, pdfId: string): Promise<SignedPdfRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM report_pdfs WHERE org_id = $1 AND pdf_id = $2', [orgId, pdfId]);
    return rows[0] ? pdfRecord(rows[0]) : null;
  }

  async currentPdf(orgId: string, compositionId: string): Promise<SignedPdfRecord | null> {
    const { rows } = await this.db.query(
      'SELECT * FROM report_pdfs WHERE org_id = $1 AND composition_id = $2 AND superseded_by IS NULL',
      [orgId, compositionId],
    );
    return rows[0] ? pdfRecord(rows[0]) : null;
  }

  async pdfsOfCase(orgId: string, compositionId: string): Promise<SignedPdfRecord[]> {
    const { rows } = await this.db.query(
      'SELECT * FROM report_pdfs WHERE org_id = $1 AND composition_id = $2 ORDER BY created_at, row_id',
      [orgId, compositionId],
    );
    return rows.map(pdfRecord);
  }

  async addPdf(pdf: Omit<SignedPdfRecord, 'supersededBy'>, supersedes: string | null): Promise<void> {
    try {
      await this.db.transaction(async () => {
        // The replaced PDF stops being current first: the unique index report_pdfs_one_current
        // allows one current PDF per case.
        if (supersedes !== null) await this.supersede(pdf.orgId, supersedes, pdf.pdfId);
        await this.db.query(
          `INSERT INTO report_pdfs (org_id, pdf_id, composition_id, patient_id, sha256, title, signer_name, signature,
             signature_time, signed_by, time_zone, addenda_count, superseded_by, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, NULL, $13)`,
          [
            pdf.orgId,
            pdf.pdfId,
            pdf.compositionId,
            pdf.patientId,
            pdf.sha256,
            pdf.title,
            pdf.signerName,
            pdf.signature,
            pdf.signatureTime,
            pdf.signedBy,
            pdf.timeZone,
            pdf.addendaCount,
            pdf.createdAt,
          ],
        );
      });
    } catch (err) {
      if ((err as { code?: unknown }).code === UNIQUE_VIOLATION) {
        throw new CurrentPdfExistsError(pdf.orgId, pdf.compositionId);
      }
      throw err;
    }
  }

  async supersede(orgId: string, pdfId: string, by: string): Promise<void> {
    await this.db.query('UPDATE report_pdfs SET superseded_by = $1 WHERE org_id = $2 AND pdf_id = $3', [
      by,
      orgId,
      pdfId,
    ]);
  }

  async addendaSince(orgId: string, compositionId: string, since: number): Promise<AddendumRecord[]> {
    const { rows } = await this.db.query(
      `SELECT seq, title, text, signer_name, signature, signature_time FROM report_addenda
       WHERE org_id = $1 AND composition_id = $2 AND signature_time >= $3 ORDER BY seq`,
      [orgId, compositionId, since],
    );
    return rows.map(addendumRecord);
  }

  addAddendum(a: NewAddendum): Promise<number> {
    return this.db.transaction(async () => {
      await this.db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
        ADDENDA_LOCK,
        `${a.orgId}/${a.compositionId}`,
      ]);
      const { rows } = await this.db.query<{ seq: number }>(
        `INSERT INTO report_addenda (org_id, composition_id, seq, title, text, signer_name, signature, signature_time,
           user_id)
         SELECT $1, $2, coalesce(max(seq), 0) + 1, $3, $4, $5, $6, $7, $8
         FROM report_addenda WHERE org_id = $1 AND composition_id = $2
         RETURNING seq`,
        [a.orgId, a.compositionId, a.title, a.text, a.signerName, a.signature, a.signatureTime, a.userId],
      );
      return Number(rows[0]!.seq);
    });
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }
}
