import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Observation } from '@vigil/shared';
import { SqliteChangeStore } from '../../sync-server/src/store/changes/sqlite.js';
import { SqliteResourceStore } from '../../sync-server/src/store/resources/sqlite.js';
import { openDatabase } from '../../sync-server/src/store/sqlite/database.js';
import type { Section } from './report-types.js';

/*
 * Issue 36: what the change feed costs a write. Every FHIR write and deletion appends its change to
 * the feed in the write's own transaction (store/changes/), so the price is paid on the write path.
 * Measured in one process on two SQLite files side by side: the store as the server wires it (with
 * the feed) against the same store without one (as before issue 36), in alternating rounds so that
 * a slower moment of the machine falls on both. The sync documents' persisted updates do not pass
 * through the feed (they are not FHIR resources); the throughput section measures those.
 */

const ORG = 'bench-org';
const ROUNDS = 6;
const WRITES_PER_ROUND = 1500;
const CONCURRENT = 20;

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

interface Side {
  store: SqliteResourceStore;
  next: number;
  close(): void;
}

function side(withFeed: boolean): Side {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-feed-'));
  const { db } = openDatabase(dir);
  const store = new SqliteResourceStore(db, withFeed ? new SqliteChangeStore(db) : undefined);
  return {
    store,
    next: 0,
    close: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes per second of one round: `count` writes, `parallel` at a time. */
async function round(s: Side, count: number, parallel: number): Promise<number> {
  const started = performance.now();
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
  return count / ((performance.now() - started) / 1000);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function changeFeedSection(): Promise<Section> {
  const withFeed = side(true);
  const without = side(false);
  const rows: Section['rows'] = [];
  try {
    for (const [label, parallel] of [
      ['FHIR writes, one at a time', 1],
      [`FHIR writes, ${CONCURRENT} at a time`, CONCURRENT],
    ] as const) {
      const ours: number[] = [];
      const reference: number[] = [];
      for (let r = 0; r < ROUNDS; r += 1) {
        // Alternate which side goes first, so neither always has the warmer moment.
        if (r % 2 === 0) {
          ours.push(await round(withFeed, WRITES_PER_ROUND, parallel));
          reference.push(await round(without, WRITES_PER_ROUND, parallel));
        } else {
          reference.push(await round(without, WRITES_PER_ROUND, parallel));
          ours.push(await round(withFeed, WRITES_PER_ROUND, parallel));
        }
      }
      rows.push({ label, unit: 'writes/s', ours: median(ours), reference: median(reference) });
    }
  } finally {
    withFeed.close();
    without.close();
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
  };
}
