import { caseFacts, type CaseFacts } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryCaseFactsStore } from './memory.js';
import { PostgresCaseFactsStore } from './postgres.js';
import { SqliteCaseFactsStore } from './sqlite.js';
import { caseCursor, type CaseFactsStore, type FactsFilter } from './types.js';

/** Every CaseFactsStore implementation. */
const implementations = await runnableImplementations<[string, () => CaseFactsStore | Promise<CaseFactsStore>]>(
  'CaseFactsStore contract',
  [
    ['memory', () => new MemoryCaseFactsStore(new MemoryDatabase())],
    ['sqlite', () => new SqliteCaseFactsStore(openMemoryDatabase())],
    ['postgres', async () => new PostgresCaseFactsStore(await testPostgresDatabase())],
  ],
);

const ALL: FactsFilter = { from: null, to: null, providerIds: [], locationId: null };
const NOV = Date.UTC(2026, 10, 2, 9);
const DEC = Date.UTC(2026, 11, 2, 9);

/** Facts of a case with the given overrides (a real caseFacts answer, so the shape is the model's). */
function facts(caseId: string, over: Partial<CaseFacts> = {}): CaseFacts {
  const base = caseFacts({
    orgId: 'office',
    caseId,
    caseData: null,
    appointment: {
      start: NOV,
      providerId: 'prc-a',
      providerName: 'Dr A',
      locationId: 'loc-1',
      locationName: 'Room 1',
      sedationLevel: 'moderate',
    },
    signedAt: null,
    addenda: 0,
  });
  return { ...base, ...over };
}

const QUALITY_ALL = {
  preOpComplete: true,
  vitalsAtEveryCheckpoint: true,
  dischargeBeforeSignoff: true,
  signedWithin24h: true,
  noOverride: true,
};

