import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryDatabase } from '../memory/database.js';
import { MemoryOutboxStore } from '../outbox/memory.js';
import { PostgresOutboxStore } from '../outbox/postgres.js';
import { SqliteOutboxStore } from '../outbox/sqlite.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import type { OutboxStore } from '../outbox/types.js';
import { MemoryReportStore } from './memory.js';
import { PostgresReportStore } from './postgres.js';
import { SqliteReportStore } from './sqlite.js';
import { CurrentPdfExistsError, type ReportStore, type SignedPdfRecord } from './types.js';

/*
 * The contract every ReportStore implementation passes (issue 26): a PostgreSQL store is added
 * by implementing store/reports/types.ts and adding its fixture to the table below.
 */

interface Fixture {
  store: ReportStore;
  /** Writes through another store on the same database (what finalize's other stores do in a shared transaction). */
  otherWrite(value: string): Promise<void>;
  otherRows(): Promise<string[]>;
}

/** The outbox as the other store: its messages' subjects are the values written. */
function other(outbox: OutboxStore): Omit<Fixture, 'store'> {
  return {
    otherWrite: (value) =>
      outbox.add({ at: 0, channel: 'email', to: 'contract@example.com', subject: value, body: '' }),
    otherRows: async () => (await outbox.list()).map((m) => m.subject).sort(),
  };
}

function sqlite(): Fixture {
  const db = openMemoryDatabase();
  return { store: new SqliteReportStore(db), ...other(new SqliteOutboxStore(db)) };
}

function memory(): Fixture {
  const db = new MemoryDatabase();
  return { store: new MemoryReportStore(db), ...other(new MemoryOutboxStore(db)) };
}

async function postgres(): Promise<Fixture> {
  const db = await testPostgresDatabase();
  return { store: new PostgresReportStore(db), ...other(new PostgresOutboxStore(db)) };
}

/** Every ReportStore implementation. */
const implementations = await runnableImplementations<[string, () => Fixture | Promise<Fixture>]>(
  'ReportStore contract',
  [
    ['memory', memory],
    ['sqlite', sqlite],
    ['postgres', postgres],
  ],
);

const pdf = (over: Partial<SignedPdfRecord> = {}): Omit<SignedPdfRecord, 'supersededBy'> => ({
  orgId: 'dental',
  pdfId: 'pdf-1',
  compositionId: 'case-1',
  patientId: 'pat-1',
  sha256: 'a'.repeat(64),
  title: 'Sedation record',
  signerName: 'Dr A',
  signature: 'M 1 1 L 2 2',
  signatureTime: 1_000,
  signedBy: 'usr-a',
  timeZone: 'UTC',
  addendaCount: 0,
  createdAt: 1_001,
  ...over,
});

