import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { DATABASE, disposeInstances, instanceEnv } from './instances.js';
import type { ResultRow, Section } from './report-types.js';
import { cpuMs, startBenchServer, startInstancePair, type BenchServer } from './servers.js';
import { inBatches, sleep } from './stats.js';
import { isSyncUpdate, openSocket, Tablet } from './tablet.js';
import { pump, writerMessages, type LoadRoom, type ThroughputConfig } from './throughput.js';

/** The throughput section's load (scripts/bench/suite.ts CONFIG.throughput), so the figures compare. */
export const INSTANCE_THROUGHPUT_CONFIG = {
  rooms: 50,
  writersPerRoom: 2,
  window: 16,
  warmupMs: 1000,
  durationMs: 6000,
} satisfies ThroughputConfig;
/** Pre-made updates per writer: enough for 40,000 updates/s over the run. */
const MESSAGES_PER_WRITER = 2800;

/** One writer's pre-made update messages, and the Yjs client id they are written by. */
interface WriterLoad {
  clientId: number;
  messages: Uint8Array[];
}

export interface SplitThroughputResult {
  updatesPerSecond: number;
  /** CPU use of each server process during the measured window (1 = one core busy), in `servers` order. */
  serverCores: number[];
  clientCores: number;
  /** Updates the writers sent, and the listeners received, over the whole run. */
  sent: number;
  received: number;
  /** Per room, how many updates each writer sent (what a fresh client must find afterwards). */
  sentBy: number[][];
}

/** The Yjs client that wrote a sync update message (type 0, kind 2, the update). */
function clientOf(message: Uint8Array): number {
  const decoder = decoding.createDecoder(message);
  decoding.readVarUint(decoder);
  decoding.readVarUint(decoder);
  const [client] = Y.parseUpdateMeta(decoding.readVarUint8Array(decoder)).from.keys();
  if (client === undefined) throw new Error('a writer message without a client');
  return client;
}

function writerLoad(count: number): WriterLoad {
  const messages = writerMessages(count);
  return { clientId: clientOf(messages[0] as Uint8Array), messages };
}

/** How many of a room's `sent` updates writer `w` of `writers` sent (they take turns). */
function sentByWriter(sent: number, writers: number, w: number): number {
  return sent > w ? Math.ceil((sent - w) / writers) : 0;
}

/**
 * measureThroughput (throughput.ts) with each room's writers on `writersOn` and its listener on
 * `listenerOn`: with two instances, every update the listener counts was committed by the first and
 * relayed through Redis to the second. CPU is read for every process in `servers`.
 */
export async function measureSplitThroughput(
  writersOn: BenchServer,
  listenerOn: BenchServer,
  servers: readonly BenchServer[],
  config: ThroughputConfig,
  loads: readonly WriterLoad[],
): Promise<SplitThroughputResult> {
  const indices = Array.from({ length: config.rooms }, (_, i) => i);
  const rooms: LoadRoom[] = await inBatches(indices, 10, async (i) => {
    const mine = loads.slice(i * config.writersPerRoom, (i + 1) * config.writersPerRoom);
    const url = writersOn.roomUrl(`instance-throughput-${i}`);
    const writers = await Promise.all(mine.map(async (l) => ({ socket: await openSocket(url), messages: l.messages })));
    return {
      writers,
      listener: await openSocket(listenerOn.roomUrl(`instance-throughput-${i}`)),
      sent: 0,
      received: 0,
    };
  });
  let running = true;
  for (const room of rooms) {
    room.listener.on('message', (data: ArrayBuffer) => {
      if (!isSyncUpdate(new Uint8Array(data))) return;
      room.received += 1;
      pump(room, config.window, () => running);
    });
    pump(room, config.window, () => running);
  }
  const total = (): number => rooms.reduce((sum, r) => sum + r.received, 0);
  await sleep(config.warmupMs);
  const sample = (): { at: number; received: number; cpu: number[]; client: number } => ({
    at: performance.now(),
    received: total(),
    cpu: servers.map((s) => cpuMs(s.pid)),
    client: cpuMs(process.pid),
  });
  const start = sample();
  await sleep(config.durationMs);
  const end = sample();
  running = false;
  await sleep(1000);
  for (const room of rooms) {
    for (const w of room.writers) w.socket.close();
    room.listener.close();
  }
  const seconds = (end.at - start.at) / 1000;
  return {
    updatesPerSecond: (end.received - start.received) / seconds,
    serverCores: end.cpu.map((ms, i) => (ms - (start.cpu[i] ?? 0)) / 1000 / seconds),
    clientCores: (end.client - start.client) / 1000 / seconds,
    sent: rooms.reduce((sum, r) => sum + r.sent, 0),
    received: total(),
    sentBy: rooms.map((r) => r.writers.map((_, w) => sentByWriter(r.sent, r.writers.length, w))),
  };
}

/**
 * Updates the writers sent that a fresh client on `server` (restarted with SIGKILL by the caller)
 * does not find: a writer's updates are one Yjs client's, in order, so its clock in the stored
 * document's state vector is how many of them were committed. Works on either database.
 */
