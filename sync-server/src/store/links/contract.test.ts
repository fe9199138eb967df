import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../sqlite/database.js';
import { SqlitePdfLinkStore } from './sqlite.js';
import type { PdfLinkStore } from './types.js';

/*
 * The contract every PdfLinkStore implementation passes (issue 26): a PostgreSQL store is added
 * by implementing store/links/types.ts and adding its fixture to the table below.
 */

interface Fixture {
  store: PdfLinkStore;
  /** A stored PDF of an organisation (what the report service writes at signing). */
  addPdf(pdf: { orgId: string; pdfId: string; title: string; signer: string; at: number; supersededBy?: string }): void;
  linkCount(): number;
}

function sqlite(): Fixture {
  const db = openMemoryDatabase();
  return {
    store: new SqlitePdfLinkStore(db),
    addPdf: (p) =>
      db
        .prepare(
          `INSERT INTO report_pdfs (org_id, pdf_id, composition_id, patient_id, sha256, title, signer_name, signature,
             signature_time, signed_by, time_zone, addenda_count, superseded_by, created_at)
           VALUES (?, ?, ?, 'pat-1', 'hash', ?, ?, 'sig', ?, 'u-1', 'UTC', 0, ?, ?)`,
        )
        .run(p.orgId, p.pdfId, `cmp-${p.pdfId}`, p.title, p.signer, p.at, p.supersededBy ?? null, p.at),
    linkCount: () => (db.prepare('SELECT COUNT(*) AS n FROM report_pdf_links').get() as { n: number }).n,
  };
}

describe.each([['sqlite', sqlite]])('PdfLinkStore contract (%s)', (_name, make) => {
  it('knows the title of an organisation’s own PDF only', async () => {
    const f = make();
    f.addPdf({ orgId: 'dental', pdfId: 'pdf-1', title: 'Report A', signer: 'Dr A', at: 1 });
    expect(await f.store.pdfTitle('dental', 'pdf-1')).toBe('Report A');
    expect(await f.store.pdfTitle('other', 'pdf-1')).toBeNull();
    expect(await f.store.pdfTitle('dental', 'pdf-2')).toBeNull();
  });

  it('stores a link, reads it by token, and drops links that expired before a new one is made', async () => {
    const f = make();
    await f.store.create(
      { token: 'old', orgId: 'dental', pdfId: 'pdf-1', userId: 'u-1', expiresAt: 100, singleUse: false },
      50,
    );
    await f.store.create(
      { token: 'new', orgId: 'dental', pdfId: 'pdf-1', userId: 'u-2', expiresAt: 900, singleUse: true },
      500,
    );
    expect(await f.store.byToken('old')).toBeNull();
    expect(await f.store.byToken('new')).toEqual({
      token: 'new',
      orgId: 'dental',
      pdfId: 'pdf-1',
      userId: 'u-2',
      expiresAt: 900,
      singleUse: true,
      usedAt: null,
    });
    expect(f.linkCount()).toBe(1);
  });

  it('uses a single-use link up once; a personal link is never consumed', async () => {
    const f = make();
    await f.store.create({ token: 'shared', orgId: 'o', pdfId: 'p', userId: 'u', expiresAt: 900, singleUse: true }, 0);
    await f.store.create({ token: 'mine', orgId: 'o', pdfId: 'p', userId: 'u', expiresAt: 900, singleUse: false }, 0);
    const results = await Promise.all([f.store.consume('shared', 10), f.store.consume('shared', 11)]);
    expect(results.sort()).toEqual([false, true]);
    expect((await f.store.byToken('shared'))?.usedAt).toBe(10);
    expect(await f.store.consume('mine', 12)).toBe(false);
    expect((await f.store.byToken('mine'))?.usedAt).toBeNull();
  });

  it('lists current reports newest first, by signer and time window, paged', async () => {
    const f = make();
    f.addPdf({ orgId: 'o', pdfId: 'a', title: 'A', signer: 'Dr A', at: 100 });
    f.addPdf({ orgId: 'o', pdfId: 'b', title: 'B', signer: 'Dr B', at: 300 });
    f.addPdf({ orgId: 'o', pdfId: 'c', title: 'C', signer: 'Dr A', at: 200 });
    f.addPdf({ orgId: 'o', pdfId: 'old', title: 'Old', signer: 'Dr A', at: 50, supersededBy: 'c' });
    f.addPdf({ orgId: 'x', pdfId: 'z', title: 'Z', signer: 'Dr A', at: 400 });
    const q = { offset: 0, limit: 20, signerName: null, from: null, to: null };
    expect((await f.store.finalizedReports('o', q)).map((r) => r.pdfId)).toEqual(['b', 'c', 'a']);
    expect((await f.store.finalizedReports('o', { ...q, signerName: 'Dr A' })).map((r) => r.pdfId)).toEqual(['c', 'a']);
    expect((await f.store.finalizedReports('o', { ...q, from: 100, to: 300 })).map((r) => r.pdfId)).toEqual(['c', 'a']);
    expect((await f.store.finalizedReports('o', { ...q, offset: 1, limit: 1 })).map((r) => r.pdfId)).toEqual(['c']);
    expect((await f.store.finalizedReports('o', q))[0]).toEqual({
      pdfId: 'b',
      compositionId: 'cmp-b',
      patientId: 'pat-1',
      title: 'B',
      signerName: 'Dr B',
      signatureTime: 300,
      addendaCount: 0,
    });
  });
});
