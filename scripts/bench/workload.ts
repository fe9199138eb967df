import * as Y from 'yjs';
import { CASE_ROOT } from '@vigil/shared';
import { seededRandom } from '../../tests/utils/random.js';

/** Vitals are charted every 5 s (issue 6 workload). */
export const VITALS_INTERVAL_S = 5;
const DRUG_DOSES_PER_HOUR = 10;
const EVENTS_PER_HOUR = 2.5;
const DRUG_NAMES = ['midazolam', 'fentanyl', 'propofol', 'ketamine'] as const;
const EVENT_NAMES = [
  'inRoom',
  'sedationStart',
  'procedureStart',
  'timeOut',
  'procedureEnd',
  'sedationEnd',
  'outOfRoom',
  'dischargeReady',
  'recoveryStart',
  'recoveryEnd',
] as const;
const CASE_START_MS = Date.UTC(2026, 0, 5, 8, 0, 0);

export interface VitalsEdit {
  kind: 'vitals';
  time: string;
  hr: number;
  spo2: number;
  sbp: number;
  dbp: number;
  rr: number;
  etco2: number;
}

export interface DrugEdit {
  kind: 'drug';
  time: string;
  name: string;
  amount: number;
}

export interface EventEdit {
  kind: 'event';
  time: string;
  name: string;
}

/** One charting action; each is one Yjs transaction, as a tablet makes it. */
export type CaseEdit = VitalsEdit | DrugEdit | EventEdit;

/**
 * How a vitals record sits in `case.vitals`: a `Y.Map` per record (the layout), or a
 * plain JSON object per record (replaced, never edited in place), for comparison.
 */
export type VitalsLayout = 'maps' | 'objects';

export interface RecordCounts {
  vitals: number;
  doses: number;
  events: number;
}

function around(rand: () => number, centre: number, spread: number): number {
  return Math.round(centre + (rand() - 0.5) * 2 * spread);
}

function isoAt(seconds: number): string {
  return new Date(CASE_START_MS + seconds * 1000).toISOString();
}

/**
 * The charting of a case of `hours`: vitals every 5 s, about 10 drug doses and 2.5 events an
 * hour, in time order. `seed` varies the values between cases.
 */
export function caseEdits(hours: number, seed = 1): CaseEdit[] {
  const rand = seededRandom(seed);
  const seconds = Math.round(hours * 3600);
  const edits: { at: number; edit: CaseEdit }[] = [];
  for (let t = VITALS_INTERVAL_S; t <= seconds; t += VITALS_INTERVAL_S) {
    edits.push({
      at: t,
      edit: {
        kind: 'vitals',
        time: isoAt(t),
        hr: around(rand, 78, 12),
        spo2: around(rand, 97, 2),
        sbp: around(rand, 122, 15),
        dbp: around(rand, 76, 10),
        rr: around(rand, 14, 4),
        etco2: around(rand, 38, 5),
      },
    });
  }
  const doses = Math.round(hours * DRUG_DOSES_PER_HOUR);
  for (let i = 0; i < doses; i++) {
    const at = Math.round(((i + 0.5) * seconds) / doses);
    const name = DRUG_NAMES[i % DRUG_NAMES.length] ?? 'midazolam';
    edits.push({ at, edit: { kind: 'drug', time: isoAt(at), name, amount: around(rand, 20, 15) / 10 } });
  }
  const events = Math.min(EVENT_NAMES.length, Math.round(hours * EVENTS_PER_HOUR));
  for (let i = 0; i < events; i++) {
    const at = Math.round(((i + 0.25) * seconds) / events);
    edits.push({ at, edit: { kind: 'event', time: isoAt(at), name: EVENT_NAMES[i] ?? 'inRoom' } });
  }
  return edits.sort((a, b) => a.at - b.at).map((e) => e.edit);
}

function rootArray(root: Y.Map<unknown>, key: string): Y.Array<unknown> {
  const existing = root.get(key);
  if (existing instanceof Y.Array) return existing as Y.Array<unknown>;
  const created = new Y.Array<unknown>();
  root.set(key, created);
  return created;
}

