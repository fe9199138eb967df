import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';

/** y-websocket message type of sync messages (step 1, step 2, update). */
const MESSAGE_SYNC = 0;
/** Updates that came from the server are not sent back to it. */
const FROM_SERVER = Symbol('from-server');

export interface TabletOptions {
  /** Called after every sync message from the server was applied, with its kind. */
  onSync?: (kind: number) => void;
}

/**
 * A tablet speaking the y-websocket protocol with the least client-side work: no awareness,
 * no timers, no reconnect. The official provider does the same exchange (step 1 on open,
 * step 2 in reply, updates both ways); a lean client keeps the bench process from being what
 * is measured when a thousand of them share one core.
 */
export class Tablet {
  readonly doc: Y.Doc;
  private ws: WebSocket | null = null;

  constructor(
    private readonly url: string,
    doc: Y.Doc = new Y.Doc(),
    private readonly options: TabletOptions = {},
  ) {
    this.doc = doc;
    this.doc.on('update', this.onLocalUpdate);
  }

  /** Connects and resolves once the server's step 2 (its whole state we lack) was applied. */
  connect(timeoutMs = 30_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.url, { perMessageDeflate: false });
      ws.binaryType = 'arraybuffer';
      this.ws = ws;
      // What arrived before a timeout says where the exchange stopped (session 37's cold-load hang).
      const started = performance.now();
      let opened: number | null = null;
      const received = { step1: 0, update: 0, other: 0, lastMs: null as number | null };
      const since = (t: number | null): string => (t === null ? 'never' : `${Math.round(t - started)} ms`);
      const timer = setTimeout(() => {
        const { step1, update, other, lastMs } = received;
        reject(
          new Error(
            `no sync from ${this.url} in ${timeoutMs} ms: opened ${since(opened)}, received ${step1} step 1, ` +
              `${update} updates and ${other} other messages, the last at ${since(lastMs)}`,
          ),
        );
      }, timeoutMs);
      ws.on('open', () => {
        opened = performance.now();
        this.send(frame((e) => syncProtocol.writeSyncStep1(e, this.doc)));
      });
      ws.on('message', (data: ArrayBuffer) => {
        const kind = this.receive(new Uint8Array(data));
        received.lastMs = performance.now();
        if (kind === syncProtocol.messageYjsSyncStep1) received.step1 += 1;
        else if (kind === syncProtocol.messageYjsUpdate) received.update += 1;
        else if (kind !== syncProtocol.messageYjsSyncStep2) received.other += 1;
        if (kind === syncProtocol.messageYjsSyncStep2) {
          clearTimeout(timer);
          resolve();
        }
      });
      ws.on('close', (code: number) => {
        clearTimeout(timer);
        reject(new Error(`closed with ${code} before syncing`));
      });
      ws.on('error', () => undefined);
    });
  }

  private receive(message: Uint8Array): number | null {
    const decoder = decoding.createDecoder(message);
    if (decoding.readVarUint(decoder) !== MESSAGE_SYNC) return null;
    const reply = encoding.createEncoder();
    encoding.writeVarUint(reply, MESSAGE_SYNC);
    const kind = syncProtocol.readSyncMessage(decoder, reply, this.doc, FROM_SERVER);
    if (encoding.length(reply) > 1) this.send(encoding.toUint8Array(reply));
    this.options.onSync?.(kind);
    return kind;
  }

  private onLocalUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin !== FROM_SERVER) this.send(frame((e) => syncProtocol.writeUpdate(e, update)));
  };

  private send(message: Uint8Array): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(message);
  }

  /** Closes the connection and waits until it is closed; the document is kept. */
  disconnect(): Promise<void> {
    const ws = this.ws;
    this.ws = null;
    if (!ws || ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      ws.once('close', () => resolve());
      ws.close();
    });
  }

  destroy(): Promise<void> {
    this.doc.off('update', this.onLocalUpdate);
    return this.disconnect();
  }
}

/** A sync message (type 0) written by `write`. */
export function frame(write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/** Opens a bare websocket (no protocol) and resolves once it is open. */
export function openSocket(url: string, timeoutMs = 30_000): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.binaryType = 'arraybuffer';
    const timer = setTimeout(() => reject(new Error(`could not open ${url}`)), timeoutMs);
    ws.once('open', () => {
      clearTimeout(timer);
      resolve(ws);
    });
    ws.once('close', (code: number) => {
      clearTimeout(timer);
      reject(new Error(`closed with ${code} before opening`));
    });
    ws.on('error', () => undefined);
  });
}

/** Whether a message is a sync update (type 0, kind 2): what a server broadcasts per write. */
export function isSyncUpdate(message: Uint8Array): boolean {
  return message[0] === MESSAGE_SYNC && message[1] === syncProtocol.messageYjsUpdate;
}
