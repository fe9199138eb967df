import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../sqlite/database.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { MemoryReportStore } from '../reports/memory.js';
import { PostgresReportStore } from '../reports/postgres.js';
import { SqliteReportStore } from '../reports/sqlite.js';
import type { ReportStore } from '../reports/types.js';
import { MemoryPdfLinkStore } from './memory.js';
import { PostgresPdfLinkStore } from './postgres.js';
import { SqlitePdfLinkStore } from './sqlite.js';
import type { PdfLinkStore } from './types.js';

/*
 * The contract every PdfLinkStore implementation passes (issue 26): a PostgreSQL store is added
 * by implementing store/links/types.ts and adding its fixture to the table below; PDFs are
 * written through the report store of the same database, as the report service writes them.
 */

interface Fixture {
  store: PdfLinkStore;
  /** A stored PDF of an organisation, written as the report service writes it at signing. */
  addPdf(pdf: {
    orgId: string;
    pdfId: string;
    title: string;
    signer: string;
    at: number;
    supersededBy?: string;
  }): Promise<void>;
}

/** Signs each PDF to a case of its own (`cmp-{pdfId}`) through the report store on the link store's database. */
function signing(reports: ReportStore): Fixture['addPdf'] {
  return async (p) => {
    await reports.addPdf(
      {
        orgId: p.orgId,
        pdfId: p.pdfId,
        compositionId: `cmp-${p.pdfId}`,
        patientId: 'pat-1',
        sha256: 'hash',
        title: p.title,
        signerName: p.signer,
        signature: 'sig',
        signatureTime: p.at,
        signedBy: 'u-1',
        timeZone: 'UTC',
        addendaCount: 0,
        createdAt: p.at,
      },
      null,
    );
    if (p.supersededBy !== undefined) await reports.supersede(p.orgId, p.pdfId, p.supersededBy);
  };
}

function sqlite(): Fixture {
  const db = openMemoryDatabase();
  return { store: new SqlitePdfLinkStore(db), addPdf: signing(new SqliteReportStore(db)) };
}

function memory(): Fixture {
  const reports = new MemoryReportStore();
  return { store: new MemoryPdfLinkStore(reports), addPdf: signing(reports) };
}

async function postgres(): Promise<Fixture> {
  const db = await testPostgresDatabase();
  return { store: new PostgresPdfLinkStore(db), addPdf: signing(new PostgresReportStore(db)) };
}

/** Every PdfLinkStore implementation. */
const implementations = await runnableImplementations<[string, () => Fixture | Promise<Fixture>]>(
  'PdfLinkStore contract',
  [
    ['memory', memory],
    ['sqlite', sqlite],
    ['postgres', postgres],
  ],
);

describe.each(implementations)('PdfLinkStore contract (%s)', (_name, make) => {
  it('knows the title of an organisation’s own PDF only', async () => {
    const f = await make();
    await f.addPdf({ orgId: 'dental', pdfId: 'pdf-1', title: 'Report A', signer: 'Dr A', at: 1 });
    expect(await f.store.pdfTitle('dental', 'pdf-1')).toBe('Report A');
    expect(await f.store.pdfTitle('other', 'pdf-1')).toBeNull();
    expect(await f.store.pdfTitle('dental', 'pdf-2')).toBeNull();
  });

  it('stores a link, reads it by token, and drops links that expired before a new one is made', async () => {
    const f = await make();
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
  });

  it('uses a single-use link up once; a personal link is never consumed', async () => {
    const f = await make();
    await f.store.create({ token: 'shared', orgId: 'o', pdfId: 'p', userId: 'u', expiresAt: 900, singleUse: true }, 0);
    await f.store.create({ token: 'mine', orgId: 'o', pdfId: 'p', userId: 'u', expiresAt: 900, singleUse: false }, 0);
    const results = await Promise.all([f.store.consume('shared', 10), f.store.consume('shared', 11)]);
    expect(results.sort()).toEqual([false, true]);
    expect((await f.store.byToken('shared'))?.usedAt).toBe(10);
    expect(await f.store.consume('mine', 12)).toBe(false);
    expect((await f.store.byToken('mine'))?.usedAt).toBeNull();
  });

  it('lists current reports newest first, by signer and time window, paged', async () => {
    const f = await make();
    await f.addPdf({ orgId: 'o', pdfId: 'a', title: 'A', signer: 'Dr A', at: 100 });
    await f.addPdf({ orgId: 'o', pdfId: 'b', title: 'B', signer: 'Dr B', at: 300 });
    await f.addPdf({ orgId: 'o', pdfId: 'c', title: 'C', signer: 'Dr A', at: 200 });
    await f.addPdf({ orgId: 'o', pdfId: 'old', title: 'Old', signer: 'Dr A', at: 50, supersededBy: 'c' });
    await f.addPdf({ orgId: 'x', pdfId: 'z', title: 'Z', signer: 'Dr A', at: 400 });
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

  it('refuses a second link under the same token, and drops no expired link in that step', async () => {
    const f = await make();
    const link = { orgId: 'o', pdfId: 'p', userId: 'u', singleUse: false };
    await f.store.create({ ...link, token: 'old', expiresAt: 100 }, 0);
    await f.store.create({ ...link, token: 'taken', expiresAt: 900 }, 0);
    await expect(f.store.create({ ...link, token: 'taken', userId: 'v', expiresAt: 950 }, 500)).rejects.toThrow();
    expect((await f.store.byToken('old'))?.expiresAt).toBe(100);
    expect((await f.store.byToken('taken'))?.userId).toBe('u');
  });

  it('hands out copies: changing a link read back changes nothing stored', async () => {
    const f = await make();
    await f.store.create({ token: 't', orgId: 'o', pdfId: 'p', userId: 'u', expiresAt: 900, singleUse: true }, 0);
    const read = (await f.store.byToken('t'))!;
    read.usedAt = 5;
    read.singleUse = false;
    expect(await f.store.consume('t', 10)).toBe(true);
  });
});
