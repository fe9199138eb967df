import { sha1 } from '@noble/hashes/legacy.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { newId } from '../id.js';
import { canonicalJson } from '../sync/content-hash.js';
import type { VitalsRecord } from './entries.js';

/**
 * Compact monitor readings (issue 38, docs/decisions.md session 26). A monitor reading used to be
 * one plain object in `vitalsRecords` carrying its monitor's label, id, selected vitals and, per
 * vital, value, time and status: about 330 encoded bytes, 960 KB for a 4-hour case at one reading
 * every 5 s. A reading is now one small entry in `vitalsReadings`:
 *
 *   { h: 'mAbCdEfGh', t: 1764300000000, d: { hr: 72, spo2: 98 } }
 *
 * and what every reading of a monitor repeats (label, id, simulated, selected vitals, the vitals'
 * usual status) is one header in the `vitalsMonitors` record, under a key made from the header's
 * own content: two tablets writing the same header write the same key with the same value, so the
 * record's last-writer-wins never loses a header. A header is never changed; a monitor whose
 * label or selected vitals change gets a second header.
 *
 * Every reader (the case screen's hooks, the chart, the report and its PDF, the sign-off flags,
 * the server's projection and validation) reads monitor records through `monitorRecords`, which
 * gives the records of both forms in the old record shape: readings written by an older build
 * (which still writes `vitalsRecords`) and readings of this one. Neither form is ever lost.
 */

/** The key of the compact readings (a list of the case structure). */
export const READINGS_KEY = 'vitalsReadings';
/** The key of the monitors' headers (a record of the case structure). */
export const MONITORS_KEY = 'vitalsMonitors';
/** The key of the readings as older builds write them (one object per reading). */
export const LEGACY_READINGS_KEY = 'vitalsRecords';

/** [MR1] The format version of compact readings, kept in each header (`v`); a newer one is not read here. */
export const MONITOR_READING_FORMAT = 1;

type Json = Record<string, unknown>;

/** A compact vital: its value alone (time = the reading's, status = the header's), or each part given. */
export const compactVitalSchema = z.union([
  z.number().nullable(),
  z.object({
    v: z.number().nullable(),
    /** Its time minus the reading's time, in ms (absent: the reading's time). */
    dt: z.number().optional(),
    /** Its status (absent: no status). */
    s: z.string().nullable().optional(),
    /** Its error (absent: no error). */
    e: z.string().nullable().optional(),
  }),
]);

/** [MR1] One compact reading: its header's key, its time (epoch ms), its vitals, and the record id when it has its own. */
export const compactReadingSchema = z.object({
  h: z.string(),
  t: z.number(),
  d: z.record(z.string(), compactVitalSchema),
  i: z.string().optional(),
});

/** A record that the compact form cannot give back exactly (another build's shape), kept as it was. */
export const rawReadingSchema = z.object({ r: z.record(z.string(), z.unknown()) });

/** One entry of `vitalsReadings`. */
export const readingEntrySchema = z.union([compactReadingSchema, rawReadingSchema]);

/** [MR1] A monitor header: the format version, the fields every reading of it shares, the vitals' usual status. */
export const monitorHeaderSchema = z.object({
  v: z.number(),
  f: z.record(z.string(), z.unknown()),
  vs: z.string().nullable().optional(),
});

export type CompactVital = z.infer<typeof compactVitalSchema>;
export type CompactReading = z.infer<typeof compactReadingSchema>;
export type ReadingEntry = z.infer<typeof readingEntrySchema>;
export type MonitorHeader = z.infer<typeof monitorHeaderSchema>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * [MR2] The key of a header: 'm' and 48 bits of the SHA-1 of its canonical JSON (base64url). Equal
 * headers get equal keys on every device; two different headers of one case share a key with a
 * probability of about n² / 2^49.
 */
