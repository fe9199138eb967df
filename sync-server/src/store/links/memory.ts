import type { MemoryReportStore } from '../reports/memory.js';
import type { FinalizedReport, FinalizedReportQuery, PdfLinkRecord, PdfLinkStore } from './types.js';

/**
 * PDF links in memory: the second implementation of the contract (issue 36). It reads the signed
 * PDFs of the memory report store it is given, on that store's database, as the SQLite store reads
 * report_pdfs beside its own table.
 */
export class MemoryPdfLinkStore implements PdfLinkStore {
  private readonly links;

  constructor(private readonly reports: MemoryReportStore) {
    this.links = reports.db.table(new Map<string, PdfLinkRecord>());
  }

  pdfTitle(orgId: string, pdfId: string): Promise<string | null> {
    return this.reports.db.run(
      () => this.reports.storedPdfs().find((p) => p.orgId === orgId && p.pdfId === pdfId)?.title ?? null,
    );
  }

  create(link: Omit<PdfLinkRecord, 'usedAt'>, now: number): Promise<void> {
    return this.reports.db.run(() => {
      const links = this.links.value;
      // The token is the key: a second link under it is refused before the expired ones are dropped.
      if (links.has(link.token)) throw new Error('a PDF link with this token exists');
      for (const [token, l] of links) if (l.expiresAt < now) links.delete(token);
      links.set(link.token, { ...structuredClone(link), usedAt: null });
    });
  }

  byToken(token: string): Promise<PdfLinkRecord | null> {
    return this.reports.db.run(() => {
      const link = this.links.value.get(token);
      return link ? structuredClone(link) : null;
    });
  }

  consume(token: string, now: number): Promise<boolean> {
    return this.reports.db.run(() => {
      const link = this.links.value.get(token);
      if (!link?.singleUse || link.usedAt !== null) return false;
      link.usedAt = now;
      return true;
    });
  }

  finalizedReports(orgId: string, q: FinalizedReportQuery): Promise<FinalizedReport[]> {
    return this.reports.db.run(() =>
      this.reports
        .storedPdfs()
        .filter(
          (p) =>
            p.orgId === orgId &&
            p.supersededBy === null &&
            (q.signerName === null || p.signerName === q.signerName) &&
            (q.from === null || p.signatureTime >= q.from) &&
            (q.to === null || p.signatureTime < q.to),
        )
        .sort((a, b) => b.signatureTime - a.signatureTime || (a.pdfId < b.pdfId ? -1 : a.pdfId > b.pdfId ? 1 : 0))
        .slice(q.offset, q.offset + q.limit)
        .map((p) => ({
          pdfId: p.pdfId,
          compositionId: p.compositionId,
          patientId: p.patientId,
          title: p.title,
          signerName: p.signerName,
          signatureTime: p.signatureTime,
          addendaCount: p.addendaCount,
        })),
    );
  }
}
