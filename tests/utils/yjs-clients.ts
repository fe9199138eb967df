import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import * as syncProtocol from 'y-protocols/sync';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { SYNC_MESSAGE } from '@vigil/shared';
import { SyncProvider, type SyncProviderOptions, type SyncState } from '../../client/src/sync/SyncProvider.js';

export interface YClient {
  doc: Y.Doc;
  provider: WebsocketProvider;
  destroy(): void;
}

/**
 * An official y-websocket client in Node, connected to `{serverUrl}/api/sync/{room}`.
 * BroadcastChannel is off: two clients in one process would otherwise sync through it and
 * a test could pass with nothing reaching the server (TOOLCHAIN.md).
 */
export function connectClient(
  serverUrl: string,
  room: string,
  params: Record<string, string> = {},
  /** The document to sync (a client reconnecting to another instance keeps its own); a new one by default. */
  doc: Y.Doc = new Y.Doc(),
): YClient {
  const provider = new WebsocketProvider(`${serverUrl.replace(/^http/, 'ws')}/api/sync`, room, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    params,
  });
  return {
    doc,
    provider,
    destroy: () => {
      provider.destroy();
      doc.destroy();
    },
  };
}

/** Resolves when the provider has completed its first sync with the server. */
export function synced(provider: WebsocketProvider, timeoutMs = 10_000): Promise<void> {
  if (provider.synced) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('not synced in time')), timeoutMs);
    provider.once('sync', (isSynced: boolean) => {
      if (isSynced) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

/** Polls until `check` passes or the time runs out (the last failure is thrown). */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 10_000, stepMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, stepMs));
    }
  }
}

/** Vigil's own sync client (client/src/sync/SyncProvider) in Node, with the `ws` package. */
export function connectVigilClient(
  serverUrl: string,
  room: string,
  options: Partial<Omit<SyncProviderOptions, 'url' | 'room' | 'doc'>> = {},
): { doc: Y.Doc; provider: SyncProvider; destroy(): void } {
  const doc = new Y.Doc();
  const provider = new SyncProvider({
    url: `${serverUrl.replace(/^http/, 'ws')}/api/sync`,
    room,
    doc,
    WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
    reconnectMs: 100,
    ...options,
  });
  return {
    doc,
    provider,
    destroy: () => {
      provider.destroy();
      doc.destroy();
    },
  };
}

/** Resolves on the first message the server sends a plain client that `match` accepts. */
function nextMessage(
  client: YClient,
  match: (decoder: decoding.Decoder) => boolean,
  what: string,
  timeoutMs: number,
): Promise<void> {
  const ws = client.provider.ws;
  if (!ws) return Promise.reject(new Error('the client has no socket'));
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent): void => {
      if (!match(decoding.createDecoder(new Uint8Array(event.data as ArrayBuffer)))) return;
      ws.removeEventListener('message', onMessage);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      ws.removeEventListener('message', onMessage);
      reject(new Error(`no ${what} in ${timeoutMs} ms`));
    }, timeoutMs);
    ws.addEventListener('message', onMessage);
  });
}

/**
 * A round trip on a plain client's socket: sends sync step 1 and resolves on the server's step 2.
 * The server answers one socket's messages in order, so every message sent before has been handled
 * (a refused write refused; an accepted one queued, not yet stored: allSaved or a second client
 * waits for that), and the client holds whatever the server's copy holds.
 */
export function caughtUp(client: YClient, timeoutMs = 10_000): Promise<void> {
  const answered = nextMessage(
    client,
    (d) =>
      decoding.readVarUint(d) === SYNC_MESSAGE.sync && decoding.readVarUint(d) === syncProtocol.messageYjsSyncStep2,
    'sync step 2',
    timeoutMs,
  );
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, SYNC_MESSAGE.sync);
  syncProtocol.writeSyncStep1(encoder, client.doc);
  client.provider.ws!.send(encoding.toUint8Array(encoder));
  return answered;
}

/** Resolves when Vigil's client has no unsaved update and the server's hash matches its own. */
export function allSaved(provider: SyncProvider, timeoutMs = 15_000): Promise<void> {
  return eventually(() => {
    if (provider.unsavedUpdates > 0 || provider.status.status !== 'synced')
      throw new Error(`${provider.unsavedUpdates} unsaved, ${provider.status.status}`);
  }, timeoutMs);
}

/** Resolves with the state after the server answers the next save of Vigil's client (persisted or refused). */
export function saveAnswered(provider: SyncProvider, timeoutMs = 15_000): Promise<SyncState> {
  return new Promise((resolve, reject) => {
    let saving = false;
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no save answered in ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = provider.subscribe((state) => {
      if (state.status === 'saving') saving = true;
      else if (saving) {
        stop();
        clearTimeout(timer);
        resolve(state);
      }
    });
  });
}
