import Database from 'better-sqlite3';
import path from 'node:path';
import type WebSocket from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { appendedUpdateCount } from '../../sync-server/src/store/sync/sqlite.js';
import { cpuMs, type BenchServer } from './servers.js';
import { inBatches, sleep } from './stats.js';
import { frame, isSyncUpdate, openSocket } from './tablet.js';

export interface ThroughputConfig {
  rooms: number;
  writersPerRoom: number;
  /** Updates a room may have sent that its listener has not seen yet. */
  window: number;
  warmupMs: number;
  durationMs: number;
}

export interface ThroughputResult {
  /** Updates per second the listeners received (each was committed first, on our server). */
  updatesPerSecond: number;
  /** Server CPU use during the measured window (1 = one core busy). */
  serverCores: number;
  /** The bench process's CPU use during the window: near 1, the load generator limited the result. */
  clientCores: number;
  /** Updates the listeners received over the whole run. */
  received: number;
}

interface Writer {
  socket: WebSocket;
  /** Pre-made update messages, sent in order. */
  messages: readonly Uint8Array[];
}

interface LoadRoom {
  writers: Writer[];
  listener: WebSocket;
  sent: number;
  received: number;
}

/**
 * The update messages of one writer, made before the clock starts so the load generator
 * spends its time sending: each sets one value of its own (a vitals reading being
 * corrected), a small update of about 30 bytes.
 */
export function writerMessages(count: number): Uint8Array[] {
  const doc = new Y.Doc();
  const messages: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => messages.push(frame((e) => syncProtocol.writeUpdate(e, update))));
  const root = doc.getMap('case');
  for (let i = 0; i < count; i++) root.set(`hr-${doc.clientID}`, i);
  doc.destroy();
  return messages;
}

function pump(room: LoadRoom, window: number, running: () => boolean): void {
  while (running() && room.sent - room.received < window) {
    const writer = room.writers[room.sent % room.writers.length] as Writer;
    const message = writer.messages[Math.floor(room.sent / room.writers.length)];
    if (!message) return;
    writer.socket.send(message);
    room.sent += 1;
  }
}

/** What one throughput run measured, its CPU per server process. */
export interface SpreadThroughputResult {
  updatesPerSecond: number;
  /** CPU use of each process of `servers` during the measured window (1 = one core busy), in their order. */
  serverCores: number[];
  clientCores: number;
  /** Updates the writers sent, per room, and what the listeners received, over the whole run. */
  sentPerRoom: number[];
  received: number;
}

/**
 * Sustained updates per second: `rooms` rooms (`{prefix}{i}`) with `writersPerRoom` writers on
 * `writersOn` pushing small updates (`loads`: one list of messages per writer, room after room) and
 * one listener on `listenerOn` counting what it broadcast (the same server, or another instance that
 * hears the updates through Redis). Each room keeps at most `window` updates unobserved, so the
 * servers are saturated without unbounded queues. CPU is read for every process of `servers`.
 */
export async function measureThroughputSpread(
  on: { writersOn: BenchServer; listenerOn: BenchServer; servers: readonly BenchServer[]; prefix: string },
  config: ThroughputConfig,
  loads: readonly (readonly Uint8Array[])[],
): Promise<SpreadThroughputResult> {
  const indices = Array.from({ length: config.rooms }, (_, i) => i);
  const rooms = await inBatches(indices, 10, async (i) => {
    const room = `${on.prefix}${i}`;
    const mine = loads.slice(i * config.writersPerRoom, (i + 1) * config.writersPerRoom);
    const url = on.writersOn.roomUrl(room);
    const writers = await Promise.all(mine.map(async (messages) => ({ socket: await openSocket(url), messages })));
    return { writers, listener: await openSocket(on.listenerOn.roomUrl(room)), sent: 0, received: 0 };
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
    cpu: on.servers.map((s) => cpuMs(s.pid)),
    client: cpuMs(process.pid),
  });
  const start = sample();
  await sleep(config.durationMs);
  const end = sample();
  running = false;
  // What is in flight reaches the listeners (through Redis too) before the sockets close.
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
    sentPerRoom: rooms.map((r) => r.sent),
    received: total(),
  };
}

/** measureThroughputSpread on one server: writers and listener of each room on it. */
export async function measureThroughput(
  server: BenchServer,
  config: ThroughputConfig,
  loads: readonly (readonly Uint8Array[])[],
): Promise<ThroughputResult> {
  const spread = { writersOn: server, listenerOn: server, servers: [server], prefix: 'throughput-' };
  const result = await measureThroughputSpread(spread, config, loads);
  return {
    updatesPerSecond: result.updatesPerSecond,
    serverCores: result.serverCores[0] ?? 0,
    clientCores: result.clientCores,
    received: result.received,
  };
}

/** How many updates our server appended to `sync_updates` (its AUTOINCREMENT counter), after it stopped. */
export function persistedUpdates(dataDir: string): number {
  const db = new Database(path.join(dataDir, 'vigil.db'), { readonly: true });
  try {
    return appendedUpdateCount(db);
  } finally {
    db.close();
  }
}
