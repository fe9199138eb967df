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

const INITIAL_STATE: SyncedDocumentState = {
  sync: { status: 'loading', connection: 'connecting', failures: 0, retryAt: null, refused: null, issues: [] },
  device: 'loading',
  deviceError: null,
  loadError: null,
  peers: [],
  schema: 'current',
};

/** A document's state and who listens to it. */
interface StateStore {
  get: () => SyncedDocumentState;
  /** Changes part of the state and tells every listener. */
  emit: (patch: Partial<SyncedDocumentState>) => void;
  subscribe: (listener: () => void) => () => void;
}

function stateStore(initial: SyncedDocumentState): StateStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    emit: (patch) => {
      state = { ...state, ...patch };
      for (const l of listeners) l();
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

/** The people in an awareness's states, this device's own client left out. */
function peersOf(states: Map<number, Record<string, unknown>>, ownClientId: number): Peer[] {
  const peers: Peer[] = [];
  states.forEach((s, clientId) => {
    const user = s.user as Peer | undefined;
    if (clientId !== ownClientId && user) peers.push({ ...user, clientId });
  });
  return peers;
}

interface DeviceWriterOptions {
  persistence: IndexeddbPersistence;
  /** y-indexeddb's writer, taken off the document's updates (see openSyncedDocument). */
  storeUpdate: IndexeddbPersistence['_storeUpdate'] | null;
  /** The document kind's noun, for the messages. */
  noun: string;
  store: StateStore;
  isClosed: () => boolean;
}

interface DeviceWriter {
  /** Waits until every write queued so far on the updates store has committed (or failed). */
  confirmWrites: (db: IDBDatabase) => void;
  /** A write failed: shown, and the whole state written again every 10 s until it succeeds. */
  fail: (err: unknown) => void;
  /** Hands the edits not yet written to IndexedDB, as one write. */
  storeEdits: () => void;
  /** The document's update listener once the local copy is loaded. */
  onDocUpdate: (update: Uint8Array, origin: unknown) => void;
  /** Stops retrying a failed write (closing). */
  stopRetry: () => void;
}

/**
 * Writes a document's edits to this device (IndexedDB) and says whether they are all stored:
 * the `device` and `deviceError` of the document's state.
 */
function deviceWriter({ persistence, storeUpdate, noun, store, isClosed }: DeviceWriterOptions): DeviceWriter {
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const confirmWrites = (db: IDBDatabase): void => {
    store.emit({ device: store.get().device === 'failed' ? 'failed' : 'saving' });
    let tx: IDBTransaction;
    try {
      tx = db.transaction(['updates'], 'readonly');
    } catch (err) {
      fail(err);
      return;
    }
    // Transactions on one store run in order: this read completes after the earlier writes.
    tx.oncomplete = () => {
      if (store.get().device !== 'failed') store.emit({ device: 'saved', deviceError: null });
    };
  };

  const fail = (err: unknown): void => {
    const message = err instanceof Error ? err.message : String(err);
    store.emit({ device: 'failed', deviceError: message || `The ${noun} could not be stored on this device.` });
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (isClosed()) return;
      // Write the whole state again; it includes every edit the failed writes carried.
      // storeState resolves once the write is queued, not committed: 'saved' waits for the commit.
      storeState(persistence, true).then(
        () => {
          if (isClosed() || !persistence.db) return;
          store.emit({ device: 'saving', deviceError: null });
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
    if (store.get().device === 'saved') store.emit({ device: 'saving' });
    storeTimer ??= setTimeout(storeEdits, 0);
  };

  return { confirmWrites, fail, storeEdits, onDocUpdate, stopRetry: () => clearTimeout(retryTimer) };
}

/** Calls `onFailure` with the error of any request or transaction of `db` that fails, `onClose` if the browser closes it. */
function watchDatabase(db: IDBDatabase, onFailure: (error: unknown) => void, onClose: () => void): void {
  const failed = (event: Event): void => {
    const target = event.target as IDBRequest | IDBTransaction | null;
    // A transaction aborted without a DOMException (e.g. by the browser) has error null.
    onFailure((target && 'error' in target ? target.error : null) ?? new Error('IndexedDB write failed'));
  };
  db.addEventListener('abort', failed);
  db.addEventListener('error', failed);
  db.addEventListener('close', onClose);
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
  const store = stateStore(INITIAL_STATE);
  const { emit } = store;
  const state = store.get;
  let provider: SyncProvider | undefined;
  let closed = false;
  let user = options.user;
  /** This device's copy could not be opened: the case runs on the server's copy alone. */
  let localFailed = false;
  let markLoaded: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => {
    markLoaded = resolve;
  });

  const writer = deviceWriter({ persistence, storeUpdate, noun: kind.noun, store, isClosed: () => closed });
  const { confirmWrites, fail, storeEdits, onDocUpdate } = writer;

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
        if (noRemote && state().loadError !== 'noRemoteData') log('error', 'noRemoteData', { room: name });
        emit({ sync: { ...sync, status: 'loadFailed' }, loadError: noRemote ? 'noRemoteData' : 'localUnavailable' });
        return;
      }
      // Loaded from the server without a local copy: every edit now depends on the server's saves.
      if (localFailed && state().device === 'loading') emit({ device: 'unavailable', loadError: null });
      emit({ sync });
      // The server's copy may be older than this build too.
      if (sync.status === 'synced' && !migratedAfterSync) {
        migratedAfterSync = true;
        emit({ schema: migrateDocument(doc, kind) });
      }
    };
    p.subscribe(onSync);
    p.awareness.on('change', () => emit({ peers: peersOf(p.awareness.getStates(), doc.clientID) }));
    onSync(p.status);
  };

  /**
   * This device's database cannot be opened (private mode, storage disabled or broken): the
   * sync status is `loadFailed` ('failed to load', spec 001 §4, §8) until the server's copy
   * arrives; the case then opens with every edit saved to the server only.
   */
  const localUnavailable = (err: unknown): void => {
    if (closed || localFailed || state().device !== 'loading') return;
    localFailed = true;
    const message = err instanceof Error ? err.message : String(err);
    log('error', 'loadFailed', err);
    emit({
      sync: { ...state().sync, status: 'loadFailed' },
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
    (db) =>
      watchDatabase(
        db,
        (error) => {
          // Before the copy loaded, a failure means it cannot be read at all.
          if (state().device === 'loading') localUnavailable(error);
          else fail(error);
        },
        () => {
          if (!closed) fail(new Error(`The browser closed this ${kind.noun}\u2019s local database.`));
        },
      ),
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
    getState: store.get,
    subscribe: store.subscribe,
    setUser: (next) => {
      user = next;
      provider?.awareness.setLocalStateField('user', next);
    },
    close: async () => {
      closed = true;
      writer.stopRetry();
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
