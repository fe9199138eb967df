import * as decoding from 'lib0/decoding';
import WebSocket from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { BenchServer } from './servers.js';
import { inBatches, sleep } from './stats.js';
import { frame, openSocket, Tablet } from './tablet.js';
import { countRecords, type RecordCounts } from './workload.js';

/** Updates sent per turn while seeding, so the server stores them as it would while charting. */
const SEED_CHUNK = 50;
/** Step 1 of a client with nothing: the reply is the whole document. */
const EMPTY_STEP1 = frame((e) => syncProtocol.writeSyncStep1(e, new Y.Doc()));

export interface FirstSync {
  ms: number;
  /** The update of the server's step 2. */
  update: Uint8Array;
}

export function roomUrl(server: BenchServer, room: string, params?: Record<string, string>): string {
  return server.roomUrl(room, params);
}

/**
 * Pushes a charted case into a room update by update (as its tablets did while charting, so
 * our server logs, compacts and stores it as it would), then checks a fresh tablet sees it all.
 */
async function seedCase(
  server: BenchServer,
  room: string,
  updates: readonly Uint8Array[],
  expected: RecordCounts,
): Promise<void> {
  const socket = await openSocket(roomUrl(server, room));
  for (let i = 0; i < updates.length; i += SEED_CHUNK) {
    for (const update of updates.slice(i, i + SEED_CHUNK))
      socket.send(frame((e) => syncProtocol.writeUpdate(e, update)));
    await sleep(1);
  }
  const check = new Tablet(roomUrl(server, room));
  for (;;) {
    await check.connect();
    const counts = countRecords(check.doc);
    await check.disconnect();
    if (counts.vitals === expected.vitals && counts.doses === expected.doses) break;
    await sleep(50);
  }
  await check.destroy();
  socket.close();
}

/** Pushes the same charted case into every room, a few at a time. */
export async function seedCases(
  server: BenchServer,
  rooms: readonly string[],
  updates: readonly Uint8Array[],
  expected: RecordCounts,
): Promise<void> {
  await inBatches(rooms, 4, (room) => seedCase(server, room, updates, expected));
}

/** Connects a fresh client and times until the server's step 2 (the whole document) arrives. */
export function firstSyncReply(url: string, timeoutMs = 30_000): Promise<FirstSync> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.binaryType = 'arraybuffer';
    const timer = setTimeout(() => reject(new Error(`no sync reply from ${url}`)), timeoutMs);
    ws.on('open', () => ws.send(EMPTY_STEP1));
    ws.on('message', (data: ArrayBuffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data));
      if (decoding.readVarUint(decoder) !== 0 || decoding.readVarUint(decoder) !== syncProtocol.messageYjsSyncStep2) {
        return;
      }
      const ms = performance.now() - start;
      clearTimeout(timer);
      ws.close();
      resolve({ ms, update: decoding.readVarUint8Array(decoder) });
    });
    ws.on('close', (code: number) => reject(new Error(`closed with ${code} before the sync reply`)));
    ws.on('error', () => undefined);
  });
}

/**
 * Loads each room once with a fresh client, one after another; checks each reply holds the whole
 * case once every room is timed (decoding a reply between two loads left its garbage to the
 * bench process's next collection, which then fell inside a later sample, for ours and the
 * reference alike).
 */
export async function loadTimes(
  server: BenchServer,
  rooms: readonly string[],
  expected: RecordCounts,
): Promise<number[]> {
  const replies: FirstSync[] = [];
  for (const room of rooms) replies.push(await firstSyncReply(roomUrl(server, room)));
  replies.forEach(({ update }, i) => {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, update);
    const counts = countRecords(doc);
    doc.destroy();
    if (counts.vitals !== expected.vitals || counts.doses !== expected.doses) {
      throw new Error(`${server.name} served ${rooms[i]} with ${counts.vitals} vitals, not ${expected.vitals}`);
    }
  });
  return replies.map(({ ms }) => ms);
}
