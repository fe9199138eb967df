import { IndexeddbPersistence, storeState } from 'y-indexeddb';
import * as Y from 'yjs';
import { SAVE_RETRY_WAIT_MS } from '@vigil/shared';
import { ensureCaseStructure } from './caseStructure.js';
import { migrateCaseDocument, type MigrationOutcome } from './migrateCaseDocument.js';
import { SyncProvider, type SyncState } from './SyncProvider.js';

/** Whether this device holds every edit: 'saved' only once IndexedDB committed it. */
export type DeviceSaveState = 'loading' | 'saving' | 'saved' | 'failed';

export interface CaseDocumentState {
  sync: SyncState;
  device: DeviceSaveState;
  /** Why the device could not store the case (e.g. storage full), while it cannot. */
  deviceError: string | null;
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

export interface OpenCaseOptions {
  orgId: string;
  docId: string;
  /** Who is charting, shown to the others (awareness). */
  user: { name: string; role: string; device: string };
  /** Base websocket URL; defaults to this origin's /api/sync. */
  syncUrl?: string;
  params?: Record<string, string>;
}

export interface CaseDocument {
  doc: Y.Doc;
  provider: SyncProvider;
  /** Resolves once the local copy is loaded (works with no network). */
  loaded: Promise<void>;
  getState(): CaseDocumentState;
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

function defaultSyncUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/sync`;
}

/** IndexedDB database name of a case document. */
export const caseDatabaseName = (orgId: string, docId: string): string => `vigil-case:${orgId}/${docId}`;

/**
 * Owns one case document's life on this device: opens it from IndexedDB first (so it works
 * with no network), then connects it to the server. An edit counts as saved on this device
 * only once IndexedDB committed it; a failed write (storage full, database closed) is shown
 * and the whole state is written again every 10 s until it succeeds. Edits also stay queued
 * for the server in the sync provider until it acknowledges them.
 */
export function openCaseDocument(options: OpenCaseOptions): CaseDocument {
  const doc = new Y.Doc();
  const persistence = new IndexeddbPersistence(caseDatabaseName(options.orgId, options.docId), doc);
  const listeners = new Set<() => void>();
  let provider: SyncProvider | undefined;
  let state: CaseDocumentState = {
    sync: { status: 'loading', connection: 'connecting', failures: 0, retryAt: null, refused: null, issues: [] },
    device: 'loading',
    deviceError: null,
    peers: [],
    schema: 'current',
  };
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const emit = (patch: Partial<CaseDocumentState>): void => {
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
    emit({ device: 'failed', deviceError: message || 'The case could not be stored on this device.' });
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (closed) return;
      // Write the whole state again; it includes every edit the failed writes carried.
      storeState(persistence, true).then(
        () => emit({ device: 'saved', deviceError: null }),
        (e: unknown) => fail(e),
      );
    }, SAVE_RETRY_WAIT_MS);
  };

  const onDocUpdate = (_update: Uint8Array, origin: unknown): void => {
    if (origin === persistence || !persistence.db) return;
    confirmWrites(persistence.db);
  };

  const loaded = persistence.whenSynced.then(() => {
    if (closed) return;
    const db = persistence.db;
    if (db) {
      const onFailure = (event: Event): void => {
        const target = event.target as IDBRequest | IDBTransaction | null;
        fail(target && 'error' in target ? target.error : new Error('IndexedDB write failed'));
      };
      db.addEventListener('abort', onFailure);
      db.addEventListener('error', onFailure);
      db.addEventListener('close', () => fail(new Error('The browser closed this case\u2019s local database.')));
    }
    doc.on('update', onDocUpdate);
    // Every device makes the same structure update, so lists never conflict (caseStructure.ts).
    ensureCaseStructure(doc);
    emit({ device: 'saved', schema: migrateCaseDocument(doc) });
    // Connect only now: what was loaded from this device reaches the server through the
    // state-vector exchange, not as a new batch of edits.
    provider = new SyncProvider({
      url: options.syncUrl ?? defaultSyncUrl(),
      room: `${options.orgId}/${options.docId}`,
      doc,
      ...(options.params ? { params: options.params } : {}),
      log: (level, message, detail) => console[level](message, detail),
    });
    provider.awareness.setLocalStateField('user', options.user);
    let migratedAfterSync = false;
    provider.subscribe((sync) => {
      emit({ sync });
      // The server's copy may be older than this build too.
      if (sync.status === 'synced' && !migratedAfterSync) {
        migratedAfterSync = true;
        emit({ schema: migrateCaseDocument(doc) });
      }
    });
    provider.awareness.on('change', () => {
      const peers: Peer[] = [];
      provider?.awareness.getStates().forEach((s, clientId) => {
        const user = s.user as Peer | undefined;
        if (clientId !== doc.clientID && user) peers.push({ ...user, clientId });
      });
      emit({ peers });
    });
    emit({ sync: provider.status });
  });

  // Leaving the page: make sure the last writes get their transaction before the page goes.
  const onPageHide = (): void => {
    if (persistence.db) confirmWrites(persistence.db);
  };
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onPageHide);

  return {
    doc,
    get provider(): SyncProvider {
      if (!provider) throw new Error('The case is still loading');
      return provider;
    },
    loaded,
    getState: () => state,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onPageHide);
      doc.off('update', onDocUpdate);
      provider?.destroy();
      await persistence.destroy();
      doc.destroy();
    },
  };
}
