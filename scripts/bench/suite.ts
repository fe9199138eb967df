import { loadTimes, seedCases } from './cold-load.js';
import { openRig, probeRigs, type LatencyConfig } from './latency.js';
import { measureMemory, type MemoryConfig, type MemoryResult } from './memory.js';
import { saveRoundTrips } from './save-ack.js';
import type { ResultRow, Section } from './report-types.js';
import {
  DATABASE,
  onDatabase,
  startBenchServer,
  type BenchServer,
  type BenchServerOptions,
  type ServerName,
} from './servers.js';
import { ON_POSTGRES } from '../../tests/utils/test-database.js';
import type { CaseScreenSizes, SizeResult } from './size.js';
import { percentile, quantiles, type Quantiles } from './stats.js';
import { measureStorm, type StormConfig, type StormResult } from './storm.js';
import { measureThroughput, persistedUpdates, writerMessages, type ThroughputConfig } from './throughput.js';
import { expectedCounts, type ChartedCase } from './workload.js';

/** The scale of each measure on this machine (issue 6 asks for more where noted in `SCALING`). */
export const CONFIG = {
  latency: [
    { cases: 1, tabletsPerCase: 5, probes: 1000, warmupProbes: 100 },
    { cases: 200, tabletsPerCase: 5, probes: 1000, warmupProbes: 100 },
  ] satisfies LatencyConfig[],
  throughput: { rooms: 50, writersPerRoom: 2, window: 16, warmupMs: 1000, durationMs: 6000 } satisfies ThroughputConfig,
  /** Pre-made updates per writer: enough for 40,000 updates/s over the run. */
  messagesPerWriter: 2800,
  /** runs: its p99 is the slowest one or two loads of 60, so each row is the median of these runs (as the storm's). */
  coldLoad: { cases: 20, coldRounds: 3, runs: 3 },
  /** idleMs: past ours' HIBERNATE_AFTER_MS (30 s) and its sweep (every 15 s). */
  memory: { cases: 20, idleConnections: 1000, settleMs: 2000, idleMs: 47_000 } satisfies MemoryConfig,
  saves: 200,
  storm: {
    cases: 100,
    tabletsPerCase: 5,
    offlineHours: 0.5,
    windowMs: 10_000,
    timeoutMs: 90_000,
  } satisfies StormConfig,
  /** The storm's p99s are a case or two of 100, so one stall moves them several-fold: each row is the median of these runs. */
  stormRuns: 3,
};

const SERVERS: readonly ServerName[] = ['ours', 'reference'];
const KB = 1024;
const MB = 1024 * 1024;

/** Starts both servers side by side; one that fails to start (or refuses the bench) becomes a note. */
async function startEach(label: string, notes: string[]): Promise<BenchServer[]> {
  const servers: BenchServer[] = [];
  for (const name of SERVERS) {
    try {
      servers.push(await startBenchServer(name));
    } catch (err) {
      notes.push(failure(`${label}, ${name}`, err));
    }
  }
  return servers;
}

function failure(what: string, err: unknown): string {
  return `${what}: failed: ${err instanceof Error ? err.message : String(err)}`;
}

function goal(text: string, met: boolean): { text: string; met: boolean } {
  return { text, met };
}

/** Runs `task` on each server kind, started fresh and disposed after; a failure becomes a note. */
async function onBoth<T>(
  task: (server: BenchServer) => Promise<T>,
  notes: string[],
  options: BenchServerOptions = {},
): Promise<{ ours: T | null; reference: T | null }> {
  const result: { ours: T | null; reference: T | null } = { ours: null, reference: null };
  for (const name of SERVERS) {
    let server: BenchServer | null = null;
    try {
      server = await startBenchServer(name, options);
      result[name] = await task(server);
    } catch (err) {
      notes.push(failure(name, err));
    } finally {
      await server?.dispose();
    }
  }
  return result;
}

