import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { documentDatabaseName, type DocumentKind } from './documentKind.js';
import {
  openSyncedDocument,
  type DocumentUser,
  type OpenDocumentOptions,
  type SyncedDocument,
  type SyncedDocumentState,
} from './syncedDocument.js';

const LOADING: SyncedDocumentState = {
  sync: { status: 'loading', connection: 'connecting', failures: 0, retryAt: null, refused: null, issues: [] },
  device: 'loading',
  deviceError: null,
  loadError: null,
  peers: [],
  schema: 'current',
};

/** How long a document opened with the page waits for its screen before it is closed unused. */
export const EARLY_DOCUMENT_WAIT_MS = 30_000;

/** Documents opened before their screen mounted, by database name; a screen adopts its own. */
const early = new Map<string, { document: SyncedDocument; timer: ReturnType<typeof setTimeout> }>();
/** Documents a mounted screen holds open, by database name, so none is opened twice. */
const held = new Map<string, number>();

/** Opens a document of a kind (the case stack's openCaseDocument for cases; replaceable in tests). */
export type DocumentOpener = (kind: DocumentKind, options: OpenDocumentOptions) => SyncedDocument;

/**
 * Starts opening a document as the app starts on its screen (main.tsx), before the screen's code
 * is loaded and rendered: its copy on this device is read from IndexedDB meanwhile, so the
 * screen's first render already has it. A document no screen adopts within
 * EARLY_DOCUMENT_WAIT_MS is closed. Resolves once its copy on this device is read (or could not be).
 */
export function openDocumentEarly(
  kind: DocumentKind,
  orgId: string,
  docId: string,
  open: DocumentOpener = openSyncedDocument,
): Promise<void> {
  const key = documentDatabaseName(kind, orgId, docId);
  // Already opened early, or the screen was quicker (its code was loaded first) and opened it itself.
  const opened = early.get(key);
  if (opened) return opened.document.loaded;
  if (held.has(key)) return Promise.resolve();
  const document = open(kind, { orgId, docId });
  const timer = setTimeout(() => {
    if (early.get(key)?.document !== document) return;
    early.delete(key);
    void document.close();
  }, EARLY_DOCUMENT_WAIT_MS);
  early.set(key, { document, timer });
  return document.loaded;
}

/** Takes the early-opened document, if there is one: the caller now owns it. */
function adoptEarly(key: string): SyncedDocument | null {
  const entry = early.get(key);
  if (!entry) return null;
  early.delete(key);
  clearTimeout(entry.timer);
  return entry.document;
}

/**
 * Opens a document of a kind for as long as the component is mounted. A document opened with
 * the page (openDocumentEarly) is adopted rather than opened again. Its state (sync status,
 * device save, who else is here) is read with `useDocumentState`, by the parts that show it.
 */
export function useSyncedDocument(
  kind: DocumentKind,
  options: OpenDocumentOptions & { user: DocumentUser },
  open: DocumentOpener = openSyncedDocument,
): { document: SyncedDocument | null } {
  const { orgId, docId } = options;
  const key = documentDatabaseName(kind, orgId, docId);
  // The first render already shows an early-opened document; the effect below takes ownership.
  const [document, setDocument] = useState<SyncedDocument | null>(() => early.get(key)?.document ?? null);
  const userKey = JSON.stringify(options.user);
  useEffect(() => {
    const user = JSON.parse(userKey) as DocumentUser;
    const adopted = adoptEarly(key);
    const opened = adopted ?? open(kind, { orgId, docId, user });
    if (adopted) adopted.setUser(user);
    held.set(key, (held.get(key) ?? 0) + 1);
    setDocument(opened);
    return () => {
      const left = (held.get(key) ?? 1) - 1;
      if (left > 0) held.set(key, left);
      else held.delete(key);
      void opened.close();
    };
    // `open` is a module function (or a test's stand-in) for the life of the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, key, orgId, docId, userKey]);
  return { document };
}

/** Where a document's state comes from: an open document (or a stand-in in tests). */
export type DocumentStateSource = Pick<SyncedDocument, 'getState' | 'subscribe'>;

/**
 * The part of a document's state that `select` picks (the whole state with `(s) => s`); the
 * component re-renders only when that part changes (Object.is), not with every change of the
 * state: an edit changes the sync status and the device save three or four times, and each
 * re-render of the whole case screen cost a throttled tablet tens of milliseconds (issue 8).
 * `select` returns a primitive or a part of the state as it is, never a new object.
 */
export function useDocumentState<T>(source: DocumentStateSource | null, select: (state: SyncedDocumentState) => T): T {
  const subscribe = useCallback((l: () => void) => source?.subscribe(l) ?? (() => undefined), [source]);
  return useSyncExternalStore(subscribe, () => select(source?.getState() ?? LOADING));
}
