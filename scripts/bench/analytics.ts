import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { caseFacts, type CaseFacts } from '@vigil/shared';
import { seededCaseContent, caseDocument, type SeededCase } from '../../sync-server/src/analytics/demo.js';
import { SqliteCaseFactsStore } from '../../sync-server/src/store/analytics/sqlite.js';
import { SqliteChangeStore } from '../../sync-server/src/store/changes/sqlite.js';
import type { FactsFilter } from '../../sync-server/src/store/analytics/types.js';
import { openDatabase, type Db } from '../../sync-server/src/store/sqlite/database.js';
import type { Section } from './report-types.js';

/*
 * Issue 41: the analytics page's queries over the read model, for an office with 100 cases and one
 * with 10,000, on SQLite files side by side, in alternating rounds so a slower moment of the machine
 * falls on both. The read model's rows are written as the consumer writes them (shared caseFacts
 * over seeded case contents); the queries are what the page asks on open (the whole range), with
 * a month, three providers and a location chosen, and the first drill-down page.
 */

const ORG = 'bench-office';
const ROUNDS = 15;
const DAY = 24 * 3_600_000;
const START = Date.UTC(2022, 0, 3, 9);

/** Facts of `count` cases over five years: 12 providers, 3 rooms, every level, the template's misses. */
function officeFacts(count: number): CaseFacts[] {
  const levels = ['minimal', 'moderate', 'deep', 'ga'] as const;
  const templates = Array.from({ length: 12 }, (_, t) => {
    const c: SeededCase = {
      id: 'template',
      start: START,
      providerId: 'p',
      patientId: 'pat',
      level: levels[t % 4],
      minutes: 40 + (t % 5) * 10,
      missedCheckpoints: t % 7 === 3 ? 1 : 0,
      dischargeComplete: t % 6 !== 4,
      overridden: t % 8 === 2,
    };
    return caseFacts({
      orgId: ORG,
      caseId: 'template',
      caseData: caseDocument(seededCaseContent(c)).content,
      appointment: {
        start: START,
        providerId: null,
        providerName: null,
        locationId: null,
        locationName: null,
        sedationLevel: levels[t % 4]!,
      },
      signedAt: START + (t % 5 === 1 ? 26 : 1) * 3_600_000,
      addenda: 0,
    });
  });
  const span = 5 * 365 * DAY;
  return Array.from({ length: count }, (_, i) => {
    const startAt = START + Math.floor((i / count) * span);
    const p = i % 12;
    return {
      ...templates[i % 12]!,
      caseId: `apt-${String(i).padStart(6, '0')}`,
      startAt,
      month: new Date(startAt).toISOString().slice(0, 7),
      providerId: `prc-${p}`,
      providerName: `Dr ${p}`,
      locationId: `loc-${i % 3}`,
      locationName: `Room ${(i % 3) + 1}`,
    };
  });
}

interface Side {
  count: number;
  db: Db;
  store: SqliteCaseFactsStore;
  dir: string;
  times: Record<string, number[]>;
}

async function side(count: number): Promise<Side> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-analytics-'));
  const { db } = openDatabase(dir);
  const store = new SqliteCaseFactsStore(db);
  // One transaction for the seeding (as a rebuild writes).
  await new SqliteChangeStore(db).transaction(async () => {
    for (const f of officeFacts(count)) await store.put(f, 0);
  });
  return { count, db, store, dir, times: {} };
}

const ALL: FactsFilter = { from: null, to: null, providerIds: [], locationId: null };
const NARROW: FactsFilter = {
  from: Date.UTC(2024, 5, 1),
  to: Date.UTC(2024, 6, 1),
  providerIds: ['prc-1', 'prc-4', 'prc-7'],
  locationId: 'loc-1',
};
const QUERIES: Record<string, (s: SqliteCaseFactsStore) => Promise<unknown>> = {
  'page on open (whole range)': (s) => s.summary(ORG, ALL),
  'a month, 3 providers, a room': (s) => s.summary(ORG, NARROW),
  'first drill-down page (20 cases)': (s) =>
    s.cases(ORG, ALL, { figure: 'signedWithin24h', met: false }, { first: 20, after: null }),
};

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

export async function analyticsSection(): Promise<Section> {
  const small = await side(100);
  const large = await side(10_000);
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of round % 2 ? [large, small] : [small, large]) {
        for (const [name, query] of Object.entries(QUERIES)) {
          const started = performance.now();
          await query(s.store);
          (s.times[name] ??= []).push(performance.now() - started);
        }
      }
    }
    return {
      title: 'Analytics queries: 10,000 cases against 100 (issue 41)',
      setup:
        `One office's read model on SQLite files side by side, 100 and 10,000 cases over five years (12 providers, 3 rooms), ` +
        `${ROUNDS} alternating rounds, median ms per query; "reference" is the 100-case office.`,
      rows: Object.keys(QUERIES).flatMap((name) => [
        { label: name, unit: 'ms', ours: median(large.times[name]!), reference: median(small.times[name]!) },
        {
          label: `${name}: ratio 10,000 / 100`,
          unit: '×',
          ours: Math.round((median(large.times[name]!) / median(small.times[name]!)) * 10) / 10,
          reference: null,
        },
      ]),
      notes: [
        'Whole months are read from the monthly roll-ups (one row per month, level, provider and room), the part ' +
          "months at the ends of a range from the cases' rows through the start index, a drill-down page through the " +
          'same index: the figures grow with the months, providers and rooms counted, not with the cases. The ' +
          "100-case office fills few of the 10,000-case office's month × level × provider × room rows, hence a ratio above 1.",
      ],
    };
  } finally {
    for (const s of [small, large]) {
      s.db.close();
      rmSync(s.dir, { recursive: true, force: true });
    }
  }
}
