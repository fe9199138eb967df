/**
 * Runs some sections of the sync benchmarks and prints their rows, without rewriting
 * docs/benchmarks.md (`node --import tsx scripts/bench/one.ts cold memory saves`): for checking
 * one change before a full `npm run bench`.
 */
import * as Y from 'yjs';
import type { Section } from './report-types.js';
import { coldLoadSection, latencySection, memorySection, saveAckSection, throughputSection } from './suite.js';
import { chartCase } from './workload.js';

const charted = chartCase(4);
const caseState = Y.encodeStateAsUpdate(charted.doc);
const SECTIONS: Record<string, () => Promise<Section>> = {
  latency: latencySection,
  throughput: throughputSection,
  cold: () => coldLoadSection(charted),
  memory: () => memorySection(caseState),
  saves: () => saveAckSection(caseState),
};

for (const name of process.argv.slice(2)) {
  const run = SECTIONS[name];
  if (!run) throw new Error(`unknown section ${name}; one of ${Object.keys(SECTIONS).join(', ')}`);
  const section = await run();
  console.log(`## ${section.title}`);
  for (const row of section.rows)
    console.log(`${row.label}: ours ${row.ours} / reference ${row.reference} ${row.unit}`);
  for (const note of section.notes ?? []) console.log(`- ${note}`);
}
