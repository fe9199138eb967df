import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Observation } from '@vigil/shared';
import { walPagesDuring } from '../../sync-server/src/store/changes/inspect.test-util.js';
import { SqliteChangeStore } from '../../sync-server/src/store/changes/sqlite.js';
import { SqliteResourceStore } from '../../sync-server/src/store/resources/sqlite.js';
import { openDatabase, type Db } from '../../sync-server/src/store/sqlite/database.js';
import type { Section } from './report-types.js';
import { BASELINE_ROOT } from './servers.js';

/*
 * Issue 36: what the change feed costs a write. Every FHIR write and deletion appends its change to
 * the feed in the write's own transaction (store/changes/), so the price is paid on the write path.
 * Measured in one process on SQLite files side by side: the store as the server wires it (with
 * the feed) against the same store without one (as before issue 36), in alternating rounds so that
 * a slower moment of the machine falls on both. With BENCH_BASELINE_ROOT, an earlier checkout's
 * store with its own feed runs as a third side in the same rounds (before/after of a change to the
 * feed). The sync documents' persisted updates do not pass through the feed (they are not FHIR
 * resources); the throughput section measures those.
 *
 * The machine is shared, so the section also gives what load moves less: the CPU time of a write
 * (this process's, per round) and the pages its commit writes to the WAL (counted, not timed).
 */

const ORG = 'bench-org';
const ROUNDS = 24;
const WRITES_PER_ROUND = 400;
const CONCURRENT = 20;
/** Writes whose WAL pages are counted, after the timed rounds. */
const COUNTED_WRITES = 500;

/** A vital sign as a monitor charts it: one new resource per write, plus an update of a tenth of them. */
function reading(i: number): Observation & { id: string } {
  return {
    resourceType: 'Observation',
    id: `obs-${i}`,
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
    subject: { reference: 'Patient/pat-1' },
    effectiveDateTime: new Date(Date.UTC(2026, 10, 28, 10, 0, i % 3600)).toISOString(),
    valueQuantity: { value: 60 + (i % 40), unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
  };
}

/** What a side's store must do: the resource store's write (this checkout's, or the baseline's). */
interface Writer {
  write(input: { orgId: string; resource: Observation & { id: string } }, now: string): Promise<unknown>;
}

interface Side {
  name: 'feed' | 'none' | 'baseline';
  db: Db;
  store: Writer;
  next: number;
  close(): void;
}

/** A store on its own SQLite file, made by `open` (this checkout's modules or the baseline's). */
function side(name: Side['name'], open: (dir: string) => { db: Db; store: Writer }): Side {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-feed-'));
  const { db, store } = open(dir);
  return {
    name,
    db,
    store,
    next: 0,
    close: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The baseline checkout's store with its feed (its own modules: its write queue, its schema). */
async function baselineSide(root: string): Promise<Side> {
  const load = (file: string): Promise<Record<string, unknown>> =>
    import(pathToFileURL(path.join(root, 'sync-server/src/store', file)).href) as Promise<Record<string, unknown>>;
  const { openDatabase: openBaseline } = (await load('sqlite/database.ts')) as { openDatabase: typeof openDatabase };
  const { SqliteChangeStore: Changes } = (await load('changes/sqlite.ts')) as {
    SqliteChangeStore: new (db: Db) => unknown;
  };
  const { SqliteResourceStore: Resources } = (await load('resources/sqlite.ts')) as {
    SqliteResourceStore: new (db: Db, changes: unknown) => Writer;
  };
  return side('baseline', (dir) => {
    const { db } = openBaseline(dir);
    return { db, store: new Resources(db, new Changes(db)) };
  });
}

/** `count` writes, `parallel` at a time. */
async function writes(s: Side, count: number, parallel: number): Promise<void> {
  const now = new Date().toISOString();
  for (let done = 0; done < count; done += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - done) }, () => {
      const i = s.next++;
      // A tenth of the writes update an earlier reading (a corrected value), the rest are new.
      const id = i % 10 === 9 ? i - 5 : i;
      return s.store.write({ orgId: ORG, resource: reading(id) }, now);
    });
    await Promise.all(batch);
  }
}

interface Round {
  /** Writes per second. */
  rate: number;
  /** CPU time of this process per write, µs (user and system). */
  cpuUs: number;
}

