import type { Section } from './report-types.js';
import { formatNumber } from './report.js';
import type { SizeResult } from './size.js';

/** Saves per second 200 live cases make when each tablet charting vitals saves every 5 s. */
const SAVES_PER_S_AT_200_CASES = 40;

function value(sections: readonly Section[], label: string, column: 'ours' | 'reference' = 'ours'): number | null {
  for (const section of sections) {
    const row = section.rows.find((r) => r.label === label);
    if (row) return row[column];
  }
  return null;
}

function missedGoals(sections: readonly Section[]): string[] {
  return sections.flatMap((section) =>
    section.rows
      .filter((row) => row.goal && !row.goal.met)
      .map(
        (row) =>
          `Goal missed: ${section.title}, ${row.label}: ours ${formatNumber(row.ours)} ${row.unit}` +
          `${row.reference === null ? '' : ` (reference ${formatNumber(row.reference)} ${row.unit})`}, goal ${row.goal?.text ?? ''}.`,
      ),
  );
}

function sizeReading(size: SizeResult): string[] {
  if (size.encodedBytes < 300 * 1024) return [];
  const saved = 100 - (100 * size.encodedV2Bytes) / size.encodedBytes;
  return [
    `Size: the v1 update format writes each of the 2,880 records' seven key names and item ids; the same ` +
      `document in format v2 is ${formatNumber(size.encodedV2Bytes / 1024)} KB (${Math.round(saved)}% less), and ` +
      `deflated v1 (what Vigil's client sends) is ${formatNumber(size.deflatedBytes / 1024)} KB. Storing snapshots ` +
      'deflated or as v2 would meet the goal without changing the protocol.',
  ];
}

function saveReading(sections: readonly Section[]): string[] {
  const empty = value(sections, 'save → saved, empty case: p50');
  const full = value(sections, 'save → saved, 4-hour case: p50');
  if (empty === null || full === null) return [];
  const cores = (SAVES_PER_S_AT_200_CASES * Math.max(0, full - empty)) / 1000;
  return [
    'Acknowledged saves: every save that changed the document is answered with its content hash. The ' +
      'canonical JSON is kept per shared type (`ContentCache`) and only what a save changed is serialised again, ' +
      'so a save on a 4-hour case joins cached texts and hashes ~0.3 MB with SHA-1 instead of converting and ' +
      `canonicalising the whole case. A save takes ${formatNumber(full)} ms (p50) on a 4-hour case against ` +
      `${formatNumber(empty)} ms on an empty one: 200 live 4-hour cases saving every 5 s would spend about ` +
      `${formatNumber(cores)} cores on the difference.`,
  ];
}

function throughputReading(sections: readonly Section[]): string[] {
  const cores = value(sections, 'server CPU used');
  const perCore = value(sections, 'updates per second of server CPU (one core)');
  if (cores === null || perCore === null || cores >= 0.8) return [];
  return [
    `Throughput: our server process got only ${formatNumber(cores)} of a core during the window (the machine's ` +
      'other work took the rest), so the wall-clock rate says more about the machine than about the server. ' +
      `Per second of its own CPU it persisted ${formatNumber(perCore)} updates, which is the one-core figure to ` +
      'compare with the goal.',
  ];
}

function coldLoadReading(sections: readonly Section[]): string[] {
  const cold = value(sections, 'first sync reply p50 (ours: from SQLite; reference: from memory)');
  const warm = value(sections, 'warm (room in memory) p50');
  const reference = value(sections, 'first sync reply p50 (ours: from SQLite; reference: from memory)', 'reference');
  if (cold === null || warm === null || reference === null) return [];
  return [
    'Cold load: our server answers a stored case from its stored bytes: the snapshot (SIGTERM compacts the log ' +
      "into it; after a crash the log's tail is merged with `Y.mergeUpdates`), its state vector read from the " +
      "update, and a fresh client's step 2 is the stored update itself; the Y.Doc is built only at the first " +
      `write or hash request. Ours cold ${formatNumber(cold)} ms p50, warm ${formatNumber(warm)} ms, the ` +
      `reference from memory ${formatNumber(reference)} ms. The first loads after a restart also pay for module ` +
      'loading and JIT compilation of the server, which a long-running server pays once.',
  ];
}

