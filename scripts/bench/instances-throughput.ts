import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { disposeInstances, instanceEnv } from './instances.js';
import type { ResultRow, Section } from './report-types.js';
import { DATABASE, startBenchServer, startInstancePair, type BenchServer } from './servers.js';
import { inBatches } from './stats.js';
import { CONFIG } from './suite.js';
import { Tablet } from './tablet.js';
import { measureThroughputSpread, writerMessages, type SpreadThroughputResult } from './throughput.js';

/** The throughput section's load, so the figures compare with it. */
const LOAD = CONFIG.throughput;
/** The rooms of this section: `{ROOM}{i}`. */
const ROOM = 'instance-throughput-';

/** One writer's pre-made update messages, and the Yjs client id they are written by. */
interface WriterLoad {
  clientId: number;
  messages: Uint8Array[];
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

const messagesOf = (loads: readonly WriterLoad[]): Uint8Array[][] => loads.map((l) => l.messages);

/** How many of a room's `sent` updates writer `w` of `writers` sent (they take turns). */
function sentByWriter(sent: number, writers: number, w: number): number {
  return sent > w ? Math.ceil((sent - w) / writers) : 0;
}

/**
 * Updates the writers sent that a fresh client on `server` (restarted with SIGKILL by the caller)
 * does not find: a writer's updates are one Yjs client's, in order, so its clock in the stored
 * document's state vector is how many of them were committed. Works on either database.
 */
async function uncommitted(
  server: BenchServer,
  result: SpreadThroughputResult,
  loads: readonly WriterLoad[],
): Promise<number> {
  const perRoom = await inBatches(
    result.sentPerRoom.map((sent, i) => ({
      sent: Array.from({ length: LOAD.writersPerRoom }, (_, w) => sentByWriter(sent, LOAD.writersPerRoom, w)),
      i,
    })),
    10,
    async ({ sent, i }) => {
      const check = new Tablet(server.roomUrl(`${ROOM}${i}`));
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

function checkNote(name: string, result: SpreadThroughputResult, missing: number): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  return (
    `${name}: the writers sent ${n(result.sentPerRoom.reduce((a, b) => a + b, 0))} updates, the listeners received ${n(result.received)}; after a ` +
    `SIGKILL restart a fresh client finds ${missing === 0 ? 'every one of them' : `all but ${n(missing)}`} ` +
    "(each writer's clock in the stored state vector)."
  );
}

/** Reference: one instance, no Redis, writers and listener on it. */
async function oneInstance(loads: readonly WriterLoad[], notes: string[]): Promise<SpreadThroughputResult | null> {
  let server: BenchServer | null = null;
  try {
    server = await startBenchServer('ours');
    const spread = { writersOn: server, listenerOn: server, servers: [server], prefix: ROOM };
    const result = await measureThroughputSpread(spread, LOAD, messagesOf(loads));
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
async function twoInstances(loads: readonly WriterLoad[], notes: string[]): Promise<SpreadThroughputResult | null> {
  let a: BenchServer | null = null;
  let b: BenchServer | null = null;
  try {
    [a, b] = await startInstancePair(instanceEnv());
    const spread = { writersOn: a, listenerOn: b, servers: [a, b], prefix: ROOM };
    const result = await measureThroughputSpread(spread, LOAD, messagesOf(loads));
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
  const config = LOAD;
  const loads = Array.from({ length: config.rooms * config.writersPerRoom }, () =>
    writerLoad(CONFIG.messagesPerWriter),
  );
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
  const cores = (r: SpreadThroughputResult): number => r.serverCores.reduce((a, b) => a + b, 0);
  const row = (label: string, unit: string, pick: (r: SpreadThroughputResult) => number): ResultRow => ({
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
      'B is stopped and A (the reference: its one server) is killed with SIGKILL and restarted, and a fresh ' +
      'client checks that every update sent is stored.',
    rows: [
      row('updates/s (wall clock), two instances (reference: one)', '/s', (r) => r.updatesPerSecond),
      row('updates per second of server CPU (one core)', '/s', (r) => r.updatesPerSecond / cores(r)),
      row('server CPU used', 'cores', cores),
      row('bench process CPU used', 'cores', (r) => r.clientCores),
    ],
    notes,
  };
}