async function round(s: Side, count: number, parallel: number): Promise<Round> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await writes(s, count, parallel);
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { rate: count / (elapsed / 1000), cpuUs: (used.user + used.system) / count };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fixed = (x: number, digits = 2): string => x.toFixed(digits);

export async function changeFeedSection(): Promise<Section> {
  const sides = [
    side('feed', (dir) => {
      const { db } = openDatabase(dir);
      return { db, store: new SqliteResourceStore(db, new SqliteChangeStore(db)) };
    }),
    side('none', (dir) => {
      const { db } = openDatabase(dir);
      return { db, store: new SqliteResourceStore(db) };
    }),
  ];
  if (BASELINE_ROOT) sides.push(await baselineSide(BASELINE_ROOT));
  const rows: Section['rows'] = [];
  const notes: string[] = [];
  try {
    for (const [label, parallel] of [
      ['FHIR writes, one at a time', 1],
      [`FHIR writes, ${CONCURRENT} at a time`, CONCURRENT],
    ] as const) {
      const rounds = new Map<Side['name'], Round[]>(sides.map((s) => [s.name, []]));
      for (let r = 0; r < ROUNDS; r += 1) {
        // Rotate which side goes first, so none always has the warmer moment.
        for (let k = 0; k < sides.length; k += 1) {
          const s = sides[(r + k) % sides.length]!;
          rounds.get(s.name)!.push(await round(s, WRITES_PER_ROUND, parallel));
        }
      }
      const of = (name: Side['name'], key: keyof Round): number[] => (rounds.get(name) ?? []).map((x) => x[key]);
      rows.push({ label, unit: 'writes/s', ours: median(of('feed', 'rate')), reference: median(of('none', 'rate')) });
      const paired = (name: Side['name']): string => {
        const ratios = of(name, 'rate')
          .map((rate, i) => rate / of('none', 'rate')[i]!)
          .sort((a, b) => a - b);
        return `median ${fixed(median(ratios))}, from ${fixed(ratios[0]!)} to ${fixed(ratios.at(-1)!)}`;
      };
      const cpu = (name: Side['name']): number => median(of(name, 'cpuUs'));
      notes.push(
        `${label}: round by round, with / without the feed ${paired('feed')}; CPU time per write ` +
          `${fixed(cpu('feed'), 0)} / ${fixed(cpu('none'), 0)} µs (${fixed(cpu('feed') / cpu('none'))}×).`,
      );
      if (BASELINE_ROOT) {
        notes.push(
          `${label}, the baseline's feed (${BASELINE_ROOT}): ${fixed(median(of('baseline', 'rate')), 0)} writes/s; ` +
            `round by round, against no feed ${paired('baseline')}; CPU time per write ${fixed(cpu('baseline'), 0)} µs ` +
            `(${fixed(cpu('baseline') / cpu('none'))}×).`,
        );
      }
    }
    const pages: string[] = [];
    for (const s of sides) {
      const written = await walPagesDuring(s.db, () => writes(s, COUNTED_WRITES, 1));
      pages.push(
        `${s.name === 'feed' ? 'with the feed' : s.name === 'none' ? 'without' : 'baseline'} ${fixed(written / COUNTED_WRITES)}`,
      );
    }
    notes.push(
      `Pages each write's commit writes to the WAL (4 KiB each; ${COUNTED_WRITES} writes counted): ${pages.join(', ')}.`,
    );
  } finally {
    for (const s of sides) s.close();
  }
  return {
    title: 'The change feed on the write path (issue 36)',
    setup:
      `The resource store with the change feed (ours, as the server runs) against the same store without it ` +
      `(reference, as before issue 36), each on its own SQLite file in one process; ${ROUNDS} alternating rounds of ` +
      `${WRITES_PER_ROUND} Observation writes (a tenth of them updates), medians. Goal of issue 36: the feed costs ` +
      `no more than 10 % of write throughput.`,
    rows: rows.map((row) => ({
      ...row,
      goal: {
        text: 'at least 90 % of the throughput without the feed',
        met: row.ours !== null && row.reference !== null && row.ours >= 0.9 * row.reference,
      },
    })),
    notes,
  };
}
