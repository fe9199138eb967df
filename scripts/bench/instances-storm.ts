import type * as Y from 'yjs';
import { seededRandom } from '../../tests/utils/random.js';
import { disposeInstances, instanceEnv } from './instances.js';
import type { ResultRow, Section } from './report-types.js';
import { cpuMs, DATABASE, startInstancePair, type BenchServer } from './servers.js';
import { inBatches, percentile, sleep, until } from './stats.js';
import { total } from './storm.js';
import { Tablet } from './tablet.js';
import { caseDoc, caseEdits, chart, countRecords, expectedCounts, type CaseEdit } from './workload.js';

export interface InstanceStormConfig {
  cases: number;
  /** Tablet k of a case starts on instance A when k is even, on B when odd. */
  tabletsPerCase: number;
  /** Hours of the issue's workload each case charts in all. */
  hours: number;
  /** The whole charting of every case, compressed into this long (each case's edits evenly spread). */
  chartingMs: number;
  /** Where in the charting B goes away (killed, or its tablets leave it), as a fraction of the edits. */
  leaveAt: number;
  /** B's tablets reconnect to A at random moments within this window, once the charting is done. */
  windowMs: number;
  timeoutMs: number;
}

/** 200 tablets, 100 of them moving (the storm section has 500), so both runs fit in about 3 minutes. */
export const INSTANCE_STORM_CONFIG = {
  cases: 50,
  tabletsPerCase: 4,
  hours: 0.5,
  chartingMs: 20_000,
  leaveAt: 0.5,
  windowMs: 10_000,
  timeoutMs: 60_000,
} satisfies InstanceStormConfig;

/** How B goes away: SIGKILL (ours), or its tablets close their sockets and B stays up (a planned move). */
type Leave = 'kill' | 'move';

interface CaseTablet {
  tablet: Tablet;
  /** Started on B, and moves to A. */
  moves: boolean;
  reconnectedAt: number;
  syncedAt: number;
  convergedAt: number;
}

interface StormCase {
  room: string;
  edits: CaseEdit[];
  expected: number;
  tablets: CaseTablet[];
}

export interface InstanceStormResult {
  caseSettleP50Ms: number;
  caseSettleP99Ms: number;
  /** From the first reconnect until every tablet held every record of its case. */
  allConvergedMs: number;
  syncReplyP99Ms: number;
  /** CPU seconds instance A used from the first reconnect until all converged. */
  serverCpuS: number;
  /** Records a fresh client on A did not find, against what the tablets charted. */
  lost: number;
  /** The same after A too was killed (SIGKILL) and restarted: only what was committed counts. */
  lostAfterRestart: number;
  /** Records B's tablets held at the reconnect that A did not: charted offline, or sent to B and not relayed. */
  heldOnlyByMoving: number;
  /** Of those, the ones B's tablets charted offline (the rest were sent to B and never reached A through it). */
  chartedOffline: number;
}

/** The pair a run uses; `a` is replaced when A is restarted, so the caller always stops the live one. */
interface Instances {
  a: BenchServer;
  b: BenchServer;
}

/** Connects `entry`'s document to `server` as a new tablet that notes when it holds the whole case. */
function attach(entry: Omit<CaseTablet, 'tablet'>, server: BenchServer, c: StormCase, doc: Y.Doc): Tablet {
  const converged = (): void => {
    if (entry.convergedAt === 0 && total(countRecords(doc)) === c.expected) entry.convergedAt = performance.now();
  };
  return new Tablet(server.roomUrl(c.room), doc, { onSync: converged });
}

/** Opens a case online: its tablets alternate between A and B, each from the case's lists. */
async function openCase(instances: Instances, index: number, config: InstanceStormConfig): Promise<StormCase> {
  const edits = caseEdits(config.hours, 100 + index);
  const c: StormCase = { room: `instance-storm-${index}`, edits, expected: total(expectedCounts(edits)), tablets: [] };
  c.tablets = Array.from({ length: config.tabletsPerCase }, (_, k) => {
    const entry = { moves: k % 2 === 1, reconnectedAt: 0, syncedAt: 0, convergedAt: 0 };
    return Object.assign(entry, { tablet: attach(entry, entry.moves ? instances.b : instances.a, c, caseDoc()) });
  });
  await Promise.all(c.tablets.map((t) => t.tablet.connect()));
  return c;
}

/** The step after which B goes away. */
function leaveStep(cases: readonly StormCase[], config: InstanceStormConfig): number {
  return Math.floor((cases[0]?.edits.length ?? 0) * config.leaveAt);
}

/** Who charts edit `step` of case `index`: its tablet (step + index) mod tablets, so authors alternate between A and B. */
function author(c: StormCase, index: number, step: number): CaseTablet {
  return c.tablets[(step + index) % c.tablets.length] as CaseTablet;
}

/**
 * Charts every case's edits at an even pace over `chartingMs`; `leave` runs once, right after the
 * edits of the step at `leaveAt` were sent (in the same turn of the event loop, so with a kill B
 * never reads those of its tablets), and the charting goes on at once.
 */