export function monitorHeaderKey(header: MonitorHeader): string {
  const digest = sha1(utf8ToBytes(canonicalJson(header)));
  let out = 'm';
  for (let i = 0; i < 6; i += 3) {
    const n = (digest[i]! << 16) | (digest[i + 1]! << 8) | digest[i + 2]!;
    out += BASE64URL[(n >> 18) & 63]! + BASE64URL[(n >> 12) & 63]! + BASE64URL[(n >> 6) & 63]! + BASE64URL[n & 63]!;
  }
  return out;
}

/** The id of a compact reading that has none of its own: its header and time (one monitor reads once a moment). */
export function derivedReadingId(headerKey: string, time: number): string {
  return `${headerKey}-${time}`;
}

function decodeVital(vital: unknown, time: number, header: MonitorHeader): Json | null {
  if (vital === null || typeof vital === 'number') {
    return { value: vital, time, ...(header.vs !== undefined ? { status: header.vs } : {}) };
  }
  if (!isObject(vital)) return null;
  const out: Json = { value: vital.v ?? null, time: time + (typeof vital.dt === 'number' ? vital.dt : 0) };
  if (vital.e !== undefined) out.error = vital.e;
  if (vital.s !== undefined) out.status = vital.s;
  return out;
}

/**
 * [MR1] A reading entry as a monitor record (the old `vitalsRecords` shape), or null when it cannot
 * be read here: its header is missing (not synced yet) or of a newer format, or the entry is not
 * one this build knows. A raw entry gives its record as it was.
 */
export function decodeReading(entry: unknown, headers: Readonly<Record<string, unknown>>): Json | null {
  if (!isObject(entry)) return null;
  if (isObject(entry.r)) return entry.r;
  if (typeof entry.h !== 'string' || typeof entry.t !== 'number' || !isObject(entry.d)) return null;
  const header = headers[entry.h];
  if (!isObject(header) || header.v !== MONITOR_READING_FORMAT || !isObject(header.f)) return null;
  const h = header as MonitorHeader;
  const vitals: Json = {};
  for (const [type, vital] of Object.entries(entry.d)) {
    const decoded = decodeVital(vital, entry.t, h);
    if (decoded === null) return null;
    vitals[type] = decoded;
  }
  return {
    ...h.f,
    id: typeof entry.i === 'string' ? entry.i : derivedReadingId(entry.h, entry.t),
    lastUpdated: entry.t,
    vitals,
  };
}

