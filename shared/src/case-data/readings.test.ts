import { describe, expect, it } from 'vitest';
import { hasSimulatedReadings, vitalSamples } from '../report/chart.js';
import { caseDischarge } from '../report/discharge.js';
import { caseReadings } from '../rules/signoff-case.js';
import { canonicalJson } from '../sync/content-hash.js';
import type { VitalsRecord } from './entries.js';
import { CASE_DATA_SCHEMA_VERSION } from './migrations.js';
import {
  decodeReading,
  derivedReadingId,
  duplicateReadingIndexes,
  encodeNewReading,
  encodeReading,
  keepDecodedReadings,
  monitorHeaderKey,
  monitorRecords,
  MONITOR_READING_FORMAT,
  planCompaction,
  readingEntrySchema,
  type MonitorHeader,
  type ReadingEntry,
} from './readings.js';
import { caseDataSchema } from './schema.js';

const T = Date.UTC(2026, 10, 26, 9, 30);

/** A reading as the simulated monitor writes it (spec 002 §3 fields). */
const simulated = (i: number, hr = 70 + (i % 7)): VitalsRecord => ({
  id: `vit-${String(i).padStart(14, '0')}`,
  lastUpdated: T + i * 5000,
  simulated: true,
  monitorLabel: 'Simulated monitor',
  monitorId: 'mon-1',
  selectedVitals: ['hr', 'spo2', 'rr', 'etco2'],
  vitals: {
    hr: { value: hr, time: T + i * 5000, status: 'connected' },
    spo2: { value: 98, time: T + i * 5000, status: 'connected' },
    rr: { value: 13, time: T + i * 5000, status: 'connected' },
    etco2: { value: 32, time: T + i * 5000, status: 'connected' },
  },
});

/** A case's compact lists as JSON, from old records (what a compaction writes). */
function compacted(legacy: readonly VitalsRecord[]): {
  vitalsReadings: ReadingEntry[];
  vitalsMonitors: Record<string, MonitorHeader>;
} {
  const plan = planCompaction(legacy);
  return { vitalsReadings: plan.entries, vitalsMonitors: plan.headers };
}