/** Size of the 4-hour case in the layout, and with vitals as plain objects for comparison. */
export function sizeSection(size: SizeResult, objects: SizeResult, caseScreen: CaseScreenSizes): Section {
  const rows: ResultRow[] = [
    {
      label: 'encoded (Y.encodeStateAsUpdate, v1)',
      unit: 'KB',
      ours: size.encodedBytes / KB,
      reference: null,
      goal: goal('< 300 KB', size.encodedBytes < 300 * KB),
    },
    {
      label: 'fflate deflate of the v1 encoding',
      unit: 'KB',
      ours: size.deflatedBytes / KB,
      reference: null,
      goal: goal('< 100 KB', size.deflatedBytes < 100 * KB),
    },
    { label: 'encoded, update format v2', unit: 'KB', ours: size.encodedV2Bytes / KB, reference: null },
    {
      label: `update log before compaction (${size.updates} single-edit updates)`,
      unit: 'KB',
      ours: size.updateLogBytes / KB,
      reference: null,
    },
    { label: 'V8 heap of one Y.Doc holding it', unit: 'MB', ours: size.heapBytes / MB, reference: null },
    {
      label: 'vitals as plain objects: encoded v1',
      unit: 'KB',
      ours: objects.encodedBytes / KB,
      reference: null,
    },
    {
      label: 'vitals as plain objects: deflated',
      unit: 'KB',
      ours: objects.deflatedBytes / KB,
      reference: null,
    },
    {
      label: 'vitals as plain objects: V8 heap of one Y.Doc',
      unit: 'MB',
      ours: objects.heapBytes / MB,
      reference: null,
    },
    {
      label: "case screen's monitor records, compact (reference: the old records): encoded v1",
      unit: 'KB',
      ours: caseScreen.after.encodedBytes / KB,
      reference: caseScreen.before.encodedBytes / KB,
      goal: goal('< 300 KB', caseScreen.after.encodedBytes < 300 * KB),
    },
    {
      label: "case screen's monitor records, compact (reference: the old records): deflated",
      unit: 'KB',
      ours: caseScreen.after.deflatedBytes / KB,
      reference: caseScreen.before.deflatedBytes / KB,
      goal: goal('< 100 KB', caseScreen.after.deflatedBytes < 100 * KB),
    },
    {
      label: "case screen's monitor records, compact (reference: the old records): V8 heap of one Y.Doc",
      unit: 'MB',
      ours: caseScreen.after.heapBytes / MB,
      reference: caseScreen.before.heapBytes / MB,
    },
    {
      label: 'the old records compacted (reference: before): encoded v1',
      unit: 'KB',
      ours: caseScreen.compacted.encodedBytes / KB,
      reference: caseScreen.before.encodedBytes / KB,
    },
    {
      label: 'the old records compacted (reference: before): deflated',
      unit: 'KB',
      ours: caseScreen.compacted.deflatedBytes / KB,
      reference: caseScreen.before.deflatedBytes / KB,
    },
  ];
  return {
    title: 'Size of the 4-hour case',
    setup:
      'A 4-hour case charted by 3 tablets taking turns: 2,880 vitals records (a `Y.Map` of time, hr, spo2, sbp, ' +
      'dbp, rr, etco2 pushed into `case.vitals`), 40 drug doses and 10 events. The size depends on the document, ' +
      'not on the server: one column. The heap is measured in the bench process after full garbage collections ' +
      '(average of 10 documents). The last rows chart the same case with each vitals record as a plain JSON ' +
      'object in `case.vitals` instead of a `Y.Map`, for comparison. The "case screen" rows are the layout the ' +
      'case screen writes: 2,880 simulated-monitor records in `vitalsRecords` as plain objects with the fields of ' +
      'spec 002 §3 (id, lastUpdated, simulated, monitorLabel, monitorId, selectedVitals, and value, time and status ' +
      'per vital; about 430 bytes of JSON each) and 40 doses. Their "reference" column is that layout as builds ' +
      'before issue 38 wrote it (every record whole in `vitalsRecords`, made in one transaction); "ours" is the ' +
      "same readings written by the case API's `recordReading` in the compact form (`vitalsReadings` and the " +
      "monitors' headers in `vitalsMonitors`, one reading per transaction as a monitor writes them), so the ratio " +
      'is after / before. "The old records compacted" is the old layout after `compactReadings` (what the first ' +
      'compact reading does to a case an older tablet charted; the records keep their ids).',
    rows,
  };
}

function latencyRows(label: string, ours: Quantiles | null, reference: Quantiles | null): ResultRow[] {
  const p99Met = ours !== null && reference !== null && ours.p99 < 5 && ours.p99 <= 1.2 * reference.p99;
  return [
    {
      label: `${label}: p50`,
      unit: 'ms',
      ours: ours?.p50 ?? null,
      reference: reference?.p50 ?? null,
      goal: goal('< 1 ms', ours !== null && ours.p50 < 1),
    },
    {
      label: `${label}: p99`,
      unit: 'ms',
      ours: ours?.p99 ?? null,
      reference: reference?.p99 ?? null,
      goal: goal('< 5 ms and ≤ 1.2× reference', p99Met),
    },
  ];
}