function rootMap(root: Y.Map<unknown>, key: string): Y.Map<unknown> {
  const existing = root.get(key);
  if (existing instanceof Y.Map) return existing as Y.Map<unknown>;
  const created = new Y.Map<unknown>();
  root.set(key, created);
  return created;
}

function record(fields: Record<string, string | number>): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  for (const [key, value] of Object.entries(fields)) map.set(key, value);
  return map;
}

function applyToRoot(root: Y.Map<unknown>, edit: CaseEdit, layout: VitalsLayout): void {
  switch (edit.kind) {
    case 'vitals': {
      const { kind: _kind, ...fields } = edit;
      rootArray(root, 'vitals').push([layout === 'maps' ? record(fields) : fields]);
      break;
    }
    case 'drug':
      rootArray(root, 'drugDoses').push([
        record({ name: edit.name, amount: edit.amount, unit: 'mg', route: 'IV', time: edit.time }),
      ]);
      break;
    case 'event':
      rootMap(root, 'events').set(edit.name, edit.time);
      break;
  }
}

let skeleton: Uint8Array | null = null;

/**
 * The lists of a case as it is created online, before anyone charts: every tablet starts from
 * this one update. Two tablets that each created `vitals` while offline would each set the
 * root key to their own array, and the merge keeps only one of the two arrays.
 */
export function caseSkeleton(): Uint8Array {
  if (!skeleton) {
    const doc = new Y.Doc();
    doc.transact(() => {
      const root = doc.getMap(CASE_ROOT);
      rootArray(root, 'vitals');
      rootArray(root, 'drugDoses');
      rootMap(root, 'events');
    });
    skeleton = Y.encodeStateAsUpdate(doc);
    doc.destroy();
  }
  return skeleton;
}

/** A tablet's document for a case that was created online: the case's lists already exist. */
export function caseDoc(): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, caseSkeleton());
  return doc;
}

/** Charts one edit on a tablet's document, in one transaction. */
export function chart(doc: Y.Doc, edit: CaseEdit, layout: VitalsLayout = 'maps'): void {
  doc.transact(() => applyToRoot(doc.getMap(CASE_ROOT), edit, layout));
}

/** How many records of each kind a document holds. */
export function countRecords(doc: Y.Doc): RecordCounts {
  const root = doc.getMap(CASE_ROOT);
  const length = (key: string): number => {
    const value = root.get(key);
    return value instanceof Y.Array ? value.length : 0;
  };
  const events = root.get('events');
  return { vitals: length('vitals'), doses: length('drugDoses'), events: events instanceof Y.Map ? events.size : 0 };
}

/** Expected record counts of a list of edits (an event charted twice counts once). */
export function expectedCounts(edits: readonly CaseEdit[]): RecordCounts {
  return {
    vitals: edits.filter((e) => e.kind === 'vitals').length,
    doses: edits.filter((e) => e.kind === 'drug').length,
    events: new Set(edits.flatMap((e) => (e.kind === 'event' ? [e.name] : []))).size,
  };
}

export interface ChartedCase {
  /** The merged document. */
  doc: Y.Doc;
  /** The skeleton, then every update in the order the tablets made them (what a server receives while charting). */
  updates: Uint8Array[];
  edits: CaseEdit[];
}

/**
 * Charts a case of `hours` from `tablets` tablets taking turns, each seeing the others' edits
 * before its next one (they are online), and records every update.
 */
export function chartCase(hours: number, tablets = 3, seed = 1, layout: VitalsLayout = 'maps'): ChartedCase {
  const docs = Array.from({ length: tablets }, caseDoc);
  const updates: Uint8Array[] = [caseSkeleton()];
  const edits = caseEdits(hours, seed);
  edits.forEach((edit, i) => {
    const author = docs[i % tablets] as Y.Doc;
    const before = Y.encodeStateVector(author);
    chart(author, edit, layout);
    const update = Y.encodeStateAsUpdate(author, before);
    updates.push(update);
    for (const other of docs) if (other !== author) Y.applyUpdate(other, update);
  });
  const [doc, ...others] = docs as [Y.Doc, ...Y.Doc[]];
  for (const other of others) other.destroy();
  return { doc, updates, edits };
}