async function uncommitted(
  server: BenchServer,
  result: SplitThroughputResult,
  loads: readonly WriterLoad[],
): Promise<number> {
  const perRoom = await inBatches(
    result.sentBy.map((sent, i) => ({ sent, i })),
    10,
    async ({ sent, i }) => {
      const check = new Tablet(server.roomUrl(`instance-throughput-${i}`));
      await check.connect();
      const clocks = Y.decodeStateVector(Y.encodeStateVector(check.doc));
      await check.destroy();
      check.doc.destroy();
      return sent.reduce((sum, count, w) => {
        const clientId = loads[i * sent.length + w]?.clientId ?? -1;
        return sum + Math.max(0, count - (clocks.get(clientId) ?? 0));
      }, 0);
    },
  );
  return perRoom.reduce((a, b) => a + b, 0);
}

function checkNote(name: string, result: SplitThroughputResult, missing: number): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  return (
    `${name}: the writers sent ${n(result.sent)} updates, the listeners received ${n(result.received)}; after a ` +
    `SIGKILL restart a fresh client finds ${missing === 0 ? 'every one of them' : `all but ${n(missing)}`} ` +
    "(each writer's clock in the stored state vector)."
  );
}

/** Reference: one instance, no Redis, writers and listener on it. */
async function oneInstance(loads: readonly WriterLoad[], notes: string[]): Promise<SplitThroughputResult | null> {
  let server: BenchServer | null = null;
  try {
    server = await startBenchServer('ours');
    const result = await measureSplitThroughput(server, server, [server], INSTANCE_THROUGHPUT_CONFIG, loads);
    server = await server.restart('SIGKILL');
    notes.push(checkNote('reference (one instance)', result, await uncommitted(server, result, loads)));
    return result;
  } catch (err) {
    notes.push(`reference (one instance): failed: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  } finally {
    await disposeInstances(server);
  }
}

/** Ours: two instances and Redis, writers on A, listener on B. */
async function twoInstances(loads: readonly WriterLoad[], notes: string[]): Promise<SplitThroughputResult | null> {
  let a: BenchServer | null = null;
  let b: BenchServer | null = null;
  try {
    [a, b] = await startInstancePair(instanceEnv());
    const result = await measureSplitThroughput(a, b, [a, b], INSTANCE_THROUGHPUT_CONFIG, loads);
    await b.stop();
    a = await a.restart('SIGKILL');
    notes.push(checkNote('ours (two instances)', result, await uncommitted(a, result, loads)));
    const [onA, onB] = result.serverCores.map((c) => c.toFixed(2));
    notes.push(`ours: of the server CPU, A (commits) used ${onA} cores, B (relays to the listeners) ${onB}.`);
    return result;
  } catch (err) {
    notes.push(`ours (two instances): failed: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  } finally {
    await disposeInstances(a, b);
  }
}

/** Issue 43: persisted updates per second with each update committed by one instance and heard on the other. */
export async function instanceThroughputSection(): Promise<Section> {
  const config = INSTANCE_THROUGHPUT_CONFIG;
  const loads = Array.from({ length: config.rooms * config.writersPerRoom }, () => writerLoad(MESSAGES_PER_WRITER));
  const notes: string[] = [];
  const reference = await oneInstance(loads, notes);
  const ours = await twoInstances(loads, notes);
  for (const [name, r] of [
    ['ours', ours],
    ['reference', reference],
  ] as const) {
    if (r && r.clientCores > 0.9) {
      notes.push(
        `${name}: the bench process used ${r.clientCores.toFixed(2)} cores: the load generator may have limited it.`,
      );
    }
  }
  const cores = (r: SplitThroughputResult): number => r.serverCores.reduce((a, b) => a + b, 0);
  const row = (label: string, unit: string, pick: (r: SplitThroughputResult) => number): ResultRow => ({
    label,
    unit,
    ours: ours ? pick(ours) : null,
    reference: reference ? pick(reference) : null,
  });
  return {
    title: `Two instances on ${DATABASE}: sustained persisted updates per second, one instance against two (issue 43)`,
    setup:
      `The throughput section's load: ${config.rooms} rooms, each with ${config.writersPerRoom} writers pushing small ` +
      `updates (one value set, ~30 bytes, made before the clock starts) and one listener counting what the server ` +
      `broadcast; each room keeps at most ${config.window} updates unobserved. ${config.warmupMs / 1000} s warm-up, ` +
      `then ${config.durationMs / 1000} s measured. Ours: two processes of our server (A and B) over one ${DATABASE} ` +
      "database and one Redis, each room's writers on A and its listener on B, so every update counted was " +
      'committed by A, published on Redis and sent on by B. Reference: the same load on one process of our server ' +
      `on ${DATABASE}, started without Redis (as one instance is deployed), writers and listener on it. Each run on ` +
      'fresh servers, the reference first. "Server CPU" is the sum over our server processes (from /proc; ' +
      "Redis's and PostgreSQL's own processes are not in it), which share this machine's cores. Afterwards " +
      'each server is killed with SIGKILL and restarted, and a fresh client checks that every update sent is stored.',
    rows: [
      row('updates/s (wall clock), two instances (reference: one)', '/s', (r) => r.updatesPerSecond),
      row('updates per second of server CPU (one core)', '/s', (r) => r.updatesPerSecond / cores(r)),
      row('server CPU used', 'cores', cores),
      row('bench process CPU used', 'cores', (r) => r.clientCores),
    ],
    notes,
  };
}