async function chartAll(cases: readonly StormCase[], config: InstanceStormConfig, leave: () => void): Promise<void> {
  const steps = cases[0]?.edits.length ?? 0;
  const start = performance.now();
  for (let step = 0; step < steps; step++) {
    const due = start + (step * config.chartingMs) / steps;
    if (due > performance.now()) await sleep(due - performance.now());
    cases.forEach((c, i) => chart(author(c, i, step).tablet.doc, c.edits[step] as CaseEdit));
    if (step === leaveStep(cases, config)) leave();
  }
}

/** Records B's tablets charted after B went away (every edit makes a record: event names do not repeat). */
function chartedOffline(cases: readonly StormCase[], config: InstanceStormConfig): number {
  const from = leaveStep(cases, config) + 1;
  return cases.reduce(
    (sum, c, i) => sum + c.edits.filter((_, step) => step >= from && author(c, i, step).moves).length,
    0,
  );
}

/** Counts the records a fresh client on `server` finds in each case, against what was charted. */
async function lostRecords(server: BenchServer, cases: readonly StormCase[]): Promise<number> {
  const missing = await inBatches(cases, 10, async (c) => {
    const check = new Tablet(server.roomUrl(c.room));
    await check.connect();
    const found = total(countRecords(check.doc));
    await check.destroy();
    check.doc.destroy();
    return Math.max(0, c.expected - found);
  });
  return missing.reduce((a, b) => a + b, 0);
}

/** Per case: the records its moving tablets held that its tablets on A did not, before the reconnect. */
function heldOnlyByMoving(cases: readonly StormCase[]): number {
  return cases.reduce((sum, c) => {
    const onA = Math.max(...c.tablets.filter((t) => !t.moves).map((t) => total(countRecords(t.tablet.doc))));
    return sum + c.expected - onA;
  }, 0);
}

/** Moves B's tablets to A at random moments (the same for every run: a seeded draw) within the window. */
async function reconnectMoving(
  instances: Instances,
  cases: readonly StormCase[],
  config: InstanceStormConfig,
): Promise<void> {
  const random = seededRandom(43);
  const moves = cases.flatMap((c) => c.tablets.filter((t) => t.moves).map((t) => ({ c, t, delay: random() })));
  await Promise.all(
    moves.map(async ({ c, t, delay }) => {
      const doc = t.tablet.doc;
      await t.tablet.destroy();
      t.tablet = attach(t, instances.a, c, doc);
      await sleep(delay * config.windowMs);
      t.reconnectedAt = performance.now();
      await t.tablet.connect(60_000);
      t.syncedAt = performance.now();
    }),
  );
}

/**
 * One storm on a pair of instances: every case charted online across A and B; at `leaveAt` B is
 * killed (or its tablets leave it) while everyone goes on charting (B's tablets offline); then B's
 * tablets reconnect to A, and we time until every tablet holds its whole case, and count losses.
 */
export async function measureInstanceStorm(
  instances: Instances,
  config: InstanceStormConfig,
  how: Leave,
): Promise<InstanceStormResult> {
  const indices = Array.from({ length: config.cases }, (_, i) => i);
  const cases = await inBatches(indices, 10, (i) => openCase(instances, i, config));
  const tablets = cases.flatMap((c) => c.tablets);
  const moving = tablets.filter((t) => t.moves);
  await chartAll(cases, config, () => {
    if (how === 'kill') process.kill(instances.b.pid, 'SIGKILL');
    else for (const t of moving) void t.tablet.disconnect();
  });
  // What the tablets on A were sent before B's tablets come back.
  await sleep(500);
  const onlyMoving = heldOnlyByMoving(cases);

  const start = performance.now();
  const cpuAtStart = cpuMs(instances.a.pid);
  await reconnectMoving(instances, cases, config);
  const converged = (): boolean => tablets.every((t) => t.convergedAt > 0);
  await until(converged, config.timeoutMs, 20).catch(() => undefined);
  const allConvergedMs = converged() ? Math.max(...tablets.map((t) => t.convergedAt)) - start : Number.NaN;
  const serverCpuS = (cpuMs(instances.a.pid) - cpuAtStart) / 1000;
  const settle = cases.map((c) => {
    if (c.tablets.some((t) => t.convergedAt === 0)) return Number.POSITIVE_INFINITY;
    const lastReconnect = Math.max(...c.tablets.filter((t) => t.moves).map((t) => t.reconnectedAt));
    return Math.max(...c.tablets.map((t) => t.convergedAt)) - lastReconnect;
  });
  const syncReply = moving.map((t) => t.syncedAt - t.reconnectedAt);
  await Promise.all(tablets.map((t) => t.tablet.destroy()));
  for (const t of tablets) t.tablet.doc.destroy();

  const lost = await lostRecords(instances.a, cases);
  if (how === 'move') await instances.b.stop();
  instances.a = await instances.a.restart('SIGKILL');
  return {
    caseSettleP50Ms: percentile(settle, 50),
    caseSettleP99Ms: percentile(settle, 99),
    allConvergedMs,
    syncReplyP99Ms: percentile(syncReply, 99),
    serverCpuS,
    lost,
    lostAfterRestart: await lostRecords(instances.a, cases),
    heldOnlyByMoving: onlyMoving,
    chartedOffline: chartedOffline(cases, config),
  };
}

