import { deflateSync } from 'fflate';
import { canonicalJson, type VitalsRecord } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { simulatedVitals } from '../devices/monitor.js';
import { addListEntry, readCase, readField, setField } from './commands.js';
import { CASE_WRITTEN_BY_319A412 } from './fixtures/caseWrittenBy319a412.js';
import { compactReadings, readVitalsRecords, recordReading, watchVitalsRecords } from './readings.js';
import {
  caseFromUpdate,
  encodeCase,
  exchangeUpdates,
  newCaseDoc,
  newCaseDocWithClientId,
  recordLegacyReading,
} from './testing.js';
import type { CaseDoc } from './caseDoc.js';

const T0 = Date.UTC(2026, 10, 20, 14, 0);

/** A seeded source of [0, 1) randoms (mulberry32, as tests/utils/random.ts): the same case every run. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const FOUR_HOURS_AT_5_S = 2880;

function reading(t: number, random: () => number, monitorId = 'mon-bench'): Omit<VitalsRecord, 'id'> {
  return {
    lastUpdated: t,
    simulated: true,
    monitorLabel: 'Simulated monitor',
    monitorId,
    selectedVitals: ['hr', 'spo2', 'rr', 'etco2'],
    vitals: simulatedVitals(t, random),
  };
}

/**
 * A 4-hour case charted as a tablet charts it: a reading every 5 s, each its own transaction,
 * 40 doses and event times between them; `write` is the monitor's write path.
 */
function fourHourCase(doc: CaseDoc, write: (doc: CaseDoc, r: Omit<VitalsRecord, 'id'>) => unknown): CaseDoc {
  const random = seededRandom(38);
  setField(doc, 'weight', { value: 20, raw: '20 kg' });
  setField(doc, 'events', { caseStart: T0 });
  for (let i = 0; i < FOUR_HOURS_AT_5_S; i++) {
    const t = T0 + i * 5000;
    write(doc, reading(t, random));
    if (i % 72 === 0) {
      const dose = { drugId: 'midazolam', route: 'IV', amount: 1, amount_raw: '1', unit: 'mg', time: t } as const;
      addListEntry(doc, 'drugsAdministered', {
        id: `drug-${String(i).padStart(14, '0')}`,
        name: 'Midazolam',
        drugId: 'midazolam',
        doses: [{ ...dose, isPreProcedure: false, isComplete: true, perKg: null }],
      });
    }
  }
  return doc;
}

const sizes = (doc: CaseDoc): { encoded: number; deflated: number } => {
  const update = encodeCase(doc);
  return { encoded: update.byteLength, deflated: deflateSync(update).byteLength };
};

const KB = 1024;