describe.each(implementations)('ReportStore contract (%s)', (name, make) => {
  it('stores a signed PDF as the case’s current one, for its organisation only', async () => {
    const f = await make();
    await f.store.addPdf(pdf(), null);
    expect(await f.store.pdf('dental', 'pdf-1')).toEqual({ ...pdf(), supersededBy: null });
    expect(await f.store.currentPdf('dental', 'case-1')).toEqual({ ...pdf(), supersededBy: null });
    expect(await f.store.pdf('other', 'pdf-1')).toBeNull();
    expect(await f.store.currentPdf('other', 'case-1')).toBeNull();
    expect(await f.store.currentPdf('dental', 'case-2')).toBeNull();
  });

  it('supersedes the PDF an addendum’s reprint replaces, in the same step, and lists every PDF oldest first', async () => {
    const f = await make();
    await f.store.addPdf(pdf(), null);
    await f.store.addPdf(pdf({ pdfId: 'pdf-2', addendaCount: 1, createdAt: 2_000 }), 'pdf-1');
    expect((await f.store.currentPdf('dental', 'case-1'))?.pdfId).toBe('pdf-2');
    expect((await f.store.pdfsOfCase('dental', 'case-1')).map((p) => [p.pdfId, p.supersededBy])).toEqual([
      ['pdf-1', 'pdf-2'],
      ['pdf-2', null],
    ]);
  });

  it('refuses a second current PDF of a case, whatever its caller checked, and stores nothing of it', async () => {
    const f = await make();
    await f.store.addPdf(pdf(), null);
    // A second finalize that skipped the service's check (another instance, a cold room): refused.
    await expect(f.store.addPdf(pdf({ pdfId: 'pdf-2', signedBy: 'usr-b', createdAt: 2_000 }), null)).rejects.toThrow(
      CurrentPdfExistsError,
    );
    expect((await f.store.pdfsOfCase('dental', 'case-1')).map((p) => [p.pdfId, p.supersededBy])).toEqual([
      ['pdf-1', null],
    ]);
    // Another case, or the same case id in another organisation, has its own current PDF.
    await f.store.addPdf(pdf({ pdfId: 'pdf-3', compositionId: 'case-2' }), null);
    await f.store.addPdf(pdf({ orgId: 'other', pdfId: 'pdf-4' }), null);
    expect((await f.store.currentPdf('dental', 'case-2'))?.pdfId).toBe('pdf-3');
    expect((await f.store.currentPdf('other', 'case-1'))?.pdfId).toBe('pdf-4');
  });

  it('refuses a second current PDF inside a transaction, and the transaction keeps none of its writes', async () => {
    const f = await make();
    await f.store.addPdf(pdf(), null);
    await expect(
      f.store.transaction(async () => {
        await f.otherWrite('second finalize');
        await f.store.addPdf(pdf({ pdfId: 'pdf-2', createdAt: 2_000 }), null);
      }),
    ).rejects.toThrow(CurrentPdfExistsError);
    expect(await f.otherRows()).toEqual([]);
    expect((await f.store.currentPdf('dental', 'case-1'))?.pdfId).toBe('pdf-1');
  });

  it('lets a case be signed again once an unfinalize superseded its PDF', async () => {
    const f = await make();
    await f.store.addPdf(pdf(), null);
    await f.store.supersede('dental', 'pdf-1', 'unfinalized:5000');
    await f.store.addPdf(pdf({ pdfId: 'pdf-2', createdAt: 6_000 }), null);
    expect((await f.store.currentPdf('dental', 'case-1'))?.pdfId).toBe('pdf-2');
  });

  it('leaves a case with no current PDF once it is superseded by an unfinalize', async () => {
    const f = await make();
    await f.store.addPdf(pdf(), null);
    await f.store.supersede('dental', 'pdf-1', 'unfinalized:5000');
    expect(await f.store.currentPdf('dental', 'case-1')).toBeNull();
    expect((await f.store.pdf('dental', 'pdf-1'))?.supersededBy).toBe('unfinalized:5000');
  });

  it('numbers a case’s addenda 1, 2, 3 and lists those signed since a time, in order', async () => {
    const f = await make();
    const a = {
      orgId: 'dental',
      compositionId: 'case-1',
      text: 'Note',
      signerName: 'Dr A',
      signature: 'M 1 1',
      userId: 'u',
    };
    expect(await f.store.addAddendum({ ...a, title: 'First', signatureTime: 100 })).toBe(1);
    expect(await f.store.addAddendum({ ...a, title: '', signatureTime: 200 })).toBe(2);
    expect(await f.store.addAddendum({ ...a, compositionId: 'case-2', title: 'Other case', signatureTime: 150 })).toBe(
      1,
    );
    expect(await f.store.addAddendum({ ...a, title: 'Third', signatureTime: 300 })).toBe(3);
    expect((await f.store.addendaSince('dental', 'case-1', 0)).map((r) => [r.seq, r.title])).toEqual([
      [1, 'First'],
      [2, ''],
      [3, 'Third'],
    ]);
    expect(await f.store.addendaSince('dental', 'case-1', 200)).toEqual([
      { seq: 2, title: '', text: 'Note', signerName: 'Dr A', signature: 'M 1 1', signatureTime: 200 },
      { seq: 3, title: 'Third', text: 'Note', signerName: 'Dr A', signature: 'M 1 1', signatureTime: 300 },
    ]);
    expect(await f.store.addendaSince('other', 'case-1', 0)).toEqual([]);
  });

  it('commits a transaction’s writes together, its own and another store’s on the same database', async () => {
    const f = await make();
    await f.store.transaction(async () => {
      await f.store.addPdf(pdf(), null);
      await f.otherWrite('final');
    });
    expect(await f.store.currentPdf('dental', 'case-1')).not.toBeNull();
    expect(await f.otherRows()).toEqual(['final']);
  });

  it('keeps none of a failed transaction’s writes, its own or another store’s', async () => {
    const f = await make();
    await expect(
      f.store.transaction(async () => {
        await f.store.addPdf(pdf(), null);
        await f.store.addAddendum({
          orgId: 'dental',
          compositionId: 'case-1',
          title: 'T',
          text: 'x',
          signerName: 'Dr A',
          signature: 'M 1 1',
          signatureTime: 1,
          userId: 'u',
        });
        await f.otherWrite('final');
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    expect(await f.store.currentPdf('dental', 'case-1')).toBeNull();
    expect(await f.store.addendaSince('dental', 'case-1', 0)).toEqual([]);
    expect(await f.otherRows()).toEqual([]);
  });

  // SQLite's one connection and memory queue units; PostgreSQL runs them side by side, each on a
  // connection of its own (the one-current index and the addenda lock order what they share).
  it.skipIf(name === 'postgres')(
    'serialises transactions: one started while another awaits runs after it',
    async () => {
      const f = await make();
      const order: string[] = [];
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const first = f.store.transaction(async () => {
        order.push('first start');
        await gate;
        await f.store.addPdf(pdf(), null);
        order.push('first end');
      });
      const second = f.store.transaction(async () => {
        order.push('second start');
        expect(await f.store.currentPdf('dental', 'case-1')).not.toBeNull();
        order.push('second end');
      });
      await Promise.resolve();
      release();
      await Promise.all([first, second]);
      expect(order).toEqual(['first start', 'first end', 'second start', 'second end']);
    },
  );

  it('refuses a reprint that replaces a PDF other than the case’s current one, and changes nothing', async () => {
    const f = await make();
    await f.store.addPdf(pdf(), null);
    await f.store.addPdf(pdf({ pdfId: 'pdf-9', compositionId: 'case-9' }), null);
    // pdf-9 is another case's: the case would keep pdf-1 current beside the reprint.
    await expect(f.store.addPdf(pdf({ pdfId: 'pdf-2', createdAt: 2_000 }), 'pdf-9')).rejects.toThrow(
      CurrentPdfExistsError,
    );
    expect((await f.store.pdf('dental', 'pdf-9'))?.supersededBy).toBeNull();
    expect((await f.store.pdfsOfCase('dental', 'case-1')).map((p) => p.pdfId)).toEqual(['pdf-1']);
  });

  it('hands out copies: changing a PDF or an addendum read back changes nothing stored', async () => {
    const f = await make();
    await f.store.addPdf(pdf(), null);
    await f.store.addAddendum({
      orgId: 'dental',
      compositionId: 'case-1',
      title: 'T',
      text: 'x',
      signerName: 'Dr A',
      signature: 'M 1 1',
      signatureTime: 1,
      userId: 'u',
    });
    const read = (await f.store.currentPdf('dental', 'case-1'))!;
    read.supersededBy = 'changed';
    read.title = 'Changed';
    (await f.store.pdfsOfCase('dental', 'case-1'))[0]!.title = 'Changed';
    (await f.store.addendaSince('dental', 'case-1', 0))[0]!.text = 'Changed';
    expect(await f.store.currentPdf('dental', 'case-1')).toEqual({ ...pdf(), supersededBy: null });
    expect((await f.store.addendaSince('dental', 'case-1', 0))[0]?.text).toBe('x');
  });
});