/** Both servers run at once; probes alternate between them, so machine noise hits both alike. */
export async function latencySection(): Promise<Section> {
  const notes: string[] = [];
  const rows: ResultRow[] = [];
  for (const config of CONFIG.latency) {
    const label = `${config.cases} live case${config.cases > 1 ? 's' : ''}`;
    const servers = await startEach(label, notes);
    try {
      const rigs = [];
      for (const server of servers) rigs.push(await openRig(server, config));
      const results = await probeRigs(rigs, config);
      await Promise.all(rigs.map((r) => r.close()));
      const of = (name: ServerName): Quantiles | null => results[servers.findIndex((s) => s.name === name)] ?? null;
      rows.push(...latencyRows(label, of('ours'), of('reference')));
    } catch (err) {
      notes.push(failure(label, err));
      rows.push(...latencyRows(label, null, null));
    } finally {
      await Promise.all(servers.map((s) => s.dispose()));
    }
  }
  const sample = CONFIG.latency.at(-1) as LatencyConfig;
  return {
    title: onDatabase('Tablet → server → tablet latency'),
    setup:
      `${sample.tabletsPerCase} tablets per case (${sample.cases * sample.tabletsPerCase} websockets at ${sample.cases} cases), ` +
      'every case charting vitals at the real pace (one record per case every 5 s) in the background. A probe: ' +
      'tablet 1 of a case (round robin over the cases) charts a vitals record; we time until tablet 2 of that case ' +
      `has applied it. ${sample.probes} probes per server after ${sample.warmupProbes} warm-up probes, one at a time, ` +
      `alternating between the two servers, which run side by side. Our server commits each update to ${DATABASE} ` +
      'before broadcasting it; the reference keeps it in memory.',
    rows,
    notes,
  };
}

export async function throughputSection(): Promise<Section> {
  const config = CONFIG.throughput;
  const loads = Array.from({ length: config.rooms * config.writersPerRoom }, () =>
    writerMessages(CONFIG.messagesPerWriter),
  );
  const notes: string[] = [];
  const results = await onBoth(async (server) => {
    const result = await measureThroughput(server, config, loads);
    if (server.dataDir && ON_POSTGRES) {
      notes.push(
        "ours: the log's rows are not counted on PostgreSQL here; the two-instance throughput section on " +
          'PostgreSQL finds every update sent after a SIGKILL restart.',
      );
    } else if (server.dataDir) {
      await server.stop();
      const persisted = persistedUpdates(server.dataDir);
      notes.push(
        `ours: ${persisted.toLocaleString('en-US')} rows appended to \`sync_updates\` for ` +
          `${result.received.toLocaleString('en-US')} updates the listeners received: every broadcast update was committed.`,
      );
    }
    return result;
  }, notes);
  const { ours, reference } = results;
  for (const [name, r] of Object.entries(results)) {
    if (r && r.clientCores > 0.9)
      notes.push(
        `${name}: the bench process used ${r.clientCores.toFixed(2)} cores: the load generator may have limited it.`,
      );
  }
  return {
    title: onDatabase('Sustained persisted updates per second'),
    setup:
      `${config.rooms} rooms, each with ${config.writersPerRoom} writers pushing small updates (one value set, ~30 bytes, ` +
      `made before the clock starts) and one listener counting what the server broadcast; each room keeps at most ` +
      `${config.window} updates unobserved. ${config.warmupMs / 1000} s warm-up, then ${config.durationMs / 1000} s measured. ` +
      'Ours broadcasts an update only after committing it, so the listeners count persisted updates; the reference ' +
      'persists nothing. "Per server core" divides by the CPU time the server process used (from /proc), which ' +
      'holds better than wall-clock rates when other work shares the machine.',
    rows: [
      {
        label: 'updates/s (wall clock)',
        unit: '/s',
        ours: ours?.updatesPerSecond ?? null,
        reference: reference?.updatesPerSecond ?? null,
        goal: goal('≥ 20,000 persisted/s', (ours?.updatesPerSecond ?? 0) >= 20_000),
      },
      {
        label: 'updates per second of server CPU (one core)',
        unit: '/s',
        ours: ours ? ours.updatesPerSecond / ours.serverCores : null,
        reference: reference ? reference.updatesPerSecond / reference.serverCores : null,
        goal: goal('≥ 20,000 persisted/s', ours !== null && ours.updatesPerSecond / ours.serverCores >= 20_000),
      },
      {
        label: 'server CPU used',
        unit: 'cores',
        ours: ours?.serverCores ?? null,
        reference: reference?.serverCores ?? null,
      },
      {
        label: 'bench process CPU used',
        unit: 'cores',
        ours: ours?.clientCores ?? null,
        reference: reference?.clientCores ?? null,
      },
    ],
    notes,
  };
}

