import { Inflate } from 'fflate';
import * as encoding from 'lib0/encoding';
import { WebSocket, type RawData } from 'ws';
import * as Y from 'yjs';

/** Sends a message if the socket is open; a socket that cannot take it is dropped. */
export function send(conn: WebSocket, message: Uint8Array): void {
  if (conn.readyState !== WebSocket.OPEN) return;
  conn.send(message, (err) => {
    if (err) conn.terminate();
  });
}

/** Encodes one sync message: its type, then what `write` adds. */
export function message(type: number, write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/** Inflates a deflated batch; null when its output would pass `maxBytes` (a compressed bomb). */
export function inflateCapped(data: Uint8Array, maxBytes: number): Uint8Array | null {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const overflow = new Error('inflates beyond the cap');
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    // Thrown to stop inflating at once: the rest of a bomb is never expanded.
    if (total > maxBytes) throw overflow;
    chunks.push(chunk);
  });
  try {
    inflate.push(data, true);
  } catch (err) {
    if (err === overflow) return null;
    throw err;
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

/**
 * Throws for an update that Yjs cannot decode, before it is stored: a malformed update must
 * close its socket, never reach storage (where it would break every later load).
 */
export function assertWellFormed(update: Uint8Array): void {
  Y.decodeUpdate(update);
}

/** A state vector naming no client (a peer that has nothing yet). */
export function isEmptyStateVector(sv: Uint8Array): boolean {
  return sv.length === 1 && sv[0] === 0;
}

/** Yjs's encoding of an update with no changes. */
export function isEmptyUpdate(update: Uint8Array): boolean {
  return update.length === 2 && update[0] === 0 && update[1] === 0;
}

/** Vigil's client marks itself with `vigil=1` in the query string. */
export function isVigilClient(url: string): boolean {
  return new URLSearchParams(url.split('?')[1] ?? '').get('vigil') === '1';
}

/** Whether applying an update would change a document (a finalized one accepts only no-ops). */
export function updateChangesDoc(doc: Y.Doc, update: Uint8Array): boolean {
  const before = Y.encodeStateVector(doc);
  const probe = new Y.Doc({ gc: false });
  Y.applyUpdate(probe, Y.encodeStateAsUpdate(doc));
  Y.applyUpdate(probe, update);
  const after = Y.encodeStateVector(probe);
  const changed =
    before.length !== after.length ||
    before.some((b, i) => b !== after[i]) ||
    Y.encodeStateAsUpdate(probe).byteLength !== Y.encodeStateAsUpdate(doc).byteLength;
  probe.destroy();
  return changed;
}

export function toUint8Array(data: RawData): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
