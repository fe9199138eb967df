/**
 * Runs some sections of the sync benchmarks and prints their rows, without rewriting
 * docs/benchmarks.md (`node --import tsx scripts/bench/one.ts cold memory saves`): for checking
 * one change before a full `npm run bench`. With `--write` first, each section's table also
 * replaces that section in docs/benchmarks.md (the rest of the file stays as the last full run
 * wrote it), with the date and the load average of this run under its heading. With `--json` first
 * instead, the sections are also printed as one line of JSON after SECTIONS_LINE, for `npm run bench`
 * to run sections in a process of their own (run.ts: the sync sections on PostgreSQL).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import * as Y from 'yjs';
import { analyticsSection } from './analytics.js';
import { caseScreenForms, caseScreenSection } from './case-screen.js';
import { changeFeedSection } from './change-feed.js';
import { instancesSection } from './instances.js';
import { instanceStormSection } from './instances-storm.js';
import { instanceThroughputSection } from './instances-throughput.js';
import { monitorStreamSection } from './monitor-stream.js';
import { SECTIONS_LINE, type Section } from './report-types.js';
import { REPO_ROOT } from '../../tests/utils/start-server.js';
import { replaceSection, table } from './report.js';
import { BASELINE_ROOT } from './servers.js';
import { measureCaseScreenSizes, measureSize } from './size.js';
import {
  coldLoadSection,
  latencySection,
  memorySection,
  saveAckSection,
  sizeSection,
  stormSection,
  throughputSection,
} from './suite.js';
import { chartCase } from './workload.js';

const charted = chartCase(4);
const caseState = Y.encodeStateAsUpdate(charted.doc);
const SECTIONS: Record<string, () => Promise<Section>> = {
  latency: latencySection,
  throughput: throughputSection,
  cold: () => coldLoadSection(charted),
  memory: () => memorySection({ compact: Y.encodeStateAsUpdate(caseScreenForms().after), records: caseState }),
  saves: () => saveAckSection(caseState),
  storm: stormSection,
  caseScreen: caseScreenSection,
  instances: instancesSection,
  instanceStorm: instanceStormSection,
  instanceThroughput: instanceThroughputSection,
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

const OUTPUT = path.join(REPO_ROOT, 'docs/benchmarks.md');
const mode = process.argv[2];
const write = mode === '--write';
const json = mode === '--json';
const load = (): string => os.loadavg()[0]?.toFixed(1) ?? '?';

/** Rewrites the section in docs/benchmarks.md, formatted as `npm run bench` formats the file. */
async function writeSection(section: Section, started: Date, loadStart: string): Promise<void> {
  const note =
    `Written alone by \`node --import tsx scripts/bench/one.ts --write\` (${started.toISOString().slice(0, 16)}–` +
    `${new Date().toISOString().slice(11, 16)} UTC, load average ${loadStart} at the start and ${load()} at the end, ` +
    `on ${os.availableParallelism()} cores); the other sections are from their own runs.`;
  const markdown = replaceSection(readFileSync(OUTPUT, 'utf8'), section, note);
  const options = { ...(await prettier.resolveConfig(OUTPUT)), parser: 'markdown' };
  writeFileSync(OUTPUT, await prettier.format(markdown, options));
  console.log(`${OUTPUT}: section "${section.title}" rewritten`);
}

console.log(`load average ${load()} at start`);
if (BASELINE_ROOT) console.log(`the reference column is Vigil at ${BASELINE_ROOT} (BENCH_BASELINE_ROOT)`);
const done: Section[] = [];
for (const name of process.argv.slice(write || json ? 3 : 2)) {
  const run = SECTIONS[name];
  if (!run) throw new Error(`unknown section ${name}; one of ${Object.keys(SECTIONS).join(', ')}`);
  const started = new Date();
  const loadStart = load();
  const section = await run();
  const notes = (section.notes ?? []).map((n) => `- ${n}`);
  console.log(['', `### ${section.title}`, '', ...table(section), ...notes].join('\n'));
  if (write) await writeSection(section, started, loadStart);
  done.push(section);
}
if (json) console.log(`${SECTIONS_LINE}${JSON.stringify(done)}`);
console.log(`load average ${load()} at end`);
