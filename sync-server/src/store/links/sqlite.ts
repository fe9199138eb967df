import type { Db } from '../sqlite/database.js';
import { serialized } from '../resources/transactions.js';
import { camelRow } from '../sqlite/rows.js';
import type { FinalizedReport, FinalizedReportQuery, PdfLinkRecord, PdfLinkStore } from './types.js';

/** PDF links over the server's SQLite database (report_pdf_links, report_pdfs). */
export class SqlitePdfLinkStore implements PdfLinkStore {
  constructor(private readonly db: Db) {}

  pdfTitle(orgId: string, pdfId: string): Promise<string | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT title FROM report_pdfs WHERE org_id = ? AND pdf_id = ?').get(orgId, pdfId) as
        { title: string } | undefined;
      return row?.title ?? null;
    });
  }

  create(link: Omit<PdfLinkRecord, 'usedAt'>, now: number): Promise<void> {
    return serialized(this.db, () => {
      this.db.transaction(() => {
        this.db.prepare('DELETE FROM report_pdf_links WHERE expires_at < ?').run(now);
        this.db
          .prepare(
            'INSERT INTO report_pdf_links (token, org_id, pdf_id, user_id, expires_at, single_use) VALUES (?, ?, ?, ?, ?, ?)',
          )
          .run(link.token, link.orgId, link.pdfId, link.userId, link.expiresAt, link.singleUse ? 1 : 0);
      })();
      return;
    });
  }

  byToken(token: string): Promise<PdfLinkRecord | null> {
    return serialized(this.db, () => {
      const row = this.db
        .prepare(
          'SELECT org_id, pdf_id, user_id, expires_at, single_use, used_at FROM report_pdf_links WHERE token = ?',
        )
        .get(token) as
        | {
            org_id: string;
            pdf_id: string;
            user_id: string;
            expires_at: number;
            single_use: number;
            used_at: number | null;
          }
        | undefined;
      return row
        ? {
            token,
            orgId: row.org_id,
            pdfId: row.pdf_id,
            userId: row.user_id,
            expiresAt: row.expires_at,
            singleUse: row.single_use === 1,
            usedAt: row.used_at,
          }
        : null;
    });
  }

  consume(token: string, now: number): Promise<boolean> {
    return serialized(this.db, () => {
      const changed = this.db
        .prepare('UPDATE report_pdf_links SET used_at = ? WHERE token = ? AND single_use = 1 AND used_at IS NULL')
        .run(now, token).changes;
      return changed === 1;
    });
  }

  finalizedReports(orgId: string, q: FinalizedReportQuery): Promise<FinalizedReport[]> {
    return serialized(this.db, () => {
      const rows = this.db
        .prepare(
          `SELECT pdf_id, composition_id, patient_id, title, signer_name, signature_time, addenda_count
         FROM report_pdfs
         WHERE org_id = @orgId AND superseded_by IS NULL
           AND (@signer IS NULL OR signer_name = @signer)
           AND (@from IS NULL OR signature_time >= @from)
           AND (@to IS NULL OR signature_time < @to)
         ORDER BY signature_time DESC, pdf_id LIMIT @limit OFFSET @offset`,
        )
        .all({ orgId, signer: q.signerName, from: q.from, to: q.to, limit: q.limit, offset: q.offset }) as {
        pdf_id: string;
        composition_id: string;
        patient_id: string | null;
        title: string;
        signer_name: string;
        signature_time: number;
        addenda_count: number;
      }[];
      return rows.map(camelRow);
    });
  }
}