/** The status most of a record's vitals carry (absent when none carries one); ties go to the first seen. */
function usualStatus(vitals: Json): string | null | undefined {
  const counts = new Map<string | null, number>();
  for (const v of Object.values(vitals)) {
    if (!isObject(v) || !('status' in v)) continue;
    const s = v.status;
    if (s === null || typeof s === 'string') counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  let best: string | null | undefined;
  let most = 0;
  for (const [s, n] of counts) {
    if (n > most) {
      best = s;
      most = n;
    }
  }
  return best;
}

/** A vital in the compact form, or undefined when it is not a vital of this build's shape. */
function encodeVital(vital: unknown, time: number, vs: string | null | undefined): CompactVital | undefined {
  if (!isObject(vital) || typeof vital.time !== 'number') return undefined;
  const value = vital.value;
  if (value !== null && typeof value !== 'number') return undefined;
  const plain =
    vital.time === time &&
    !('error' in vital) &&
    (vs === undefined ? !('status' in vital) : 'status' in vital && vital.status === vs);
  if (plain) return value;
  const out: Exclude<CompactVital, number | null> = { v: value };
  if (vital.time !== time) out.dt = vital.time - time;
  if ('status' in vital) out.s = vital.status as string | null;
  if ('error' in vital) out.e = vital.error as string | null;
  return out;
}

/** A record in the compact form, with its header and the header's key. */
export interface EncodedReading {
  entry: ReadingEntry;
  /** The header the entry names, or null for a raw entry. */
  header: { key: string; value: MonitorHeader } | null;
}

/**
 * [MR1] A monitor record in the compact form. The result is checked by decoding it: a record the
 * compact form would not give back exactly (another build's shape: no id, a vital without a time,
 * an array of samples) is kept whole as a raw entry, so nothing is ever lost. With `derivedId`,
 * a record without an id (a new reading) is written without one and reads back with
 * derivedReadingId.
 */
export function encodeReading(record: Json, { derivedId = false } = {}): EncodedReading {
  const raw: EncodedReading = { entry: { r: record }, header: null };
  const { id, lastUpdated, vitals, ...fields } = record;
  if (typeof lastUpdated !== 'number' || !isObject(vitals)) return raw;
  if (id !== undefined && typeof id !== 'string') return raw;
  const vs = usualStatus(vitals);
  const header: MonitorHeader = { v: MONITOR_READING_FORMAT, f: fields, ...(vs !== undefined ? { vs } : {}) };
  const key = monitorHeaderKey(header);
  const d: Record<string, CompactVital> = {};
  for (const [type, vital] of Object.entries(vitals)) {
    const compact = encodeVital(vital, lastUpdated, vs);
    if (compact === undefined) return raw;
    d[type] = compact;
  }
  const entry: CompactReading = { h: key, t: lastUpdated, d, ...(typeof id === 'string' ? { i: id } : {}) };
  const expected =
    typeof id === 'string' || !derivedId ? record : { ...record, id: derivedReadingId(key, lastUpdated) };
  const decoded = decodeReading(entry, { [key]: header });
  if (decoded === null || canonicalJson(decoded) !== canonicalJson(expected)) return raw;
  return { entry, header: { key, value: header } };
}

/**
 * The compact form of a new reading (the writing command's): entry, header and the record it reads
 * back as. A reading without an id gets derivedReadingId; one the compact form cannot hold exactly
 * is kept whole with a new id.
 */
export function encodeNewReading(reading: Omit<VitalsRecord, 'id'> & { id?: string }): EncodedReading & {
  record: VitalsRecord;
} {
  let encoded = encodeReading(reading, { derivedId: true });
  // A reading the compact form cannot hold is kept whole, with an id of its own as before.
  if (!encoded.header && reading.id === undefined) encoded = encodeReading({ ...reading, id: newId('vit') });
  const headers: Record<string, unknown> = encoded.header ? { [encoded.header.key]: encoded.header.value } : {};
  const record = (decodeReading(encoded.entry, headers) ?? reading) as VitalsRecord;
  return { ...encoded, record };
}

const decodedCache = new WeakMap<object, Json>();
let keepDecoded = true;

/**
 * Whether `monitorRecords` keeps each entry's decoded record for as long as the entry lives (on by
 * default: the case screen reads the same entries at every render). The server turns it off
 * (session 39): its entries are its open documents' own objects (Y.Array contents come out of
 * toJSON by reference), so the cache held a decoded record for every reading its live summary or a
 * finalize read, for as long as the case stayed open (500 records, about 0.4 MB, per open
 * 4-hour case), and its readers read each entry once per save anyway.
 */
export function keepDecodedReadings(keep: boolean): void {
  keepDecoded = keep;
}

function timeKey(r: Json): number {
  return typeof r.lastUpdated === 'number' && Number.isFinite(r.lastUpdated) ? r.lastUpdated : -Infinity;
}

/**
 * [MR3] Every monitor record of the case, in the old record shape, oldest first: the records older
 * builds write (`vitalsRecords`) and the compact readings (`vitalsReadings` with their headers in
 * `vitalsMonitors`). The one function every reader reads readings through. A record met twice
 * (two tablets compacting the same old records at once, or charting the same monitor) is given
 * once: the same id and the same content. Entries that cannot be read yet (header not synced, a
 * newer format) are left out, never dropped from the case.
 */
export function monitorRecords(caseData: Readonly<Record<string, unknown>>): Json[] {
  const out: Json[] = [];
  const seen = new Map<string, Json[]>();
  const add = (r: Json): void => {
    const id = typeof r.id === 'string' ? r.id : null;
    if (id !== null) {
      const same = seen.get(id);
      if (same) {
        const text = canonicalJson(r);
        if (same.some((s) => canonicalJson(s) === text)) return;
        same.push(r);
      } else seen.set(id, [r]);
    }
    out.push(r);
  };
  const legacy = caseData[LEGACY_READINGS_KEY];
  if (Array.isArray(legacy)) for (const r of legacy) if (isObject(r)) add(r);
  const entries = caseData[READINGS_KEY];
  const headers = isObject(caseData[MONITORS_KEY]) ? caseData[MONITORS_KEY] : {};
  if (Array.isArray(entries)) {
    for (const entry of entries) {
      if (!isObject(entry)) continue;
      let r = keepDecoded ? decodedCache.get(entry) : undefined;
      if (!r) {
        const decoded = decodeReading(entry, headers);
        if (!decoded) continue;
        if (keepDecoded) decodedCache.set(entry, decoded);
        r = decoded;
      }
      add(r);
    }
  }
  for (let i = 1; i < out.length; i++) {
    if (timeKey(out[i - 1]!) > timeKey(out[i]!)) return out.sort((a, b) => timeKey(a) - timeKey(b) || 0);
  }
  return out;
}

/** monitorRecords typed as this build's records (the client's readers). */
export function vitalsRecordsOf(caseData: Readonly<Record<string, unknown>>): VitalsRecord[] {
  return monitorRecords(caseData) as VitalsRecord[];
}

/** What compacting a case's old records writes: the headers it needs and one entry per old record, in order. */
export interface CompactionPlan {
  headers: Record<string, MonitorHeader>;
  entries: ReadingEntry[];
  /** Indexes of the old records the entries replace (every record; a value that is no record stays where it is). */
  moved: number[];
}

/**
 * [MR4] The compact form of the old records (`vitalsRecords`), in their order, each entry keeping
 * the record's id; with the headers they need. Deterministic: two tablets planning the same
 * records write equal entries and headers (monitorRecords reads them once; compactDuplicates
 * finds the second copy).
 */
export function planCompaction(legacy: readonly unknown[]): CompactionPlan {
  const headers: Record<string, MonitorHeader> = {};
  const entries: ReadingEntry[] = [];
  const moved: number[] = [];
  legacy.forEach((r, index) => {
    // Not a record at all (no reader reads it): left in the old list as it is.
    if (!isObject(r)) return;
    const encoded = encodeReading(r);
    if (encoded.header) headers[encoded.header.key] = encoded.header.value;
    entries.push(encoded.entry);
    moved.push(index);
  });
  return { headers, entries, moved };
}

/**
 * [MR4] Indexes of compact entries equal to an earlier entry of the list (same content): copies
 * two tablets wrote compacting the same old records at once. Removing them is merge-safe: every
 * device keeps the first copy in the list's order, which is the same on every device and which
 * a later copy never precedes, so at least one copy always stays.
 */
export function duplicateReadingIndexes(entries: readonly unknown[]): number[] {
  // Entries are keyed cheaply first; their canonical text is made only when two share a key.
  const seen = new Map<string, { entry: Json; text?: string }[]>();
  const textOf = (s: { entry: Json; text?: string }): string => (s.text ??= canonicalJson(s.entry));
  const out: number[] = [];
  entries.forEach((entry, index) => {
    if (!isObject(entry)) return;
    const key = isObject(entry.r)
      ? `r|${typeof entry.r.id === 'string' ? entry.r.id : ''}`
      : `${String(entry.h)}|${String(entry.t)}|${typeof entry.i === 'string' ? entry.i : ''}`;
    const same = seen.get(key);
    if (!same) {
      seen.set(key, [{ entry }]);
      return;
    }
    const next = { entry };
    if (same.some((s) => textOf(s) === textOf(next))) out.push(index);
    else same.push(next);
  });
  return out;
}
