import { IndexeddbPersistence, storeState } from 'y-indexeddb';
import * as Y from 'yjs';
import { SAVE_RETRY_WAIT_MS } from '@vigil/shared';
import { documentDatabaseName, type DocumentKind } from './documentKind.js';
import { ensureStructure } from './documentStructure.js';
import { migrateDocument, type MigrationOutcome } from './migrateDocument.js';
import { SyncProvider, type SyncState } from './SyncProvider.js';

/**
 * Whether this device holds every edit: 'saved' only once IndexedDB committed it; 'failed'
 * while writes fail (retried); 'unavailable' when this device cannot store the case at all
 * (its database would not open) and the case runs on the server's copy.
 */
export type DeviceSaveState = 'loading' | 'saving' | 'saved' | 'failed' | 'unavailable';

/**
 * Why a case could not load (sync status `loadFailed`, spec 001 §4, §8): this device's copy
 * could not be opened (IndexedDB refused), and — `noRemoteData` — the server's copy cannot
 * come either (offline, signed out, no access).
 */
export type LoadError = 'localUnavailable' | 'noRemoteData';

export interface SyncedDocumentState {
  sync: SyncState;
  device: DeviceSaveState;
  /** Why the device could not store the case (e.g. storage full), while it cannot. */
  deviceError: string | null;
  /** Set while the case has nothing to show: see LoadError. */
  loadError: LoadError | null;
  /** People who have this case open elsewhere. */
  peers: Peer[];
  /** 'tooNew' when a newer build wrote the case: this build must not edit it. */
  schema: MigrationOutcome;
}

export interface Peer {
  clientId: number;
  name: string;
  role: string;
  device: string;
}

/** Who is charting on this device, as the others see it. */
export interface DocumentUser {
  name: string;
  role: string;
  device: string;
}

export interface OpenDocumentOptions {
  orgId: string;
  docId: string;
  /** Who is charting, shown to the others (awareness); `setUser` gives it later. */
  user?: DocumentUser;
  /** Base websocket URL; defaults to this origin's /api/sync. */
  syncUrl?: string;
  params?: Record<string, string>;
  /** WebSocket constructor (tests outside a browser). */
  WebSocketImpl?: typeof WebSocket;
  /** This device's store of the case; y-indexeddb by default (tests replace it). */
  persistence?: (name: string, doc: Y.Doc) => IndexeddbPersistence;
}

export interface SyncedDocument {
  doc: Y.Doc;
  provider: SyncProvider;
  /** Resolves once the local copy is loaded (works with no network), or could not be opened. */
  loaded: Promise<void>;
  getState(): SyncedDocumentState;
  subscribe(listener: () => void): () => void;
  /** Who is charting on this device (for a case opened before the user was known). */
  setUser(user: DocumentUser): void;
  close(): Promise<void>;
}

function defaultSyncUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/sync`;
}

/**
 * Owns one synced document's life on this device (a case, a health history: any DocumentKind): opens it from IndexedDB first (so it works
 * with no network), then connects it to the server. An edit counts as saved on this device
 * only once IndexedDB committed it; a failed write (storage full, database closed) is shown
 * and the whole state is written again every 10 s until it succeeds. Edits also stay queued
 * for the server in the sync provider until it acknowledges them.
 */
export function openSyncedDocument(kind: DocumentKind, options: OpenDocumentOptions): SyncedDocument {
  const doc = new Y.Doc();
  const name = documentDatabaseName(kind, options.orgId, options.docId);
  const persistence = (options.persistence ?? ((n, d) => new IndexeddbPersistence(n, d)))(name, doc);
  // y-indexeddb listens for updates from its constructor on, so Yjs encodes the whole case it
  // loads from this device as one update only for y-indexeddb to drop it (its own origin): on a
  // 4-hour case a third of a second of a throttled tablet's cold start. Its writer is called
  // here instead, for edits made once the copy is loaded (`storeEdits`); nothing edits the
  // document before then.
  const storeUpdate = typeof persistence._storeUpdate === 'function' ? persistence._storeUpdate : null;
  if (storeUpdate) doc.off('update', storeUpdate);
  const listeners = new Set<() => void>();
  let provider: SyncProvider | undefined;
  let state: SyncedDocumentState = {
    sync: { status: 'loading', connection: 'connecting', failures: 0, retryAt: null, refused: null, issues: [] },
    device: 'loading',
    deviceError: null,
    loadError: null,
    peers: [],
    schema: 'current',
  };
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let user = options.user;
  /** This device's copy could not be opened: the case runs on the server's copy alone. */
  let localFailed = false;
  let markLoaded: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => {
    markLoaded = resolve;
  });

  const emit = (patch: Partial<SyncedDocumentState>): void => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };

  /** Waits until every write queued so far on the updates store has committed (or failed). */
  const confirmWrites = (db: IDBDatabase): void => {
    emit({ device: state.device === 'failed' ? 'failed' : 'saving' });
    let tx: IDBTransaction;
    try {
      tx = db.transaction(['updates'], 'readonly');
    } catch (err) {
      fail(err);
      return;
    }
    // Transactions on one store run in order: this read completes after the earlier writes.
    tx.oncomplete = () => {
      if (state.device !== 'failed') emit({ device: 'saved', deviceError: null });
    };
  };

  const fail = (err: unknown): void => {
    const message = err instanceof Error ? err.message : String(err);
    emit({ device: 'failed', deviceError: message || `The ${kind.noun} could not be stored on this device.` });
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (closed) return;
      // Write the whole state again; it includes every edit the failed writes carried.
      // storeState resolves once the write is queued, not committed: 'saved' waits for the commit.
      storeState(persistence, true).then(
        () => {
          if (closed || !persistence.db) return;
          emit({ device: 'saving', deviceError: null });
          confirmWrites(persistence.db);
        },
        (e: unknown) => fail(e),
      );
    }, SAVE_RETRY_WAIT_MS);
  };

  /**
   * Edits not yet handed to IndexedDB. An edit is written in a task of its own, just after the
   * event that made it: opening an IndexedDB transaction and queueing the write cost a
   * throttled tablet ~15 ms, which inside the event (a tap on Save) delayed the frame that
   * shows it (issue 8 interaction latency). Chromium draws that frame first; the write follows
   * within milliseconds, and leaving the page or closing the case writes at once.
   */
  let unstored: Uint8Array[] = [];
  let storeTimer: ReturnType<typeof setTimeout> | undefined;
  const storeEdits = (): void => {
    clearTimeout(storeTimer);
    storeTimer = undefined;
    const updates = unstored;
    unstored = [];
    if (updates.length === 0 || !persistence.db) return;
    storeUpdate?.(updates.length === 1 ? (updates[0] as Uint8Array) : Y.mergeUpdates(updates), null);
    confirmWrites(persistence.db);
  };

  const onDocUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === persistence || !persistence.db) return;
    unstored.push(update);
    // 'saved' means every edit is stored: not while this one waits for its write.
    if (state.device === 'saved') emit({ device: 'saving' });
    storeTimer ??= setTimeout(storeEdits, 0);
  };

  const log = (level: 'warn' | 'error', message: string, detail?: unknown): void => console[level](message, detail);

  /** Connects the case to the server (after the local copy loaded, or failed to). */
  const connect = (): void => {
    // Every device makes the same structure update, so lists never conflict (caseStructure.ts).
    ensureStructure(doc, kind);
    // Connect only now: what was loaded from this device reaches the server through the
    // state-vector exchange, not as a new batch of edits.
    const p = new SyncProvider({
      url: options.syncUrl ?? defaultSyncUrl(),
      room: `${options.orgId}/${options.docId}`,
      doc,
      root: kind.root,
      ...(options.params ? { params: options.params } : {}),
      ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}),
      log,
    });
    provider = p;
    if (user) p.awareness.setLocalStateField('user', user);
    let migratedAfterSync = false;
    const onSync = (sync: SyncState): void => {
      if (localFailed && !p.remoteLoaded) {
        // Nothing to show yet. Once the server's copy cannot come either, loading has failed
        // for good (spec 001 §8 'noRemoteData'), until the connection returns.
        const noRemote = sync.connection !== 'connecting' && sync.connection !== 'connected';
        if (noRemote && state.loadError !== 'noRemoteData') log('error', 'noRemoteData', { room: name });
        emit({ sync: { ...sync, status: 'loadFailed' }, loadError: noRemote ? 'noRemoteData' : 'localUnavailable' });
        return;
      }
      // Loaded from the server without a local copy: every edit now depends on the server's saves.
      if (localFailed && state.device === 'loading') emit({ device: 'unavailable', loadError: null });
      emit({ sync });
      // The server's copy may be older than this build too.
      if (sync.status === 'synced' && !migratedAfterSync) {
        migratedAfterSync = true;
        emit({ schema: migrateDocument(doc, kind) });
      }
    };
    p.subscribe(onSync);
    p.awareness.on('change', () => {
      const peers: Peer[] = [];
      p.awareness.getStates().forEach((s, clientId) => {
        const user = s.user as Peer | undefined;
        if (clientId !== doc.clientID && user) peers.push({ ...user, clientId });
      });
      emit({ peers });
    });
    onSync(p.status);
  };

  /**
   * This device's database cannot be opened (private mode, storage disabled or broken): the
   * sync status is `loadFailed` ('failed to load', spec 001 §4, §8) until the server's copy
   * arrives; the case then opens with every edit saved to the server only.
   */
  const localUnavailable = (err: unknown): void => {
    if (closed || localFailed || state.device !== 'loading') return;
    localFailed = true;
    const message = err instanceof Error ? err.message : String(err);
    log('error', 'loadFailed', err);
    emit({
      sync: { ...state.sync, status: 'loadFailed' },
      loadError: 'localUnavailable',
      deviceError: `This device cannot store the ${kind.noun}${message ? ` (${message})` : ''}.`,
    });
    persistence.destroy().catch(() => undefined);
    connect();
    markLoaded();
  };

  void persistence.whenSynced.then(() => {
    if (closed || localFailed) return;
    doc.on('update', onDocUpdate);
    emit({ device: 'saved', schema: migrateDocument(doc, kind) });
    connect();
    markLoaded();
  });
  persistence._db.then(
    (db) => {
      const onFailure = (event: Event): void => {
        const target = event.target as IDBRequest | IDBTransaction | null;
        // A transaction aborted without a DOMException (e.g. by the browser) has error null.
        const error = (target && 'error' in target ? target.error : null) ?? new Error('IndexedDB write failed');
        // Before the copy loaded, a failure means it cannot be read at all.
        if (state.device === 'loading') localUnavailable(error);
        else fail(error);
      };
      db.addEventListener('abort', onFailure);
      db.addEventListener('error', onFailure);
      db.addEventListener('close', () => {
        if (!closed) fail(new Error(`The browser closed this ${kind.noun}\u2019s local database.`));
      });
    },
    (err: unknown) => localUnavailable(err),
  );

  // Leaving the page: make sure the last writes get their transaction before the page goes.
  const onPageHide = (): void => {
    storeEdits();
    if (persistence.db) confirmWrites(persistence.db);
  };
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onPageHide);

  return {
    doc,
    get provider(): SyncProvider {
      if (!provider) throw new Error(`The ${kind.noun} is still loading`);
      return provider;
    },
    loaded,
    getState: () => state,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    setUser: (next) => {
      user = next;
      provider?.awareness.setLocalStateField('user', next);
    },
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onPageHide);
      doc.off('update', onDocUpdate);
      storeEdits();
      provider?.destroy();
      if (!localFailed) await persistence.destroy();
      doc.destroy();
    },
  };
}
