import { MemoryDatabase } from '../memory/database.js';
import {
  CurrentPdfExistsError,
  type AddendumRecord,
  type NewAddendum,
  type ReportStore,
  type SignedPdfRecord,
} from './types.js';

interface StoredAddendum extends AddendumRecord {
  orgId: string;
  compositionId: string;
  userId: string;
}

/** What the report tables hold; the memory PDF-link store reads the same PDFs (store/links/memory.ts). */
export interface MemoryReportTables {
  /** In the order they were stored (SQLite's rowid). */
  pdfs: SignedPdfRecord[];
  addenda: StoredAddendum[];
}

/** Signed reports in memory: the second implementation of the contract (issue 36). */
export class MemoryReportStore implements ReportStore {
  private readonly tables;

  /** @param db the database this store's tables live in (the PDF-link store reading them shares it). */
  constructor(readonly db = new MemoryDatabase()) {
    this.tables = db.table<MemoryReportTables>({ pdfs: [], addenda: [] });
  }

  /** The signed PDFs as stored, for a memory store on the same database that reads them inside its own work (never handed out). */
  storedPdfs(): readonly SignedPdfRecord[] {
    return this.tables.value.pdfs;
  }

  pdf(orgId: string, pdfId: string): Promise<SignedPdfRecord | null> {
    return this.db.run(() => {
      const found = this.tables.value.pdfs.find((p) => p.orgId === orgId && p.pdfId === pdfId);
      return found ? structuredClone(found) : null;
    });
  }

  currentPdf(orgId: string, compositionId: string): Promise<SignedPdfRecord | null> {
    return this.db.run(() => {
      const found = this.current(orgId, compositionId);
      return found ? structuredClone(found) : null;
    });
  }

  pdfsOfCase(orgId: string, compositionId: string): Promise<SignedPdfRecord[]> {
    return this.db.run(() => {
      const pdfs = this.tables.value.pdfs
        .filter((p) => p.orgId === orgId && p.compositionId === compositionId)
        // A stable sort: equal times stay in the order stored.
        .sort((a, b) => a.createdAt - b.createdAt);
      return structuredClone(pdfs);
    });
  }

  addPdf(pdf: Omit<SignedPdfRecord, 'supersededBy'>, supersedes: string | null): Promise<void> {
    return this.db.run(() => {
      const { pdfs } = this.tables.value;
      if (pdfs.some((p) => p.orgId === pdf.orgId && p.pdfId === pdf.pdfId))
        throw new Error(`PDF ${pdf.orgId}/${pdf.pdfId} exists`);
      // Checked before any change, as the unique index refuses the insert after the supersede and
      // the step rolls back: one current PDF per case.
      const current = this.current(pdf.orgId, pdf.compositionId);
      if (current && current.pdfId !== supersedes) throw new CurrentPdfExistsError(pdf.orgId, pdf.compositionId);
      if (supersedes !== null) this.mark(pdf.orgId, supersedes, pdf.pdfId);
      pdfs.push({ ...structuredClone(pdf), supersededBy: null });
    });
  }

  supersede(orgId: string, pdfId: string, by: string): Promise<void> {
    return this.db.run(() => this.mark(orgId, pdfId, by));
  }

  addendaSince(orgId: string, compositionId: string, since: number): Promise<AddendumRecord[]> {
    return this.db.run(() =>
      this.tables.value.addenda
        .filter((a) => a.orgId === orgId && a.compositionId === compositionId && a.signatureTime >= since)
        .sort((a, b) => a.seq - b.seq)
        .map((a) => ({
          seq: a.seq,
          title: a.title,
          text: a.text,
          signerName: a.signerName,
          signature: a.signature,
          signatureTime: a.signatureTime,
        })),
    );
  }

  addAddendum(a: NewAddendum): Promise<number> {
    return this.db.run(() => {
      const { addenda } = this.tables.value;
      const seq =
        addenda
          .filter((x) => x.orgId === a.orgId && x.compositionId === a.compositionId)
          .reduce((max, x) => Math.max(max, x.seq), 0) + 1;
      addenda.push({ ...structuredClone(a), seq });
      return seq;
    });
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  private current(orgId: string, compositionId: string): SignedPdfRecord | undefined {
    return this.tables.value.pdfs.find(
      (p) => p.orgId === orgId && p.compositionId === compositionId && p.supersededBy === null,
    );
  }

  private mark(orgId: string, pdfId: string, by: string): void {
    const found = this.tables.value.pdfs.find((p) => p.orgId === orgId && p.pdfId === pdfId);
    if (found) found.supersededBy = by;
  }
}
