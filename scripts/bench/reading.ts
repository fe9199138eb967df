import type { Section } from './report-types.js';
import { formatNumber } from './report.js';
import type { SizeResult } from './size.js';

/** Saves per second 200 live cases make when each tablet charting vitals saves every 5 s. */
const SAVES_PER_S_AT_200_CASES = 40;

function value(sections: readonly Section[], label: string): number | null {
  for (const section of sections) {
    const row = section.rows.find((r) => r.label === label);
    if (row) return row.ours;
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
  if (empty === null || full === null || full < 3 * empty) return [];
  const share = (SAVES_PER_S_AT_200_CASES * full) / 10;
  return [
    `Our acknowledged save costs O(case size): \`receiveSave\` answers every save with ` +
      '`contentHash(room.content())` (the whole document to JSON, canonicalised, SHA-1) and `reportIssues` ' +
      `validates \`room.content()\` again. A save takes ${formatNumber(full)} ms on a 4-hour case against ` +
      `${formatNumber(empty)} ms on an empty one; with 200 live cases saving every 5 s that is about ` +
      `${Math.round(share)}% of the server's core spent hashing and validating, blocking the event loop. Caching ` +
      'the hash per document version and validating after a debounce would remove it.',
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
    ...saveReading(sections),
    'Latency and the storm are measured with every tablet in one Node process on one core; the storm bench ' +
      "process applies every tablet's merge, so its times include client work that real tablets do in parallel. " +
      'Both servers get the same client, so the ratios compare the servers.',
    `The machine is shared: its 1-minute load average was ${load.start.toFixed(1)} when the run started and ` +
      `${load.end.toFixed(1)} when it ended, on 2 cores. Wall-clock times (p99s most) move between runs; the ` +
      'side-by-side latency probes and the per-CPU-second throughput are the steadier comparisons.',
  ];
}