/** One run's first-sync quantiles: after restarts (ours; the reference from memory) and warm. */
interface ColdQuantiles {
  first: Quantiles;
  warm: Quantiles;
}

function coldQuantiles(loads: { first: number[]; warm: number[] } | null): ColdQuantiles | null {
  return loads ? { first: quantiles(loads.first), warm: quantiles(loads.warm) } : null;
}

/** Seeds the stored cases, then loads each with a fresh client: ours after restarts, the reference from memory. */
async function coldLoads(server: BenchServer, charted: ChartedCase): Promise<{ first: number[]; warm: number[] }> {
  const rooms = Array.from({ length: CONFIG.coldLoad.cases }, (_, i) => `cold-${i}`);
  const expected = expectedCounts(charted.edits);
  await seedCases(server, rooms, charted.updates, expected);
  let current = server;
  const first: number[] = [];
  let warm: number[] = [];
  for (let round = 0; round < CONFIG.coldLoad.coldRounds; round++) {
    if (current.durable) current = await current.restart();
    first.push(...(await loadTimes(current, rooms, expected)));
    if (round === 0) warm = await loadTimes(current, rooms, expected);
  }
  if (current !== server) await current.stop();
  return { first, warm };
}

export async function coldLoadSection(charted: ChartedCase): Promise<Section> {
  const notes: string[] = [];
  const runs: { ours: ColdQuantiles | null; reference: ColdQuantiles | null }[] = [];
  for (let i = 0; i < CONFIG.coldLoad.runs; i++) {
    const run = await onBoth((server) => coldLoads(server, charted), notes);
    runs.push({ ours: coldQuantiles(run.ours), reference: coldQuantiles(run.reference) });
  }
  /** The median over the runs of one quantile (null when no run of that server finished). */
  const median = (name: ServerName, pick: (q: ColdQuantiles) => number): number | null => {
    const values = runs.map((r) => r[name]).flatMap((q) => (q ? [pick(q)] : []));
    return values.length === 0 ? null : percentile(values, 50);
  };
  const oursColdP99 = median('ours', (q) => q.first.p99);
  const { cases, coldRounds, runs: runCount } = CONFIG.coldLoad;
  return {
    title: onDatabase('Cold load of a stored 4-hour case'),
    setup:
      `${cases} rooms each receive the 4-hour case as its 2,931 single-edit updates (so ours logs and compacts it ` +
      `as while charting: a snapshot plus the updates since). Ours is then restarted (SIGTERM, which compacts ` +
      `each room's log into its snapshot) and each room is ` +
      `loaded once by a fresh client: time from opening the websocket to the server's sync step 2 (the whole ` +
      `document, checked to hold all 2,880 vitals once every load is timed); ${coldRounds} restarts, ` +
      `${cases * coldRounds} samples a run. The reference ` +
      'has no cold path (it keeps documents in memory and loses them on restart): its column is the same first ' +
      'sync of a fresh client, from memory. "Warm" is ours again once the rooms are loaded. ' +
      `${runCount} runs, each on fresh servers (ours, then the reference): each row is the median of the runs.`,
    rows: [
      {
        label: `first sync reply p50 (ours: from ${DATABASE}; reference: from memory)`,
        unit: 'ms',
        ours: median('ours', (q) => q.first.p50),
        reference: median('reference', (q) => q.first.p50),
      },
      {
        label: `first sync reply p99 (ours: from ${DATABASE}; reference: from memory)`,
        unit: 'ms',
        ours: oursColdP99,
        reference: median('reference', (q) => q.first.p99),
        goal: goal('< 25 ms', oursColdP99 !== null && oursColdP99 < 25),
      },
      {
        label: 'warm (room in memory) p50',
        unit: 'ms',
        ours: median('ours', (q) => q.warm.p50),
        reference: median('reference', (q) => q.first.p50),
      },
      {
        label: 'warm (room in memory) p99',
        unit: 'ms',
        ours: median('ours', (q) => q.warm.p99),
        reference: median('reference', (q) => q.first.p99),
      },
    ],
    notes,
  };
}