/** One storm on a fresh pair, disposed after; a failure becomes a note. */
async function onFreshPair(how: Leave, notes: string[]): Promise<InstanceStormResult | null> {
  let instances: Instances | null = null;
  try {
    const [a, b] = await startInstancePair(instanceEnv());
    instances = { a, b };
    return await measureInstanceStorm(instances, INSTANCE_STORM_CONFIG, how);
  } catch (err) {
    notes.push(`${how === 'kill' ? 'ours' : 'reference'}: failed: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  } finally {
    await disposeInstances(instances?.a ?? null, instances?.b ?? null);
  }
}

function setupText(config: InstanceStormConfig): string {
  const moving = (config.cases * config.tabletsPerCase) / 2;
  return (
    `Two processes of our server (A and B) over one ${DATABASE} database and one Redis, ${config.cases} cases × ` +
    `${config.tabletsPerCase} tablets, each case's tablets alternating between A and B. Every case charts ` +
    `${config.hours * 60} minutes of the workload (vitals every 5 s, doses, events), compressed into ` +
    `${config.chartingMs / 1000} s, the edits taking turns between its tablets. Ours: half-way through ` +
    `(at ${config.leaveAt * 100}% of the edits, right after sending one round of them, so B may die with some ` +
    `of its tablets' last updates unread) B is killed with SIGKILL; every tablet goes on charting, the ${moving} tablets of ` +
    'B offline (what they sent B that B did not commit and relay, they still hold). Once the charting is ' +
    'done, the tablets of B reconnect to A at random moments within ' +
    `${config.windowMs / 1000} s (the same seeded draw in both columns); the tablets of A stay connected. The ` +
    'reference column is the same storm on a fresh pair where nothing is killed: at the same moment the tablets ' +
    "of B close their sockets and chart offline, B stays up (holding the rooms, hearing A's updates through " +
    'Redis), and they reconnect to A (a planned move). ' +
    '"Case settled" is, per case, the time from the last reconnect of its tablets until all its tablets hold ' +
    'every record. Lost records: once all settled, a fresh client on A counts each case against what its ' +
    "tablets charted (the tablets converge through A, so this first count checks A's document); then A too is " +
    'killed with SIGKILL and restarted, and a fresh client counts again: only what was committed counts, the ' +
    'count that shows durability.'
  );
}

/** Issue 43: a reconnect storm onto A after B was killed mid-charting, against a planned move of B's tablets. */
export async function instanceStormSection(): Promise<Section> {
  const config = INSTANCE_STORM_CONFIG;
  const notes: string[] = [];
  const reference = await onFreshPair('move', notes);
  const ours = await onFreshPair('kill', notes);
  const row = (label: string, unit: string, pick: (r: InstanceStormResult) => number): ResultRow => ({
    label,
    unit,
    ours: ours ? pick(ours) : null,
    reference: reference ? pick(reference) : null,
  });
  for (const [name, r] of [
    ['ours', ours],
    ['reference', reference],
  ] as const) {
    if (r) {
      const n = (x: number): string => x.toLocaleString('en-US');
      notes.push(
        `${name}: before the reconnect, B's tablets held ${n(r.heldOnlyByMoving)} records their cases' tablets ` +
          `on A lacked: ${n(r.chartedOffline)} charted offline, ${n(r.heldOnlyByMoving - r.chartedOffline)} sent ` +
          `to B that never reached A through it; ${r.lost === 0 ? 'all reached A' : `${n(r.lost)} are missing on A`}.`,
      );
    }
  }
  return {
    title: `Two instances on ${DATABASE}: reconnect storm onto one after the other was killed (issue 43)`,
    setup: setupText(config),
    rows: [
      row('case settled p50', 'ms', (r) => r.caseSettleP50Ms),
      row('case settled p99', 'ms', (r) => r.caseSettleP99Ms),
      row('all converged, from the first reconnect', 'ms', (r) => r.allConvergedMs),
      row('reconnect → sync step 2, p99', 'ms', (r) => r.syncReplyP99Ms),
      row('CPU time of A during the storm', 's', (r) => r.serverCpuS),
      { ...row('lost records', '', (r) => r.lost), goal: { text: '0', met: ours !== null && ours.lost === 0 } },
      {
        ...row('lost records after A too was killed and restarted', '', (r) => r.lostAfterRestart),
        goal: { text: '0', met: ours !== null && ours.lostAfterRestart === 0 },
      },
    ],
    notes,
  };
}