describe('compact monitor readings (issue 38)', () => {
  it('[MR1] gives back the simulated monitor record exactly, from an entry of a few dozen bytes', () => {
    const record = simulated(3);
    const { entry, header } = encodeReading(record);
    expect(header).not.toBeNull();
    expect(entry).toEqual({
      h: header!.key,
      t: record.lastUpdated,
      d: { hr: 73, spo2: 98, rr: 13, etco2: 32 },
      i: record.id,
    });
    expect(header!.value).toEqual({
      v: MONITOR_READING_FORMAT,
      f: {
        simulated: true,
        monitorLabel: 'Simulated monitor',
        monitorId: 'mon-1',
        selectedVitals: ['hr', 'spo2', 'rr', 'etco2'],
      },
      vs: 'connected',
    });
    expect(decodeReading(entry, { [header!.key]: header!.value })).toEqual(record);
    // The old record is ~400 characters of JSON; the entry is a fifth of it.
    expect(JSON.stringify(entry).length).toBeLessThan(JSON.stringify(record).length / 4);
  });

  it.each([
    [
      'a vital measured before the reading (blood pressure)',
      { sbp: { value: 118, time: T - 120_000, status: 'connected' } },
    ],
    ['a vital with another status', { hr: { value: null, time: T, status: 'measuring' } }],
    ['a vital with an error', { spo2: { value: null, time: T, error: 'Probe off', status: 'connected' } }],
    ['a vital with no status among ones with', { rr: { value: 12, time: T } }],
    ['a vital with status null', { etco2: { value: 30, time: T, status: null } }],
    ['a fractional value', { temp: { value: 36.6, time: T, status: 'connected' } }],
  ])('[MR1] gives back %s exactly', (_name, extra) => {
    const record: VitalsRecord = { ...simulated(0), vitals: { ...simulated(0).vitals, ...extra } };
    const { entry, header } = encodeReading(record);
    expect('h' in entry).toBe(true);
    expect(canonicalJson(decodeReading(entry, { [header!.key]: header!.value }))).toBe(canonicalJson(record));
  });

  it.each([
    ['no id', { lastUpdated: T, vitals: { hr: { value: 70, time: T } } }],
    ['vitals as an array of samples', { id: 'v1', lastUpdated: T, vitals: [{ time: T, values: { hr: 70 } }] }],
    ['a vital without a time', { id: 'v1', lastUpdated: T, vitals: { hr: { value: 70 } } }],
    ['a vital as a bare number', { id: 'v1', lastUpdated: T, vitals: { hr: 70 } }],
    ['lastUpdated as a date text', { id: 'v1', lastUpdated: '2026-11-26T09:30:00Z', vitals: {} }],
    [
      'a vital with a key of another build',
      { id: 'v1', lastUpdated: T, vitals: { hr: { value: 70, time: T, unit: 'bpm' } } },
    ],
  ])("[MR1] keeps another build's record with %s whole (raw entry)", (_name, record) => {
    const { entry, header } = encodeReading(record);
    expect(header).toBeNull();
    expect(entry).toEqual({ r: record });
    expect(decodeReading(entry, {})).toEqual(record);
  });

  it("[MR1] keeps the record's other keys in its header", () => {
    const record = { ...simulated(1), deviceSerial: 'N-1234' };
    const { entry, header } = encodeReading(record);
    expect(header!.value.f.deviceSerial).toBe('N-1234');
    expect(decodeReading(entry, { [header!.key]: header!.value })).toEqual(record);
  });

  it('[MR1] a new reading has no id of its own: it reads back with its header and time as its id', () => {
    const { id: _id, ...reading } = simulated(2);
    const { entry, header, record } = encodeNewReading(reading);
    expect('i' in entry).toBe(false);
    expect(record).toEqual({ ...reading, id: derivedReadingId(header!.key, reading.lastUpdated) });
  });

  it('[MR1] a new reading the compact form cannot hold is kept whole, with an id of its own', () => {
    const reading = { ...simulated(0), id: undefined, vitals: { hr: { value: 70, time: T, unit: 'bpm' } } };
    const { entry, header, record } = encodeNewReading(reading);
    expect(header).toBeNull();
    expect(record.id).toMatch(/^vit-/);
    expect(entry).toEqual({ r: record });
  });

  it('[MR2] names a header by its content: the same on every device, another for another monitor', () => {
    const a = encodeReading(simulated(0)).header!;
    const b = encodeReading(simulated(500, 99)).header!;
    const other = encodeReading({ ...simulated(0), monitorLabel: 'Operatory 2 monitor' }).header!;
    expect(a.key).toBe(b.key);
    expect(a.key).toMatch(/^m[A-Za-z0-9_-]{8}$/);
    expect(other.key).not.toBe(a.key);
    // Key order does not matter: the key is made from the canonical JSON.
    const reordered: MonitorHeader = { vs: a.value.vs, f: { ...a.value.f }, v: a.value.v };
    expect(monitorHeaderKey(reordered)).toBe(a.key);
  });

  it('[MR3] reads the old and the compact form together, oldest first', () => {
    const old = [simulated(0), simulated(2)];
    const compact = compacted([simulated(1), simulated(3)]);
    const records = monitorRecords({ vitalsRecords: old, ...compact });
    expect(records.map((r) => r.id)).toEqual([0, 1, 2, 3].map((i) => simulated(i).id));
    expect(records[1]).toEqual(simulated(1));
  });

  it('[MR3] keeps each entry’s decoded record unless told not to (the server: session 39)', () => {
    const caseData = compacted([simulated(0), simulated(1)]);
    keepDecodedReadings(true);
    const first = monitorRecords(caseData);
    expect(monitorRecords(caseData)[1]).toBe(first[1]);
    try {
      keepDecodedReadings(false);
      const again = monitorRecords(caseData);
      expect(again).toEqual(first);
      expect(again[1]).not.toBe(first[1]);
      expect(monitorRecords(caseData)[1]).not.toBe(again[1]);
    } finally {
      keepDecodedReadings(true);
    }
  });

  it('[MR3] gives a record met twice once, and keeps two records that share an id but differ', () => {
    const twice = compacted([simulated(0), simulated(1), simulated(1)]);
    expect(monitorRecords(twice)).toHaveLength(2);
    const differ = compacted([simulated(0, 70), { ...simulated(0, 71) }]);
    expect(monitorRecords(differ).map((r) => (r.vitals as VitalsRecord['vitals']).hr?.value)).toEqual([70, 71]);
    // The same record in both forms (a compaction half seen) is read once too.
    expect(monitorRecords({ vitalsRecords: [simulated(0)], ...compacted([simulated(0)]) })).toHaveLength(1);
  });

  it('[MR3] leaves out, and never drops, an entry whose header is missing or of a newer format', () => {
    const compact = compacted([simulated(0)]);
    const key = Object.keys(compact.vitalsMonitors)[0]!;
    expect(monitorRecords({ vitalsReadings: compact.vitalsReadings, vitalsMonitors: {} })).toEqual([]);
    const newer = { [key]: { ...compact.vitalsMonitors[key]!, v: MONITOR_READING_FORMAT + 1 } };
    expect(monitorRecords({ vitalsReadings: compact.vitalsReadings, vitalsMonitors: newer })).toEqual([]);
    expect(planCompaction([])).toEqual({ headers: {}, entries: [], moved: [] });
  });

  it('[MR4] plans the compaction deterministically, keeping every id and leaving values that are no record', () => {
    const legacy: unknown[] = [simulated(0), 'noise', { lastUpdated: T, vitals: { hr: 70 } }, simulated(1)];
    const plan = planCompaction(legacy);
    expect(planCompaction(legacy)).toEqual(plan);
    expect(plan.moved).toEqual([0, 2, 3]);
    expect(plan.entries.map((e) => ('i' in e ? e.i : 'r' in e ? 'raw' : null))).toEqual([
      simulated(0).id,
      'raw',
      simulated(1).id,
    ]);
    expect(Object.keys(plan.headers)).toHaveLength(1);
    for (const entry of plan.entries) expect(readingEntrySchema.safeParse(entry).success).toBe(true);
  });

  it('[MR4] finds the later copies of equal entries, not entries that only share a time', () => {
    const plan = planCompaction([simulated(0), simulated(1)]);
    const [a, b] = plan.entries;
    const sameTime = { ...(a as object), d: { hr: 1 } };
    expect(duplicateReadingIndexes([a, b, a, sameTime, b, { r: { id: 'x' } }, { r: { id: 'x' } }])).toEqual([2, 4, 6]);
  });

  it('[MR1] a compacted case passes the case-data schema', () => {
    const data = {
      schemaVersion: CASE_DATA_SCHEMA_VERSION,
      ...compacted([simulated(0), { id: 'x', lastUpdated: T } as never]),
    };
    expect(caseDataSchema.safeParse(data).error?.issues ?? []).toEqual([]);
  });

  it('[MR3] the report, the discharge comparison and the sign-off readings read both forms alike', () => {
    const legacy = Array.from({ length: 30 }, (_, i) => ({ ...simulated(i), simulated: false }));
    const old = { vitalsRecords: legacy };
    const compact = compacted(legacy);
    expect(vitalSamples(compact)).toEqual(vitalSamples(old));
    expect(vitalSamples(compact)).toHaveLength(30);
    expect(caseReadings(compact)).toEqual(caseReadings(old));
    expect(caseDischarge(compact)).toEqual(caseDischarge(old));
    expect(caseDischarge(compact)).not.toEqual(caseDischarge({}));
    expect(hasSimulatedReadings(compacted([simulated(0)]))).toBe(true);
    expect(hasSimulatedReadings(compact)).toBe(false);
  });
});