/** The 4-hour case as this build's tablets write it (compact readings) and as older ones did (a record per reading). */
export interface MemoryCases {
  compact: Uint8Array;
  records: Uint8Array;
}

export async function memorySection(cases: MemoryCases): Promise<Section> {
  const notes: string[] = [];
  const inspect = { inspect: true };
  const compact = await onBoth((server) => measureMemory(server, cases.compact, CONFIG.memory), notes, inspect);
  const records = await onBoth((server) => measureMemory(server, cases.records, CONFIG.memory), notes, inspect);
  const { cases: count, idleConnections, idleMs } = CONFIG.memory;
  const perCase = (
    label: string,
    of: { ours: MemoryResult | null; reference: MemoryResult | null },
    pick: (r: MemoryResult) => number | null,
    withGoal: boolean,
  ): ResultRow => {
    const ours = of.ours ? pick(of.ours) : null;
    const reference = of.reference ? pick(of.reference) : null;
    return {
      label,
      unit: 'MB',
      ours: ours === null ? null : ours / MB,
      reference: reference === null ? null : reference / MB,
      ...(withGoal ? { goal: goal('< 2 MB', ours !== null && ours < 2 * MB) } : {}),
    };
  };
  return {
    title: 'Memory per open case and per idle connection',
    setup:
      'Server RSS (/proc/{pid}/status VmRSS) after a warm-up case (one room given the case, its connection ' +
      `closed, then ${idleMs / 1000} s idle: what the first write starts once is not a case's), after ${count} rooms each received the ` +
      `4-hour case as one update (the sending connection stays open), again after those cases stayed idle for ` +
      `${idleMs / 1000} s (ours then holds an idle case as its encoded bytes instead of a Y.Doc: ` +
      `HIBERNATE_AFTER_MS), and after ${idleConnections} more tablets synced to one empty room and stayed idle. ` +
      "Before each reading the benchmark has every isolate of the server collect its garbage, its worker threads' " +
      "too (both servers run with --inspect; the inspector's HeapProfiler.collectGarbage, in the workers through " +
      'NodeWorker; ours checks cases in a worker, and under tsx each module loader runs in one), so what the last ' +
      'work left behind is not counted as held. RSS still counts what V8 and the allocator keep from the system, ' +
      "the workers' live heaps and native memory (ours: SQLite's cache). \"Live heap\" is the main thread's heap " +
      'in use (Runtime.getHeapUsage). Deltas divided by the count. Two cases, each on fresh servers: the case ' +
      "screen's 4-hour case as this build writes it (monitor readings compact, issue 38: one reading per " +
      'transaction, as a monitor ' +
      'charts them) and the synthetic 4-hour case of the size section (a Y.Map per reading, as builds before ' +
      'compact readings wrote them).',
    rows: [
      perCase('per open 4-hour case, compact readings (with its one connection)', compact, (r) => r.perCaseBytes, true),
      perCase(
        `per open 4-hour case, compact readings, idle for ${idleMs / 1000} s`,
        compact,
        (r) => r.perIdleCaseBytes,
        true,
      ),
      perCase('per open 4-hour case, compact readings: live heap', compact, (r) => r.perCaseHeapBytes, true),
      perCase(
        `per open 4-hour case, compact readings, idle for ${idleMs / 1000} s: live heap`,
        compact,
        (r) => r.perIdleCaseHeapBytes,
        false,
      ),
      perCase('per open 4-hour case, a record per reading (older tablets)', records, (r) => r.perCaseBytes, false),
      perCase(
        `per open 4-hour case, a record per reading, idle for ${idleMs / 1000} s`,
        records,
        (r) => r.perIdleCaseBytes,
        false,
      ),
      {
        label: 'per idle connection',
        unit: 'KB',
        ours: compact.ours ? compact.ours.perConnectionBytes / KB : null,
        reference: compact.reference ? compact.reference.perConnectionBytes / KB : null,
      },
    ],
    notes,
  };
}

