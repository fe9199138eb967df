import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { FinalizedReport, FinalizedReportQuery, PdfLinkRecord, PdfLinkStore } from './types.js';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * PDF links on PostgreSQL (report_pdf_links, reading report_pdfs; PG migration 40, issue 43). A
 * single-use link is used up by one conditional update, so of two instances downloading it at
 * once one gets it.
 */
export class PostgresPdfLinkStore implements PdfLinkStore {
  constructor(private readonly db: PostgresDatabase) {}

  async pdfTitle(orgId: string, pdfId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ title: string }>(
      'SELECT title FROM report_pdfs WHERE org_id = $1 AND pdf_id = $2',
      [orgId, pdfId],
    );
    return rows[0]?.title ?? null;
  }

  create(link: Omit<PdfLinkRecord, 'usedAt'>, now: number): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query('DELETE FROM report_pdf_links WHERE expires_at < $1', [now]);
      await this.db.query(
        `INSERT INTO report_pdf_links (token, org_id, pdf_id, user_id, expires_at, single_use)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [link.token, link.orgId, link.pdfId, link.userId, link.expiresAt, link.singleUse ? 1 : 0],
      );
    });
  }

  async byToken(token: string): Promise<PdfLinkRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM report_pdf_links WHERE token = $1', [token]);
    const r = rows[0];
    return r
      ? {
          token,
          orgId: r.org_id as string,
          pdfId: r.pdf_id as string,
          userId: r.user_id as string,
          expiresAt: Number(r.expires_at),
          singleUse: Number(r.single_use) === 1,
          usedAt: num(r.used_at),
        }
      : null;
  }

  async consume(token: string, now: number): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'UPDATE report_pdf_links SET used_at = $1 WHERE token = $2 AND single_use = 1 AND used_at IS NULL',
      [now, token],
    );
    return rowCount === 1;
  }

  async finalizedReports(orgId: string, q: FinalizedReportQuery): Promise<FinalizedReport[]> {
    const { rows } = await this.db.query(
      `SELECT pdf_id, composition_id, patient_id, title, signer_name, signature_time, addenda_count
       FROM report_pdfs
       WHERE org_id = $1 AND superseded_by IS NULL
         AND ($2::text IS NULL OR signer_name = $2)
         AND ($3::bigint IS NULL OR signature_time >= $3)
         AND ($4::bigint IS NULL OR signature_time < $4)
       ORDER BY signature_time DESC, pdf_id COLLATE "C" LIMIT $5 OFFSET $6`,
      [orgId, q.signerName, q.from, q.to, q.limit, q.offset],
    );
    return rows.map((r) => ({
      pdfId: r.pdf_id as string,
      compositionId: r.composition_id as string,
      patientId: r.patient_id as string | null,
      title: r.title as string,
      signerName: r.signer_name as string,
      signatureTime: Number(r.signature_time),
      addendaCount: Number(r.addenda_count),
    }));
  }
}