describe('monitor readings in the compact form (issue 38)', () => {
  it('[MR1] records a reading in the compact form and reads it back as the record it returned', () => {
    const doc = newCaseDoc();
    const record = recordReading(
      doc,
      reading(T0, () => 0.5),
    );
    expect(readField(doc, 'vitalsRecords')).toEqual([]);
    expect(readField(doc, 'vitalsReadings')).toHaveLength(1);
    expect(Object.keys(readField(doc, 'vitalsMonitors') as object)).toHaveLength(1);
    expect(readVitalsRecords(doc)).toEqual([record]);
    expect(record.vitals.hr).toEqual({ value: 70, time: T0, status: 'connected' });
    // A second reading of the same monitor adds an entry, not a header.
    recordReading(
      doc,
      reading(T0 + 5000, () => 0.5),
    );
    expect(Object.keys(readField(doc, 'vitalsMonitors') as object)).toHaveLength(1);
    expect(readVitalsRecords(doc).map((r) => r.lastUpdated)).toEqual([T0, T0 + 5000]);
  });

  it('[MR1] two tablets charting the same case keep every reading of both', () => {
    const a = newCaseDoc();
    const b = newCaseDoc();
    const random = seededRandom(1);
    for (let i = 0; i < 10; i++) {
      recordReading(a, reading(T0 + i * 5000, random, 'mon-a'));
      recordReading(b, reading(T0 + i * 5000 + 1, random, 'mon-b'));
    }
    exchangeUpdates(a, b);
    expect(readVitalsRecords(a)).toHaveLength(20);
    expect(readVitalsRecords(b)).toEqual(readVitalsRecords(a));
  });

  it('[MR3] one reading of one monitor charted by two tablets (a bridge monitor both follow) is read once', () => {
    const a = newCaseDoc();
    const b = newCaseDoc();
    const shared = reading(T0, () => 0.4, 'bridge-op2');
    const fromA = recordReading(a, shared);
    const fromB = recordReading(b, shared);
    expect(fromB).toEqual(fromA);
    exchangeUpdates(a, b);
    expect(readVitalsRecords(a)).toEqual([fromA]);
    // Both entries are in the list until a compaction finds the second copy.
    expect(readField(a, 'vitalsReadings')).toHaveLength(2);
    recordReading(
      a,
      reading(T0 + 5000, () => 0.4, 'bridge-op2'),
    );
    expect(readField(a, 'vitalsReadings')).toHaveLength(2);
    expect(readVitalsRecords(a).map((r) => r.lastUpdated)).toEqual([T0, T0 + 5000]);
  });

  it('[MR1] a 4-hour case at a reading every 5 s encodes under 300 KB and deflates under 100 KB', () => {
    const compact = sizes(fourHourCase(newCaseDocWithClientId(38), recordReading));
    const legacy = sizes(fourHourCase(newCaseDocWithClientId(38), recordLegacyReading));
    expect(compact.encoded).toBeLessThan(300 * KB);
    expect(compact.deflated).toBeLessThan(100 * KB);
    // The same case written the old way, for the ratio (benchmarks.md has the measured figures).
    expect(legacy.encoded).toBeGreaterThan(3 * compact.encoded);
  });

  it('[MR4] compacts a real 4-hour case an older tablet charted, losing nothing, and then keeps charting', () => {
    const doc = fourHourCase(newCaseDocWithClientId(38), recordLegacyReading);
    const before = readVitalsRecords(doc);
    const beforeSize = sizes(doc);
    expect(before).toHaveLength(FOUR_HOURS_AT_5_S);
    expect(compactReadings(doc)).toEqual({ moved: FOUR_HOURS_AT_5_S, removed: 0 });
    expect(readField(doc, 'vitalsRecords')).toEqual([]);
    expect(readVitalsRecords(doc)).toEqual(before);
    // Idempotent: nothing left to move, nothing written.
    const update = encodeCase(doc);
    expect(compactReadings(doc)).toEqual({ moved: 0, removed: 0 });
    expect(encodeCase(doc)).toEqual(update);
    // A fresh copy of the compacted case (deleted old records are gone from a new encoding).
    const fresh = caseFromUpdate(encodeCase(doc));
    expect(readVitalsRecords(fresh)).toEqual(before);
    const after = sizes(doc);
    expect(after.deflated).toBeLessThan(beforeSize.deflated);
    const next = recordReading(
      doc,
      reading(T0 + FOUR_HOURS_AT_5_S * 5000, () => 0),
    );
    expect(readVitalsRecords(doc)).toEqual([...before, next]);
  });

  it('[MR4] compacts a case written by the client of commit 319a412 at its next reading, losing nothing', () => {
    const update = Uint8Array.from(atob(CASE_WRITTEN_BY_319A412), (c) => c.charCodeAt(0));
    const doc = caseFromUpdate(update);
    const old = readField(doc, 'vitalsRecords') as VitalsRecord[];
    expect(old).toHaveLength(36);
    const otherKeys = (d: CaseDoc): Record<string, unknown> => {
      const { vitalsRecords: _r, vitalsReadings: _c, vitalsMonitors: _m, ...rest } = readCase(d);
      return rest;
    };
    const rest = otherKeys(doc);
    expect(readVitalsRecords(doc)).toEqual(old);
    const next = recordReading(
      doc,
      reading(T0 + 36 * 5000, () => 0.5, 'mon-session25'),
    );
    expect(readField(doc, 'vitalsRecords')).toEqual([]);
    expect(readVitalsRecords(doc)).toEqual([...old, next]);
    expect(canonicalJson(readVitalsRecords(doc).slice(0, 36))).toBe(canonicalJson(old));
    expect(otherKeys(doc)).toEqual(rest);
    // The old build's monitor and this build's write one header between them.
    expect(Object.keys(readField(doc, 'vitalsMonitors') as object)).toHaveLength(1);
  });

  it('[MR4] two tablets compacting the same case at once: after merging, no reading lost, none twice', () => {
    const HOUR = 720;
    const legacy = newCaseDocWithClientId(11);
    const random = seededRandom(7);
    for (let i = 0; i < HOUR; i++) recordLegacyReading(legacy, reading(T0 + i * 5000, random));
    const before = readVitalsRecords(legacy);
    const a = caseFromUpdate(encodeCase(legacy), 101);
    const b = caseFromUpdate(encodeCase(legacy), 102);
    // Meanwhile an older tablet keeps writing the old form.
    const old = caseFromUpdate(encodeCase(legacy), 103);
    const late = recordLegacyReading(
      old,
      reading(T0 + HOUR * 5000, () => 0.1),
    );
    // Each tablet's next reading compacts what it has.
    const fromA = recordReading(
      a,
      reading(T0 + HOUR * 5000 + 1, () => 0.2, 'mon-a'),
    );
    const fromB = recordReading(
      b,
      reading(T0 + HOUR * 5000 + 2, () => 0.3, 'mon-b'),
    );
    const all = [a, b, old];
    const mergeAll = (): void => {
      exchangeUpdates(a, b);
      exchangeUpdates(a, old);
      exchangeUpdates(b, old);
    };
    const compactList = (d: CaseDoc): number => (readField(d, 'vitalsReadings') as unknown[]).length;
    mergeAll();
    const expected = [...before, late, fromA, fromB];
    for (const d of all) expect(readVitalsRecords(d)).toEqual(expected);
    // Both compacted the same records: the list holds two copies of each until a next compaction;
    // the older tablet's late record is still in the old form.
    expect(compactList(a)).toBe(2 * HOUR + 2);
    expect(readField(a, 'vitalsRecords')).toEqual([late]);
    // Both compact again at once (removing copies, each moving the late record), then merge.
    compactReadings(a);
    compactReadings(b);
    mergeAll();
    for (const d of all) {
      expect(readVitalsRecords(d)).toEqual(expected);
      expect(readField(d, 'vitalsRecords')).toEqual([]);
    }
    expect(compactList(a)).toBe(HOUR + 4);
    // One more compaction anywhere leaves one entry per reading on every tablet.
    expect(compactReadings(old)).toEqual({ moved: 0, removed: 1 });
    mergeAll();
    for (const d of all) {
      expect(readVitalsRecords(d)).toEqual(expected);
      expect(compactList(d)).toBe(HOUR + 3);
    }
    expect(canonicalJson(readCase(a))).toBe(canonicalJson(readCase(b)));
  });

  it('follows the readings: appends what a monitor charts, reads everything again after a compaction', () => {
    const doc = newCaseDoc();
    recordLegacyReading(doc, { ...reading(T0, () => 0), id: 'vit-old' });
    const changes: string[] = [];
    let shown: VitalsRecord[] = readVitalsRecords(doc);
    const stop = watchVitalsRecords(doc, shown, (change) => {
      if ('all' in change) {
        changes.push(`all ${change.all.length}`);
        shown = change.all;
      } else {
        changes.push(`appended ${change.appended.length}`);
        shown = shown.concat(change.appended);
      }
    });
    recordReading(
      doc,
      reading(T0 + 5000, () => 0),
    ); // compacts the old record, writes a header
    recordReading(
      doc,
      reading(T0 + 10_000, () => 0),
    );
    recordReading(
      doc,
      reading(T0 + 15_000, () => 0),
    );
    setField(doc, 'weight', { value: 20 }); // another key: not followed
    // Another tablet's monitor: its header is new here, so everything is read again.
    const other = newCaseDoc();
    exchangeUpdates(doc, other);
    recordReading(
      other,
      reading(T0 + 16_000, () => 0, 'mon-other'),
    );
    exchangeUpdates(doc, other);
    stop();
    recordReading(
      doc,
      reading(T0 + 20_000, () => 0),
    );
    expect(changes).toEqual(['all 2', 'appended 1', 'appended 1', 'all 5']);
    expect(shown.map((r) => r.lastUpdated)).toEqual([T0, T0 + 5000, T0 + 10_000, T0 + 15_000, T0 + 16_000]);
    expect(shown[0]!.id).toBe('vit-old');
  });
});