export async function stormSection(): Promise<Section> {
  const notes: string[] = [];
  const runs: { ours: StormResult | null; reference: StormResult | null }[] = [];
  for (let i = 0; i < CONFIG.stormRuns; i++) {
    runs.push(
      await onBoth(async (server) => {
        const result = await measureStorm(server, CONFIG.storm);
        if (result.server !== server) await result.server.stop();
        return result;
      }, notes),
    );
  }
  const results = (name: ServerName): StormResult[] =>
    runs.map((r) => r[name]).filter((r): r is StormResult => r !== null);
  const ours = results('ours');
  const reference = results('reference');
  const config = CONFIG.storm;
  /** The median over the runs (null when no run of that server finished). */
  const value = (rs: StormResult[], pick: (r: StormResult) => number): number | null =>
    rs.length === 0 ? null : percentile(rs.map(pick), 50);
  const lost = (rs: StormResult[]): number | null => (rs.length === 0 ? null : rs.reduce((n, r) => n + r.lost, 0));
  const settledP99 = value(ours, (r) => r.caseSettleP99Ms);
  return {
    title: onDatabase('Reconnect storm'),
    setup:
      `${config.cases} cases × ${config.tabletsPerCase} tablets = ${config.cases * config.tabletsPerCase} tablets. ` +
      `Each case was opened online, then every tablet charted its share of ${config.offlineHours * 60} minutes of the ` +
      `workload offline (round robin). All tablets reconnect at random moments within ${config.windowMs / 1000} s. ` +
      '"Case settled" is, per case, the time from its last tablet reconnecting until all its tablets hold every ' +
      'record. Lost records: a fresh client counts each case afterwards; ours is first killed with SIGKILL and ' +
      `restarted, so only what was committed counts. ${CONFIG.stormRuns} runs, each on fresh servers (ours, then the ` +
      'reference): each row is the median of the runs, lost records their sum.',
    rows: [
      {
        label: 'case settled p50',
        unit: 'ms',
        ours: value(ours, (r) => r.caseSettleP50Ms),
        reference: value(reference, (r) => r.caseSettleP50Ms),
      },
      {
        label: 'case settled p99',
        unit: 'ms',
        ours: value(ours, (r) => r.caseSettleP99Ms),
        reference: value(reference, (r) => r.caseSettleP99Ms),
        goal: goal('< 5 s', settledP99 !== null && settledP99 < 5000),
      },
      {
        label: 'all converged, from the first reconnect',
        unit: 'ms',
        ours: value(ours, (r) => r.allConvergedMs),
        reference: value(reference, (r) => r.allConvergedMs),
      },
      {
        label: 'reconnect → sync step 2, p99',
        unit: 'ms',
        ours: value(ours, (r) => r.syncReplyP99Ms),
        reference: value(reference, (r) => r.syncReplyP99Ms),
      },
      {
        label: 'server CPU time during the storm',
        unit: 's',
        ours: value(ours, (r) => r.serverCpuS),
        reference: value(reference, (r) => r.serverCpuS),
      },
      {
        label: 'bench process CPU time during the storm',
        unit: 's',
        ours: value(ours, (r) => r.clientCpuS),
        reference: value(reference, (r) => r.clientCpuS),
      },
      {
        label: 'lost records',
        unit: '',
        ours: lost(ours),
        reference: lost(reference),
        goal: goal('0', lost(ours) === 0),
      },
    ],
    notes,
  };
}

/** Ours only: Vigil's acknowledged save, into an empty case and into the 4-hour case. */
export async function saveAckSection(caseState: Uint8Array): Promise<Section> {
  const notes: string[] = [];
  let server: BenchServer | null = null;
  let empty: Quantiles | null = null;
  let full: Quantiles | null = null;
  try {
    server = await startBenchServer('ours');
    empty = await saveRoundTrips(server, 'save-empty', null, CONFIG.saves);
    full = await saveRoundTrips(server, 'save-4h', caseState, CONFIG.saves);
  } catch (err) {
    notes.push(failure('ours', err));
  } finally {
    await server?.dispose();
  }
  return {
    title: "Acknowledged saves (Vigil's client protocol; ours only)",
    setup:
      `One client sends ${CONFIG.saves} saves one after another, each one vitals record, and waits for the server's ` +
      '"saved" reply (committed, with the server\'s content hash); the first tenth is warm-up. The reference has no ' +
      'acknowledged saves. Not a goal of the issue: it shows what a save costs as the case grows.',
    rows: [
      { label: 'save → saved, empty case: p50', unit: 'ms', ours: empty?.p50 ?? null, reference: null },
      { label: 'save → saved, empty case: p99', unit: 'ms', ours: empty?.p99 ?? null, reference: null },
      { label: 'save → saved, 4-hour case: p50', unit: 'ms', ours: full?.p50 ?? null, reference: null },
      { label: 'save → saved, 4-hour case: p99', unit: 'ms', ours: full?.p99 ?? null, reference: null },
    ],
    notes,
  };
}
