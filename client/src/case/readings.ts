import * as Y from 'yjs';
import {
  decodeReading,
  duplicateReadingIndexes,
  encodeNewReading,
  LEGACY_READINGS_KEY,
  MONITORS_KEY,
  planCompaction,
  READINGS_KEY,
  vitalsRecordsOf,
  type VitalsRecord,
} from '@vigil/shared';
import { ensureCaseStructure } from '../sync/caseStructure.js';
import { caseRoot, yDocOf, type CaseDoc } from './caseDoc.js';

/*
 * Monitor readings in the case document (issue 38): written in shared's compact form
 * (case-data/readings.ts), read in both forms through shared's one reader, and the old form
 * compacted by the first reading a tablet of this build writes into the case. Decisions in
 * docs/decisions.md, session 26.
 */

interface Containers {
  /** The old records (`vitalsRecords`), when the case has them as the structure's list. */
  legacy: Y.Array<unknown> | null;
  readings: Y.Array<unknown>;
  monitors: Y.Map<unknown>;
}

function containers(doc: CaseDoc): Containers {
  const root = caseRoot(doc);
  if (!(root.get(READINGS_KEY) instanceof Y.Array) || !(root.get(MONITORS_KEY) instanceof Y.Map)) {
    ensureCaseStructure(yDocOf(doc));
  }
  const legacy = root.get(LEGACY_READINGS_KEY);
  return {
    legacy: legacy instanceof Y.Array ? (legacy as Y.Array<unknown>) : null,
    readings: root.get(READINGS_KEY) as Y.Array<unknown>,
    monitors: root.get(MONITORS_KEY) as Y.Map<unknown>,
  };
}

/** Deletes these indexes (ascending) of a list, as ranges, from the end. */
function deleteIndexes(list: Y.Array<unknown>, indexes: readonly number[]): void {
  let end = indexes.length - 1;
  while (end >= 0) {
    let start = end;
    while (start > 0 && indexes[start - 1] === indexes[start]! - 1) start--;
    list.delete(indexes[start]!, end - start + 1);
    end = start - 1;
  }
}

/** How long each case's compact list was when this device last looked for copies in it. */
const scannedLength = new WeakMap<Y.Array<unknown>, number>();

export interface CompactionResult {
  /** Old records moved into the compact form. */
  moved: number;
  /** Compact entries removed as copies of an earlier one. */
  removed: number;
}

/**
 * [MR4] Compacts a case's monitor readings, in one transaction: every old record (`vitalsRecords`)
 * becomes a compact entry keeping its id (and its header is written when missing), and a compact
 * entry equal to an earlier one is removed. Idempotent: a compacted case gives { moved: 0,
 * removed: 0 }. Two tablets compacting the same case at once both delete the same old records
 * and push equal entries; whichever compacts next removes the later copies (shared
 * duplicateReadingIndexes), and every reader reads one record meanwhile. Old records another
 * tablet pushes meanwhile are not seen, so not deleted: the next compaction moves them.
 */
export function compactReadings(doc: CaseDoc): CompactionResult {
  const { legacy, readings, monitors } = containers(doc);
  let result: CompactionResult = { moved: 0, removed: 0 };
  yDocOf(doc).transact(() => {
    result = compactIn(legacy, readings, monitors);
  });
  return result;
}

function compactIn(
  legacy: Y.Array<unknown> | null,
  readings: Y.Array<unknown>,
  monitors: Y.Map<unknown>,
): CompactionResult {
  let moved = 0;
  if (legacy && legacy.length > 0) {
    const plan = planCompaction(legacy.toArray());
    for (const [key, header] of Object.entries(plan.headers)) if (!monitors.has(key)) monitors.set(key, header);
    deleteIndexes(legacy, plan.moved);
    if (plan.entries.length > 0) readings.push(plan.entries);
    moved = plan.moved.length;
  }
  const copies = duplicateReadingIndexes(readings.toArray());
  deleteIndexes(readings, copies);
  scannedLength.set(readings, readings.length);
  return { moved, removed: copies.length };
}

/**
 * [MR1] Writes one monitor reading into the case document in the compact form: the one path every
 * monitor takes (client/src/devices/). Its header is written when the case does not have it yet;
 * the entry is appended to the case structure's list, so readings from two tablets merge. In the
 * same transaction the case's old records are compacted, and copies looked for when the list
 * changed since this device last did (another tablet's entries). Returns the record as every
 * reader reads it back.
 */
export function recordReading(doc: CaseDoc, reading: Omit<VitalsRecord, 'id'> & { id?: string }): VitalsRecord {
  const { legacy, readings, monitors } = containers(doc);
  const { entry, header, record } = encodeNewReading(reading);
  yDocOf(doc).transact(() => {
    if ((legacy && legacy.length > 0) || scannedLength.get(readings) !== readings.length) {
      compactIn(legacy, readings, monitors);
    }
    if (header && !monitors.has(header.key)) monitors.set(header.key, header.value);
    readings.push([entry]);
    scannedLength.set(readings, readings.length);
  });
  return record;
}

