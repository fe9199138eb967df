// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { openCaseDocument, type CaseDocument } from './caseDocument.js';
import { LOAD_ERROR_TEXTS } from './SyncIndicator.js';
import { saveMessage } from './saveMessage.js';

/** A y-indexeddb stand-in whose database cannot be opened (private mode, storage disabled). */
function unopenableStore(): (name: string, doc: Y.Doc) => IndexeddbPersistence {
  return () => {
    const failed = Promise.reject(new Error('The user denied permission to access the database.'));
    failed.catch(() => undefined);
    return {
      _db: failed,
      db: null,
      whenSynced: new Promise(() => undefined),
      destroy: () => failed.then(() => undefined),
    } as unknown as IndexeddbPersistence;
  };
}

async function until(check: () => void, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

describe('openCaseDocument when this device cannot open its copy (spec 001 §4 loadFailed, §8 noRemoteData)', () => {
  let kase: CaseDocument | undefined;
  afterEach(async () => {
    await kase?.close();
    vi.restoreAllMocks();
  });

  it("reads 'failed to load' and, with no server either, logs noRemoteData and stays failed", async () => {
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((message: unknown) => errors.push(message));
    kase = openCaseDocument({
      orgId: 'main-street',
      docId: 'cmp-A1b2C3d4E5f6G7',
      user: { name: 'Dr. Alvarez', role: 'provider', device: 'tablet' },
      // Nothing listens on port 9: the server's copy cannot come.
      syncUrl: 'ws://127.0.0.1:9/api/sync',
      WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
      persistence: unopenableStore(),
    });
    await kase.loaded;
    expect(kase.getState().sync.status).toBe('loadFailed');
    expect(saveMessage(kase.getState().sync, Date.now())).toBe('failed to load');
    expect(kase.getState().device).toBe('loading');
    expect(kase.getState().deviceError).toContain('This device cannot store the case');
    expect(errors).toContain('loadFailed');

    await until(() => expect(kase!.getState().loadError).toBe('noRemoteData'));
    expect(kase.getState().sync.status).toBe('loadFailed');
    expect(kase.getState().sync.connection).toBe('offline');
    expect(errors).toContain('noRemoteData');
    expect(LOAD_ERROR_TEXTS[kase.getState().loadError!]).toContain('cannot be loaded');
  });
});

/**
 * A y-indexeddb stand-in whose copy loads at once and whose writes are recorded. Its read-only
 * transactions (the commit check) complete when the test says so.
 */
function recordingStore(): {
  persistence: (name: string, doc: Y.Doc) => IndexeddbPersistence;
  writes: Uint8Array[];
  commit: () => void;
} {
  const writes: Uint8Array[] = [];
  const open: { oncomplete: (() => void) | null }[] = [];
  const db = {
    transaction: () => {
      const tx = { oncomplete: null };
      open.push(tx);
      return tx;
    },
    addEventListener: () => undefined,
  };
  return {
    writes,
    commit: () => {
      for (const tx of open.splice(0)) tx.oncomplete?.();
    },
    persistence: () =>
      ({
        _db: Promise.resolve(db),
        db,
        whenSynced: Promise.resolve(),
        _storeUpdate: (update: Uint8Array) => writes.push(update),
        destroy: () => Promise.resolve(),
      }) as unknown as IndexeddbPersistence,
  };
}

describe('openCaseDocument writing edits to this device', () => {
  let kase: CaseDocument | undefined;
  afterEach(async () => {
    await kase?.close();
    kase = undefined;
  });

  async function openWith(store: ReturnType<typeof recordingStore>): Promise<CaseDocument> {
    kase = openCaseDocument({
      orgId: 'main-street',
      docId: 'cmp-H1b2C3d4E5f6G7',
      syncUrl: 'ws://127.0.0.1:9/api/sync',
      WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
      persistence: store.persistence,
    });
    await kase.loaded;
    return kase;
  }

  it('writes the edits of one event after it, as one write, and reads saved once it committed', async () => {
    const store = recordingStore();
    const opened = await openWith(store);
    const root = opened.doc.getMap('case');
    root.set('procedure', 'Extractions');
    root.set('asa', 'II');
    // Not inside the event that made the edits: the frame that shows them comes first. Until
    // they are stored, the device does not read 'saved'.
    expect(store.writes).toHaveLength(0);
    expect(opened.getState().device).toBe('saving');
    await new Promise((r) => setTimeout(r, 0));
    expect(store.writes).toHaveLength(1);
    expect(opened.getState().device).toBe('saving');
    // The one write holds both edits.
    const copy = new Y.Doc();
    Y.applyUpdate(copy, store.writes[0]!);
    expect(copy.getMap('case').toJSON()).toMatchObject({ procedure: 'Extractions', asa: 'II' });
    store.commit();
    expect(opened.getState().device).toBe('saved');
  });

  it('writes at once when the page is left or the case closed', async () => {
    const store = recordingStore();
    const opened = await openWith(store);
    opened.doc.getMap('case').set('procedure', 'Extractions');
    window.dispatchEvent(new Event('pagehide'));
    expect(store.writes).toHaveLength(1);
    opened.doc.getMap('case').set('asa', 'II');
    await opened.close();
    kase = undefined;
    expect(store.writes).toHaveLength(2);
  });
});
