import type { ResultRow, Section } from './report-types.js';

export interface Machine {
  cpus: number;
  model: string;
  memoryGiB: number;
  node: string;
  os: string;
}

export interface BenchReport {
  date: string;
  /** Which code was measured. */
  code: string;
  machine: Machine;
  durationS: number;
  scaling: string[];
  sections: Section[];
  readings: string[];
}

/** A number for a table: integers with separators, others with 2–3 significant decimals. */
export function formatNumber(value: number | null): string {
  if (value === null || Number.isNaN(value)) return '–';
  if (!Number.isFinite(value)) return 'never';
  if (Number.isInteger(value) || Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  return value.toFixed(Math.abs(value) >= 10 ? 1 : 2);
}

function ratio(row: ResultRow): string {
  if (row.ours === null || row.reference === null || row.reference === 0) return '–';
  const r = row.ours / row.reference;
  return Number.isFinite(r) ? `${r.toFixed(2)}×` : '–';
}

function cell(value: number | null, unit: string): string {
  const text = formatNumber(value);
  return text === '–' || text === 'never' || unit === '' ? text : `${text} ${unit}`;
}

/** One section's results as a markdown table. */
export function table(section: Section): string[] {
  const lines = [
    '| measure | ours | reference | ours / reference | goal | meets goal |',
    '| --- | --: | --: | --: | --- | --- |',
  ];
  for (const row of section.rows) {
    const met = row.goal ? (row.goal.met ? 'yes' : '**no**') : '';
    lines.push(
      `| ${row.label} | ${cell(row.ours, row.unit)} | ${cell(row.reference, row.unit)} | ${ratio(row)} | ${row.goal?.text ?? ''} | ${met} |`,
    );
  }
  return lines;
}

export function sectionText(section: Section, index: number): string[] {
  return [
    `## ${index + 1}. ${section.title}`,
    '',
    section.setup,
    '',
    ...table(section),
    ...(section.notes && section.notes.length > 0 ? ['', ...section.notes.map((n) => `- ${n}`)] : []),
    '',
  ];
}

/** docs/benchmarks.md: how to run, the machine, every table, and the reading. */
export function renderMarkdown(report: BenchReport): string {
  const { machine } = report;
  return [
    '# Benchmarks',
    '',
    'Issue 6 "Benchmarks": Vigil\'s sync server against the reference `@y/websocket-server` 0.1.1, each in its',
    'own Node process on the same machine, driven by the same load generator in the same run. Then the',
    'finalize time of a 4-hour case (issue 9) and the case screen in Chromium (issue 8), each against the',
    'reference its section names. This file is written by the run; the numbers below are from the last one.',
    'The benchmark only reports: no timing threshold is part of the test suite.',
    '',
    '## How to run',
    '',
    '```sh',
    'npm run bench   # node --import tsx scripts/bench/run.ts; rewrites docs/benchmarks.md',
    '```',
    '',
    'Code: `scripts/bench/` (`run.ts` is the entry; `reference-server.ts` is the reference server process).',
    '',
    'Before and after a change, side by side in one run: put the earlier commit in a clone with its',
    '`node_modules` and name it as the reference: `BENCH_BASELINE_ROOT=/path/to/clone node --import tsx',
    'scripts/bench/one.ts latency throughput cold memory` (the reference column is then that Vigil).',
    "Issue 26's figures: `docs/benchmarks-issue-26.md`; issue 36's (the change feed): `docs/benchmarks-issue-36.md`.",
    '',
    '## Run',
    '',
    `- Date: ${report.date}; the whole run took ${Math.round(report.durationS)} s. Code: ${report.code}.`,
    `- Machine: ${machine.cpus} cores (\`nproc\`), ${machine.model}, ${machine.memoryGiB} GiB RAM, ${machine.os}.`,
    `- Node ${machine.node}. Each server uses one core at most (one Node process); the load generator`,
    '  (every simulated tablet, in the bench process) has the other core.',
    '- Ratios are ours / reference: below 1 is better for times, sizes and memory, above 1 for throughput.',
    '',
    '## Scaled from the issue',
    '',
    ...report.scaling.map((s) => `- ${s}`),
    '',
    ...report.sections.flatMap(sectionText),
    '## Reading',
    '',
    ...report.readings.map((r) => `- ${r}`),
    '',
  ].join('\n');
}

/**
 * docs/benchmarks.md with one section rewritten in place (`one.ts --write`): the section whose
 * heading is `## N. <title>` (anything after the title, such as ", added by hand", included) is
 * replaced by `section` under the same number, with `runNote` (when and under what load it ran)
 * as the first line under its heading; the other sections stay as the last full run wrote them.
 * A section not there yet goes before "## Reading" with the next number.
 */
export function replaceSection(markdown: string, section: Section, runNote: string): string {
  const lines = markdown.split('\n');
  const headings = lines.flatMap((line, at) => (/^## /.test(line) ? [at] : []));
  // The whole title (or it followed by ", added by hand"): "Reconnect storm" is not "Reconnect storm on PostgreSQL".
  const at = headings.find((h) => new RegExp(`^## \\d+\\. ${escapeRegExp(section.title)}(?:,|$)`).test(lines[h]!));
  const numbered = headings.flatMap((h) => {
    const n = /^## (\d+)\. /.exec(lines[h]!)?.[1];
    return n ? [Number(n)] : [];
  });
  const index = at === undefined ? Math.max(0, ...numbered) : Number(/^## (\d+)\. /.exec(lines[at]!)![1]) - 1;
  const [heading, blank, ...body] = sectionText(section, index);
  const text = [heading!, blank!, runNote, '', ...body];
  if (at !== undefined) {
    const end = headings.find((h) => h > at) ?? lines.length;
    return [...lines.slice(0, at), ...text, ...lines.slice(end)].join('\n');
  }
  const reading = headings.find((h) => lines[h] === '## Reading') ?? lines.length;
  return [...lines.slice(0, reading), ...text, ...lines.slice(reading)].join('\n');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
