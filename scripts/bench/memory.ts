import type WebSocket from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import { roomUrl } from './cold-load.js';
import { collectGarbage } from './inspector.js';
import { rssBytes, type BenchServer } from './servers.js';
import { inBatches, sleep } from './stats.js';
import { frame, openSocket, Tablet } from './tablet.js';

export interface MemoryConfig {
  cases: number;
  idleConnections: number;
  /** Time given to the server to settle before reading its RSS. */
  settleMs: number;
  /** How long the open cases then stay idle before RSS is read again (ours hibernates idle documents). */
  idleMs: number;
}

export interface MemoryResult {
  perCaseBytes: number;
  /** The same open cases after `idleMs` without a write. */
  perIdleCaseBytes: number;
  /** The main thread's live heap per open case (null: no inspector). */
  perCaseHeapBytes: number | null;
  /** The same after `idleMs`. */
  perIdleCaseHeapBytes: number | null;
  perConnectionBytes: number;
}

/** The server's resident memory and its main thread's heap in use (null: no inspector). */
interface Reading {
  rss: number;
  heap: number | null;
}

/**
 * Reads the server's memory after a full garbage collection of its main thread where it has an
 * inspector (scripts/bench/inspector.ts), so garbage its last work left is not counted as held.
 */
async function read(server: BenchServer): Promise<Reading> {
  if (server.inspectPort === null) return { rss: rssBytes(server.pid), heap: null };
  const { usedBytes } = await collectGarbage(server.inspectPort);
  return { rss: rssBytes(server.pid), heap: usedBytes };
}

/**
 * Server memory deltas: `cases` rooms each holding the 4-hour case (pushed as one update by a
 * connection that stays open), then `idleConnections` tablets synced to one empty room and
 * left idle. Each reading follows a full garbage collection where the server has an inspector.
 */
export async function measureMemory(
  server: BenchServer,
  caseState: Uint8Array,
  config: MemoryConfig,
): Promise<MemoryResult> {
  // One case written and closed first, so what the first write starts once (code loading, JIT
  // warm-up, ours: the case check's worker thread, an isolate of its own) is not counted as a case.
  const message = frame((e) => syncProtocol.writeUpdate(e, caseState));
  const warmup = await openSocket(roomUrl(server, 'memory-warmup'));
  warmup.send(message);
  await sleep(config.settleMs);
  warmup.close();
  // Idle as long as the cases will be: both readings are then of a server past its idle-time
  // work (ours evicts the warm-up room; V8 shrinks its heap after a quiet spell).
  await sleep(config.idleMs);
  const base = await read(server);

  const holders: WebSocket[] = [];
  for (let i = 0; i < config.cases; i++) {
    const socket = await openSocket(roomUrl(server, `memory-case-${i}`));
    socket.send(message);
    holders.push(socket);
  }
  await sleep(config.settleMs);
  const withCases = await read(server);
  await sleep(config.idleMs);
  const withIdleCases = await read(server);

  const indices = Array.from({ length: config.idleConnections }, (_, i) => i);
  const idle = await inBatches(indices, 50, async () => {
    const tablet = new Tablet(roomUrl(server, 'memory-idle'));
    await tablet.connect();
    return tablet;
  });
  await sleep(config.settleMs);
  const withIdle = await read(server);

  for (const socket of holders) socket.close();
  await Promise.all(idle.map((t) => t.destroy()));
  return {
    perCaseBytes: (withCases.rss - base.rss) / config.cases,
    perIdleCaseBytes: (withIdleCases.rss - base.rss) / config.cases,
    perCaseHeapBytes: perCase(withCases.heap, base.heap, config.cases),
    perIdleCaseHeapBytes: perCase(withIdleCases.heap, base.heap, config.cases),
    perConnectionBytes: (withIdle.rss - withIdleCases.rss) / config.idleConnections,
  };
}

function perCase(heap: number | null, base: number | null, cases: number): number | null {
  return heap === null || base === null ? null : (heap - base) / cases;
}
