/**
 * Runs some sections of the sync benchmarks and prints their rows, without rewriting
 * docs/benchmarks.md (`node --import tsx scripts/bench/one.ts cold memory saves`): for checking
 * one change before a full `npm run bench`.
 */
import os from 'node:os';
import * as Y from 'yjs';
import { analyticsSection } from './analytics.js';
import { caseScreenForms, caseScreenSection } from './case-screen.js';
import { changeFeedSection } from './change-feed.js';
import { monitorStreamSection } from './monitor-stream.js';
import type { Section } from './report-types.js';
import { table } from './report.js';
import { BASELINE_ROOT } from './servers.js';
import { measureCaseScreenSizes, measureSize } from './size.js';
import {
  coldLoadSection,
  latencySection,
  memorySection,
  saveAckSection,
  sizeSection,
  throughputSection,
} from './suite.js';
import { chartCase } from './workload.js';

const charted = chartCase(4);
const caseState = Y.encodeStateAsUpdate(charted.doc);
const SECTIONS: Record<string, () => Promise<Section>> = {
  latency: latencySection,
  throughput: throughputSection,
  cold: () => coldLoadSection(charted),
  memory: () => memorySection(caseState),
  saves: () => saveAckSection(caseState),
  caseScreen: caseScreenSection,
  monitorStream: monitorStreamSection,
  changeFeed: changeFeedSection,
  analytics: analyticsSection,
  size: () =>
    Promise.resolve(
      sizeSection(
        measureSize(charted),
        measureSize(chartCase(4, 3, 1, 'objects')),
        measureCaseScreenSizes(caseScreenForms()),
      ),
    ),
};

console.log(`load average ${os.loadavg()[0]?.toFixed(1)} at start`);
if (BASELINE_ROOT) console.log(`the reference column is Vigil at ${BASELINE_ROOT} (BENCH_BASELINE_ROOT)`);
for (const name of process.argv.slice(2)) {
  const run = SECTIONS[name];
  if (!run) throw new Error(`unknown section ${name}; one of ${Object.keys(SECTIONS).join(', ')}`);
  const section = await run();
  const notes = (section.notes ?? []).map((n) => `- ${n}`);
  console.log(['', `### ${section.title}`, '', ...table(section), ...notes].join('\n'));
}
console.log(`load average ${os.loadavg()[0]?.toFixed(1)} at end`);