describe.each(implementations)('analytics read model contract (%s)', (_name, make) => {
  it('keeps one row per case: a second put replaces the first, remove deletes it', async () => {
    const store = await make();
    await store.put(facts('c1'), 1);
    await store.put(facts('c1', { anesthesiaMinutes: 30 }), 2);
    expect((await store.get('office', 'c1'))?.anesthesiaMinutes).toBe(30);
    expect((await store.summary('office', ALL)).cases).toBe(1);
    await store.remove('office', 'c1');
    expect(await store.get('office', 'c1')).toBeNull();
    await store.remove('office', 'c1');
  });

  it('adds up cases, minutes and units per month, level and provider', async () => {
    const store = await make();
    await store.put(facts('c1', { anesthesiaMinutes: 30, anesthesiaUnits: 2 }), 1);
    await store.put(facts('c2', { anesthesiaMinutes: 45, anesthesiaUnits: 3 }), 1);
    await store.put(facts('c3', { startAt: DEC, month: '2026-12', providerId: 'prc-b', providerName: 'Dr B' }), 1);
    const s = await store.summary('office', ALL);
    expect(s.months).toEqual([
      {
        month: '2026-11',
        sedationLevel: 'moderate',
        providerId: 'prc-a',
        providerName: 'Dr A',
        cases: 2,
        anesthesiaMinutes: 75,
        anesthesiaUnits: 5,
      },
      {
        month: '2026-12',
        sedationLevel: 'moderate',
        providerId: 'prc-b',
        providerName: 'Dr B',
        cases: 1,
        anesthesiaMinutes: 0,
        anesthesiaUnits: 0,
      },
    ]);
    expect(s.providers).toEqual([
      { id: 'prc-a', name: 'Dr A' },
      { id: 'prc-b', name: 'Dr B' },
    ]);
    expect(s.locations).toEqual([{ id: 'loc-1', name: 'Room 1' }]);
  });

  it('totals drugs, counts discharge scores and the quality figures of finalized cases only', async () => {
    const store = await make();
    const drugs = [{ name: 'Midazolam', unit: 'mg', total: 2 }];
    await store.put(facts('c1', { drugs, dischargeScore: 12, status: 'finalized', quality: QUALITY_ALL }), 1);
    await store.put(
      facts('c2', {
        drugs: [...drugs, { name: 'Fentanyl', unit: 'mcg', total: 50 }],
        dischargeScore: 12,
        status: 'finalized',
        quality: { ...QUALITY_ALL, noOverride: false },
      }),
      1,
    );
    // Started, not finalized: its quality flags never count.
    await store.put(facts('c3', { quality: QUALITY_ALL, dischargeScore: 10 }), 1);
    const s = await store.summary('office', ALL);
    expect(s.drugs).toEqual([
      { name: 'Fentanyl', unit: 'mcg', cases: 1, total: 50 },
      { name: 'Midazolam', unit: 'mg', cases: 2, total: 4 },
    ]);
    expect(s.discharge).toEqual([
      { type: 'aldrete', score: 10, cases: 1 },
      { type: 'aldrete', score: 12, cases: 2 },
    ]);
    expect(s.quality).toEqual({
      finalized: 2,
      preOpComplete: 2,
      vitalsAtEveryCheckpoint: 2,
      dischargeBeforeSignoff: 2,
      signedWithin24h: 2,
      noOverride: 1,
    });
  });

  it('filters by date range, providers and location, and never shows another organisation', async () => {
    const store = await make();
    await store.put(facts('c1'), 1);
    await store.put(facts('c2', { startAt: DEC, month: '2026-12', providerId: 'prc-b', locationId: 'loc-2' }), 1);
    await store.put(facts('c3', { orgId: 'elsewhere' }), 1);
    expect((await store.summary('office', { ...ALL, from: DEC })).cases).toBe(1);
    expect((await store.summary('office', { ...ALL, to: DEC })).cases).toBe(1);
    expect((await store.summary('office', { ...ALL, providerIds: ['prc-a', 'prc-x'] })).cases).toBe(1);
    expect((await store.summary('office', { ...ALL, locationId: 'loc-2' })).cases).toBe(1);
    expect((await store.summary('office', ALL)).cases).toBe(2);
    expect((await store.cases('elsewhere', ALL, {}, { first: 10, after: null })).map((f) => f.caseId)).toEqual(['c3']);
  });

  it('drills down a page at a time, newest first, to the cases behind a figure', async () => {
    const store = await make();
    for (let i = 1; i <= 5; i++) {
      await store.put(
        facts(`c${i}`, {
          startAt: NOV + i * 3_600_000,
          status: 'finalized',
          quality: { ...QUALITY_ALL, signedWithin24h: i % 2 === 0 },
          drugs: i <= 2 ? [{ name: 'Midazolam', unit: 'mg', total: 1 }] : [],
        }),
        1,
      );
    }
    const first = await store.cases('office', ALL, {}, { first: 2, after: null });
    expect(first.map((f) => f.caseId)).toEqual(['c5', 'c4']);
    const next = await store.cases('office', ALL, {}, { first: 2, after: caseCursor(first[1]!) });
    expect(next.map((f) => f.caseId)).toEqual(['c3', 'c2']);
    const missed = await store.cases(
      'office',
      ALL,
      { figure: 'signedWithin24h', met: false },
      { first: 10, after: null },
    );
    expect(missed.map((f) => f.caseId)).toEqual(['c5', 'c3', 'c1']);
    const midazolam = await store.cases('office', ALL, { drug: 'Midazolam' }, { first: 10, after: null });
    expect(midazolam.map((f) => f.caseId)).toEqual(['c2', 'c1']);
    const byMonth = await store.cases(
      'office',
      ALL,
      { month: '2026-11', sedationLevel: 'moderate', providerId: 'prc-a' },
      { first: 10, after: null },
    );
    expect(byMonth).toHaveLength(5);
    expect(byMonth[0]).toEqual(await store.get('office', 'c5'));
  });

  it('[AN7] counts whole months and the part months at a range’s ends alike, and follows a case moved to another month', async () => {
    const store = await make();
    const drugs = [{ name: 'Midazolam', unit: 'mg', total: 1 }];
    const at = (m: number, d: number): number => Date.UTC(2026, m, d, 9);
    const month = (ms: number): string => new Date(ms).toISOString().slice(0, 7);
    // Oct 30, Nov 5, Nov 20, Dec 1, Dec 3: a range from Oct 31 to Dec 2 (both days in) holds three.
    const starts = [at(9, 30), at(10, 5), at(10, 20), at(11, 1), at(11, 3)];
    for (const [i, startAt] of starts.entries()) {
      await store.put(
        facts(`m${i}`, { startAt, month: month(startAt), drugs, status: 'finalized', quality: QUALITY_ALL }),
        1,
      );
    }
    const range = { ...ALL, from: Date.UTC(2026, 9, 31), to: Date.UTC(2026, 11, 3) };
    const s = await store.summary('office', range);
    expect(s.cases).toBe(3);
    expect(s.months.map((m) => [m.month, m.cases])).toEqual([
      ['2026-11', 2],
      ['2026-12', 1],
    ]);
    expect(s.drugs).toEqual([{ name: 'Midazolam', unit: 'mg', cases: 3, total: 3 }]);
    expect(s.quality.finalized).toBe(3);
    // Moved from November to January: November's figures lose it.
    await store.put(facts('m1', { startAt: at(0, 10) + 365 * 86_400_000, month: '2027-01', drugs }), 2);
    expect((await store.summary('office', range)).months.map((m) => [m.month, m.cases])).toEqual([
      ['2026-11', 1],
      ['2026-12', 1],
    ]);
    await store.remove('office', 'm2');
    expect((await store.summary('office', range)).cases).toBe(1);
    expect((await store.summary('office', ALL)).cases).toBe(4);
  });

  it('keeps the month figures whole when many cases of one month are written at once', async () => {
    const store = await make();
    const drugs = [{ name: 'Midazolam', unit: 'mg', total: 1 }];
    // Twelve cases of November written together (two instances' consumers at once, on a shared
    // database), then four of them moved to December together.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        store.put(facts(`p${i}`, { drugs, anesthesiaMinutes: 10, status: 'finalized', quality: QUALITY_ALL }), 1),
      ),
    );
    await Promise.all(
      Array.from({ length: 4 }, (_, i) => store.put(facts(`p${i}`, { startAt: DEC, month: '2026-12', drugs }), 2)),
    );
    const s = await store.summary('office', ALL);
    expect(s.cases).toBe(12);
    expect(s.months.map((m) => [m.month, m.cases, m.anesthesiaMinutes])).toEqual([
      ['2026-11', 8, 80],
      ['2026-12', 4, 0],
    ]);
    expect(s.drugs).toEqual([{ name: 'Midazolam', unit: 'mg', cases: 12, total: 12 }]);
    expect(s.quality.finalized).toBe(8);
  });

  it('empties every organisation on clear (a rebuild starts from nothing)', async () => {
    const store = await make();
    await store.put(facts('c1'), 1);
    await store.put(facts('c2', { orgId: 'elsewhere' }), 1);
    await store.clear();
    expect((await store.summary('office', ALL)).cases).toBe(0);
    expect(await store.get('elsewhere', 'c2')).toBeNull();
  });
});
