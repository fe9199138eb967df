import type WebSocket from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import { roomUrl } from './cold-load.js';
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
  perConnectionBytes: number;
}

/**
 * Server RSS deltas: `cases` rooms each holding the 4-hour case (pushed as one update by a
 * connection that stays open), then `idleConnections` tablets synced to one empty room and
 * left idle.
 */
export async function measureMemory(
  server: BenchServer,
  caseState: Uint8Array,
  config: MemoryConfig,
): Promise<MemoryResult> {
  // One round trip first, so code loading and JIT warm-up are not counted as the first case.
  const warmup = new Tablet(roomUrl(server, 'memory-warmup'));
  await warmup.connect();
  await warmup.destroy();
  await sleep(config.settleMs);
  const base = rssBytes(server.pid);

  const message = frame((e) => syncProtocol.writeUpdate(e, caseState));
  const holders: WebSocket[] = [];
  for (let i = 0; i < config.cases; i++) {
    const socket = await openSocket(roomUrl(server, `memory-case-${i}`));
    socket.send(message);
    holders.push(socket);
  }
  await sleep(config.settleMs);
  const withCases = rssBytes(server.pid);
  await sleep(config.idleMs);
  const withIdleCases = rssBytes(server.pid);

  const indices = Array.from({ length: config.idleConnections }, (_, i) => i);
  const idle = await inBatches(indices, 50, async () => {
    const tablet = new Tablet(roomUrl(server, 'memory-idle'));
    await tablet.connect();
    return tablet;
  });
  await sleep(config.settleMs);
  const withIdle = rssBytes(server.pid);

  for (const socket of holders) socket.close();
  await Promise.all(idle.map((t) => t.destroy()));
  return {
    perCaseBytes: (withCases - base) / config.cases,
    perIdleCaseBytes: (withIdleCases - base) / config.cases,
    perConnectionBytes: (withIdle - withIdleCases) / config.idleConnections,
  };
}
