/**
 * `npm run bench`: the sync benchmarks of issue 6, ours against the reference
 * `@y/websocket-server`, written to docs/benchmarks.md. Reports only; asserts nothing.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import * as prettier from 'prettier';
import * as Y from 'yjs';
import { REPO_ROOT } from '../../tests/utils/start-server.js';
import { analyticsSection } from './analytics.js';
import { caseScreenForms, caseScreenSection } from './case-screen.js';
import { changeFeedSection } from './change-feed.js';
import { instancesSection } from './instances.js';
import { instanceStormSection } from './instances-storm.js';
import { instanceThroughputSection } from './instances-throughput.js';
import { finalizeSection } from './finalize.js';
import { monitorStreamSection } from './monitor-stream.js';
import { readings } from './reading.js';
import { renderMarkdown, type BenchReport, type Machine } from './report.js';
import { SECTIONS_LINE, type Section } from './report-types.js';
import { measureCaseScreenSizes, measureSize } from './size.js';
import {
  CONFIG,
  coldLoadSection,
  latencySection,
  memorySection,
  saveAckSection,
  sizeSection,
  stormSection,
  throughputSection,
} from './suite.js';
import { chartCase } from './workload.js';

const OUTPUT = path.join(REPO_ROOT, 'docs/benchmarks.md');

function machine(): Machine {
  return {
    cpus: os.availableParallelism(),
    model: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
  };
}

/**
 * The commit measured, and whether the server's code differs from it (other engineers edit
 * the same tree). BENCH_COMMIT names it when the run is not inside a git checkout.
 */
function codeVersion(): string {
  try {
    const git = (...args: string[]): string =>
      execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = git('status', '--porcelain', '--', 'sync-server', 'shared') !== '';
    return `commit ${git('rev-parse', '--short', 'HEAD')}${dirty ? ' with uncommitted changes in sync-server/ or shared/' : ''}`;
  } catch {
    return `commit ${process.env.BENCH_COMMIT ?? 'unknown'} (run from an export of it, not a git checkout)`;
  }
}

function scaling(): string[] {
  const { coldLoad, memory, storm, throughput } = CONFIG;
  return [
    'Latency: 200 live cases × 5 tablets as asked, plus 1 case. Live cases start from empty lists (cases in ' +
      'their first minutes), so the bench process can hold 1,000 replicas; large documents are measured in the ' +
      'size, cold-load, memory and save sections.',
    `Throughput: ${throughput.rooms} rooms × ${throughput.writersPerRoom} writers and a listener, ` +
      `${throughput.durationMs / 1000} s measured, with the updates made in advance: generating them on the fly ` +
      'left the load generator, not the server, as the limit on 2 cores.',
    `Cold load: ${coldLoad.cases} stored 4-hour cases, ${coldLoad.coldRounds} restarts ` +
      `(${coldLoad.cases * coldLoad.coldRounds} samples, so p99 is close to the maximum).`,
    `Memory: ${memory.cases} open 4-hour cases and ${memory.idleConnections} idle connections.`,
    `Reconnect storm: ${storm.cases * storm.tabletsPerCase} tablets as asked, but back from ` +
      `${storm.offlineHours * 60} minutes offline, not 4 hours: at 1 hour every tablet's merge kept the single ` +
      'bench process busy for tens of seconds on both servers, so the result measured the load generator.',
  ];
}

async function step(name: string, run: () => Promise<Section>): Promise<Section> {
  const started = performance.now();
  console.log(`${new Date().toISOString()} ${name}…`);
  const section = await run();
  console.log(`${new Date().toISOString()} ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return section;
}

/** one.ts's names of the sync sections (and the two-instance ones) that run again on PostgreSQL. */
const POSTGRES_SECTIONS = [
  'latency',
  'throughput',
  'cold',
  'storm',
  'instances',
  'instanceStorm',
  'instanceThroughput',
];

/**
 * The sync sections again with our servers on PostgreSQL (issue 43: side by side with SQLite's), in
 * a process of their own: the tests' helpers choose the database per process (VIGIL_TEST_DATABASE).
 * A failure (PostgreSQL not running) is printed and the report keeps SQLite's sections.
 */
async function postgresSections(): Promise<Section[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/one.ts', '--json', ...POSTGRES_SECTIONS], {
    cwd: REPO_ROOT,
    env: { ...process.env, VIGIL_TEST_DATABASE: 'postgres' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let sections: Section[] | null = null;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith(SECTIONS_LINE)) sections = JSON.parse(line.slice(SECTIONS_LINE.length)) as Section[];
    else console.log(line);
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (sections) return sections;
  console.error(`the sections on PostgreSQL failed (exit ${code}); the report has SQLite's only`);
  return [];
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadStart = os.loadavg()[0] ?? 0;
  const charted = chartCase(4);
  const caseState = Y.encodeStateAsUpdate(charted.doc);
  const size = measureSize(charted);
  const screenForms = caseScreenForms();
  const screenSizes = measureCaseScreenSizes(screenForms);
  const sections = [sizeSection(size, measureSize(chartCase(4, 3, 1, 'objects')), screenSizes)];
  sections.push(await step('latency', latencySection));
  sections.push(await step('throughput', throughputSection));
  sections.push(await step('two instances', instancesSection));
  sections.push(await step('two instances: reconnect storm', instanceStormSection));
  sections.push(await step('two instances: throughput', instanceThroughputSection));
  sections.push(await step('cold load', () => coldLoadSection(charted)));
  sections.push(
    await step('memory', () =>
      memorySection({ compact: Y.encodeStateAsUpdate(screenForms.after), records: caseState }),
    ),
  );
  sections.push(await step('reconnect storm', stormSection));
  sections.push(await step('acknowledged saves', () => saveAckSection(caseState)));
  sections.push(await step('finalize', finalizeSection));
  sections.push(await step('case screen', caseScreenSection));
  sections.push(await step('monitor stream', monitorStreamSection));
  sections.push(await step('change feed', changeFeedSection));
  sections.push(await step('analytics', analyticsSection));
  console.log(`${new Date().toISOString()} the sync sections on PostgreSQL, in a process of their own…`);
  sections.push(...(await postgresSections()));
  const report: BenchReport = {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    code: codeVersion(),
    machine: machine(),
    durationS: (performance.now() - started) / 1000,
    scaling: scaling(),
    sections,
    readings: readings(sections, size, { start: loadStart, end: os.loadavg()[0] ?? 0 }),
  };
  const markdown = await prettier.format(renderMarkdown(report), {
    ...(await prettier.resolveConfig(OUTPUT)),
    parser: 'markdown',
  });
  writeFileSync(OUTPUT, markdown);
  console.log(markdown);
}

await main();