function memoryReading(sections: readonly Section[]): string[] {
  const perCase = value(sections, 'per open 4-hour case, a record per reading (older tablets)');
  const compact = value(sections, 'per open 4-hour case, compact readings (with its one connection)');
  const compactReference = value(
    sections,
    'per open 4-hour case, compact readings (with its one connection)',
    'reference',
  );
  const live = value(sections, 'per open 4-hour case, compact readings: live heap');
  const liveReference = value(sections, 'per open 4-hour case, compact readings: live heap', 'reference');
  const heap = value(sections, 'V8 heap of one Y.Doc holding it');
  const objects = value(sections, 'vitals as plain objects: V8 heap of one Y.Doc');
  const encoded = value(sections, "case screen's monitor records, compact (reference: the old records): encoded v1");
  const known = [perCase, compact, compactReference, live, liveReference, heap, objects, encoded];
  if (known.some((v) => v === null)) return [];
  return [
    `Memory: a Y.Doc holding the synthetic 4-hour case is ${formatNumber(heap)} MB of V8 heap by itself (size ` +
      'section), so a server that keeps each open case as a Y.Doc, ours or the reference, cannot meet < 2 MB ' +
      `with a record per reading (${formatNumber(perCase)} MB per open case): 2,880 \`Y.Map\`s of 7 keys are ` +
      `~23,000 Yjs items (with each vitals record a plain object the same case takes ${formatNumber(objects)} ` +
      `MB). With the compact readings this build writes (issue 38) an open case costs ours ${formatNumber(compact)} ` +
      `MB of RSS and ${formatNumber(live)} MB of live heap, the reference ${formatNumber(compactReference)} and ` +
      `${formatNumber(liveReference)} MB, read after a full garbage collection of each server's main thread. ` +
      'What ours keeps beyond the document is the content cache of the acknowledged saves (a canonical text per ' +
      'reading and per shared type, so a save hashes only what it changed). Ours drops the Y.Doc of a case idle ' +
      `for 30 s and keeps its ${formatNumber(encoded)} KB encoded update instead (HIBERNATE_AFTER_MS), outside ` +
      'the V8 heap; the RSS it frees is partly kept by V8 and the allocator for the next documents rather than ' +
      'returned to the system.',
  ];
}

function latencyReading(sections: readonly Section[]): string[] {
  const ours = value(sections, '200 live cases: p99');
  const reference = value(sections, '200 live cases: p99', 'reference');
  if (ours === null || reference === null || ours < 5) return [];
  return [
    `Latency: the medians are within the goal on both servers; the p99s of both (ours ${formatNumber(ours)} ms, ` +
      `reference ${formatNumber(reference)} ms at 200 cases) are scheduling stalls on a 2-core machine running ` +
      'three busy processes (and other work), not the cost of a commit: the SQLite append is part of the median.',
  ];
}

/** The generated reading of a run: missed goals, then what explains them, then the conditions. */
export function readings(
  sections: readonly Section[],
  size: SizeResult,
  load: { start: number; end: number },
): string[] {
  return [
    ...missedGoals(sections),
    ...sizeReading(size),
    ...latencyReading(sections),
    ...throughputReading(sections),
    ...coldLoadReading(sections),
    ...memoryReading(sections),
    ...saveReading(sections),
    'Latency and the storm are measured with every tablet in one Node process on one core; the storm bench ' +
      "process applies every tablet's merge, so its times include client work that real tablets do in parallel. " +
      'Both servers get the same client, so the ratios compare the servers.',
    `The machine is shared: its 1-minute load average was ${load.start.toFixed(1)} when the run started and ` +
      `${load.end.toFixed(1)} when it ended, on 2 cores. Wall-clock times (p99s most) move between runs; the ` +
      'side-by-side latency probes and the per-CPU-second throughput are the steadier comparisons.',
  ];
}
