import { roomUrl } from './cold-load.js';
import { cpuMs, type BenchServer } from './servers.js';
import { inBatches, percentile, sleep, until } from './stats.js';
import { Tablet } from './tablet.js';
import { caseDoc, caseEdits, chart, countRecords, expectedCounts, type RecordCounts } from './workload.js';

export interface StormConfig {
  cases: number;
  tabletsPerCase: number;
  /** How long each case was charted offline (hours of the workload). */
  offlineHours: number;
  /** All tablets reconnect at random moments within this window. */
  windowMs: number;
  timeoutMs: number;
}

export interface StormResult {
  tablets: number;
  /** From the first reconnect until every tablet held every record of its case. */
  allConvergedMs: number;
  /** Per case: from its last tablet reconnecting until all its tablets held everything. */
  caseSettleP50Ms: number;
  caseSettleP99Ms: number;
  /** Per tablet: from reconnecting until the server's step 2 arrived. */
  syncReplyP50Ms: number;
  syncReplyP99Ms: number;
  /** CPU seconds the server and the bench process used from the first reconnect until all converged. */
  serverCpuS: number;
  clientCpuS: number;
  /** Records charted offline that a fresh client did not find afterwards (ours: after a kill -9 restart). */
  lost: number;
  /** The server after the check (ours is restarted). */
  server: BenchServer;
}

interface StormTablet {
  tablet: Tablet;
  caseIndex: number;
  reconnectedAt: number;
  syncedAt: number;
  convergedAt: number;
}

/** Records of a case: vitals, doses and events. */
export function total(counts: RecordCounts): number {
  return counts.vitals + counts.doses + counts.events;
}

/** The tablets of one case, each holding only the edits it charted while offline (round robin). */
function offlineCase(server: BenchServer, caseIndex: number, config: StormConfig): StormTablet[] {
  const edits = caseEdits(config.offlineHours, 100 + caseIndex);
  const expected = total(expectedCounts(edits));
  return Array.from({ length: config.tabletsPerCase }, (_, k) => {
    const entry: StormTablet = { tablet: new Tablet(''), caseIndex, reconnectedAt: 0, syncedAt: 0, convergedAt: 0 };
    const doc = caseDoc();
    edits.forEach((edit, i) => {
      if (i % config.tabletsPerCase === k) chart(doc, edit);
    });
    entry.tablet = new Tablet(roomUrl(server, `storm-${caseIndex}`), doc, {
      onSync: () => {
        if (entry.convergedAt === 0 && total(countRecords(doc)) === expected) entry.convergedAt = performance.now();
      },
    });
    return entry;
  });
}

/** Opens the case online (its lists exist on the server) before the tablets go offline. */
async function createCase(server: BenchServer, room: string): Promise<void> {
  const tablet = new Tablet(roomUrl(server, room), caseDoc());
  await tablet.connect();
  await tablet.destroy();
  tablet.doc.destroy();
}

async function reconnect(entry: StormTablet, delayMs: number): Promise<void> {
  await sleep(delayMs);
  entry.reconnectedAt = performance.now();
  await entry.tablet.connect(60_000);
  entry.syncedAt = performance.now();
}

/** Counts the records a fresh client finds in each case, against what was charted. */
async function lostRecords(server: BenchServer, config: StormConfig): Promise<number> {
  const cases = Array.from({ length: config.cases }, (_, i) => i);
  const missing = await inBatches(cases, 10, async (i) => {
    const expected = total(expectedCounts(caseEdits(config.offlineHours, 100 + i)));
    const check = new Tablet(roomUrl(server, `storm-${i}`));
    await check.connect();
    const found = total(countRecords(check.doc));
    await check.destroy();
    check.doc.destroy();
    return Math.max(0, expected - found);
  });
  return missing.reduce((a, b) => a + b, 0);
}

/**
 * Reconnect storm: `cases` × `tabletsPerCase` tablets, each with edits made offline, reconnect
 * at random moments within `windowMs`. We time until every tablet holds its whole case, then
 * (ours after a kill -9 and restart, so only what was committed counts) look for lost records.
 */
export async function measureStorm(server: BenchServer, config: StormConfig): Promise<StormResult> {
  await inBatches(
    Array.from({ length: config.cases }, (_, i) => i),
    10,
    (i) => createCase(server, `storm-${i}`),
  );
  const tablets = Array.from({ length: config.cases }, (_, i) => offlineCase(server, i, config)).flat();
  const start = performance.now();
  const cpuAtStart = { server: cpuMs(server.pid), client: cpuMs(process.pid) };
  await Promise.all(tablets.map((t) => reconnect(t, Math.random() * config.windowMs)));
  const converged = (): boolean => tablets.every((t) => t.convergedAt > 0);
  await until(converged, config.timeoutMs, 20).catch(() => undefined);
  const allConvergedMs = converged() ? Math.max(...tablets.map((t) => t.convergedAt)) - start : Number.NaN;
  const serverCpuS = (cpuMs(server.pid) - cpuAtStart.server) / 1000;
  const clientCpuS = (cpuMs(process.pid) - cpuAtStart.client) / 1000;

  const settle = Array.from({ length: config.cases }, (_, i) => {
    const mine = tablets.filter((t) => t.caseIndex === i);
    if (mine.some((t) => t.convergedAt === 0)) return Number.POSITIVE_INFINITY;
    return Math.max(...mine.map((t) => t.convergedAt)) - Math.max(...mine.map((t) => t.reconnectedAt));
  });
  const syncReply = tablets.map((t) => t.syncedAt - t.reconnectedAt);
  await Promise.all(tablets.map((t) => t.tablet.destroy()));
  for (const t of tablets) t.tablet.doc.destroy();

  const checked = server.durable ? await server.restart('SIGKILL') : server;
  return {
    tablets: tablets.length,
    allConvergedMs,
    caseSettleP50Ms: percentile(settle, 50),
    caseSettleP99Ms: percentile(settle, 99),
    syncReplyP50Ms: percentile(syncReply, 50),
    syncReplyP99Ms: percentile(syncReply, 99),
    serverCpuS,
    clientCpuS,
    lost: await lostRecords(checked, config),
    server: checked,
  };
}