/** Every monitor record of the case (both forms), oldest first: shared's monitorRecords. */
export function readVitalsRecords(doc: CaseDoc): VitalsRecord[] {
  const root = caseRoot(doc);
  const json = (key: string): unknown => {
    const v = root.get(key);
    return v instanceof Y.AbstractType ? v.toJSON() : v;
  };
  return vitalsRecordsOf({
    [LEGACY_READINGS_KEY]: json(LEGACY_READINGS_KEY),
    [READINGS_KEY]: json(READINGS_KEY),
    [MONITORS_KEY]: json(MONITORS_KEY),
  });
}

/**
 * Follows a case's monitor records: calls `onChange` with all of them after every transaction
 * that changed them. A transaction that only appended compact readings in time order (a monitor
 * charting) is given as `appended` (the new records alone), so a 4-hour case's 2,880 readings are
 * not read again every 5 s; anything else (old records, a header, a compaction, a removal) reads
 * them all again. `initial` is what the caller read of the document as it is now.
 */
export function watchVitalsRecords(
  doc: CaseDoc,
  initial: VitalsRecord[] | null,
  onChange: (change: { all: VitalsRecord[] } | { appended: VitalsRecord[] }) => void,
): () => void {
  const y = yDocOf(doc);
  const root = caseRoot(doc);
  let records = initial ?? readVitalsRecords(doc);
  let ids = new Set(records.map((r) => r.id));
  let readingsList = null as Y.Array<unknown> | null;
  let entriesRead = 0;
  let onlyAppended = true;
  const onReadings = (event: Y.YArrayEvent<unknown>): void => {
    const delta = event.changes.delta;
    const appended =
      delta.every((d) => d.delete === undefined) &&
      delta.length <= 2 &&
      (delta.length === 1 ? delta[0]!.insert !== undefined && entriesRead === 0 : delta[0]!.retain === entriesRead);
    onlyAppended &&= appended;
  };
  const attach = (): void => {
    const next = root.get(READINGS_KEY);
    const list = next instanceof Y.Array ? (next as Y.Array<unknown>) : null;
    if (list === readingsList) return;
    readingsList?.unobserve(onReadings);
    readingsList = list;
    readingsList?.observe(onReadings);
  };
  const readAll = (): void => {
    records = readVitalsRecords(doc);
    ids = new Set(records.map((r) => r.id));
    entriesRead = readingsList?.length ?? 0;
    onChange({ all: records });
  };
  const tryAppend = (list: Y.Array<unknown>): boolean => {
    const monitors = root.get(MONITORS_KEY);
    const headers = monitors instanceof Y.Map ? (monitors.toJSON() as Record<string, unknown>) : {};
    const added: VitalsRecord[] = [];
    let last = records.length > 0 ? records[records.length - 1]!.lastUpdated : -Infinity;
    for (const entry of list.slice(entriesRead)) {
      const r = decodeReading(entry, headers) as VitalsRecord | null;
      if (!r || ids.has(r.id) || !(r.lastUpdated >= last)) return false;
      last = r.lastUpdated;
      added.push(r);
    }
    for (const r of added) ids.add(r.id);
    records = records.concat(added);
    entriesRead = list.length;
    onChange({ appended: added });
    return true;
  };
  // The transaction's changed types, by identity (its map is typed by their events).
  const changed = (tr: Y.Transaction, type: unknown): Set<string | null> | undefined =>
    (tr.changed as Map<unknown, Set<string | null>>).get(type);
  const onTransaction = (tr: Y.Transaction): void => {
    const rootKeys = changed(tr, root);
    const appendedOnly = onlyAppended;
    onlyAppended = true;
    if (rootKeys && [READINGS_KEY, MONITORS_KEY, LEGACY_READINGS_KEY].some((k) => rootKeys.has(k))) {
      attach();
      readAll();
      return;
    }
    const legacy = root.get(LEGACY_READINGS_KEY);
    const monitors = root.get(MONITORS_KEY);
    const touched = (t: unknown): boolean => t instanceof Y.AbstractType && changed(tr, t) !== undefined;
    if (touched(legacy) || touched(monitors)) readAll();
    else if (readingsList && touched(readingsList)) {
      if (!(appendedOnly && readingsList.length > entriesRead && tryAppend(readingsList))) readAll();
    }
  };
  attach();
  entriesRead = readingsList?.length ?? 0;
  if (!initial) onChange({ all: records });
  y.on('afterTransaction', onTransaction);
  return () => {
    y.off('afterTransaction', onTransaction);
    readingsList?.unobserve(onReadings);
  };
}
