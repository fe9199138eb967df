import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { SyncProvider, type SyncProviderOptions } from '../../client/src/sync/SyncProvider.js';

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
export function connectClient(serverUrl: string, room: string, params: Record<string, string> = {}): YClient {
  const doc = new Y.Doc();
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
