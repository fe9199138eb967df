import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import {
  openCaseDocument,
  type CaseDocument,
  type CaseDocumentState,
  type CaseUser,
  type OpenCaseOptions,
} from './caseDocument.js';

const LOADING: CaseDocumentState = {
  sync: { status: 'loading', connection: 'connecting', failures: 0, retryAt: null, refused: null, issues: [] },
  device: 'loading',
  deviceError: null,
  loadError: null,
  peers: [],
  schema: 'current',
};

/** How long a case opened with the page waits for its screen before it is closed unused. */
export const EARLY_CASE_WAIT_MS = 30_000;

/** Cases opened before their screen mounted, by `orgId/docId`; a screen adopts its own. */
const early = new Map<string, { kase: CaseDocument; timer: ReturnType<typeof setTimeout> }>();
const keyOf = (orgId: string, docId: string): string => `${orgId}/${docId}`;
/** Cases a mounted screen holds open, by `orgId/docId`, so none is opened twice. */
const held = new Map<string, number>();

/**
 * Starts opening a case as the app starts on its case screen (main.tsx), before the screen's
 * code is loaded and rendered: its copy on this device is read from IndexedDB meanwhile, so the
 * screen's first render already has the case (one render and one frame, not a loader first).
 * A case no screen adopts within EARLY_CASE_WAIT_MS (the app went elsewhere, or sent the user
 * to sign in) is closed. Resolves once the case's copy on this device is read (or could not be).
 */
export function openCaseEarly(orgId: string, docId: string): Promise<void> {
  const key = keyOf(orgId, docId);
  // Already opened early, or the screen was quicker (its code was loaded first) and opened it itself.
  const opened = early.get(key);
  if (opened) return opened.kase.loaded;
  if (held.has(key)) return Promise.resolve();
  const kase = openCaseDocument({ orgId, docId });
  const timer = setTimeout(() => {
    if (early.get(key)?.kase !== kase) return;
    early.delete(key);
    void kase.close();
  }, EARLY_CASE_WAIT_MS);
  early.set(key, { kase, timer });
  return kase.loaded;
}

/** Takes the early-opened case of `orgId/docId`, if there is one: the caller now owns it. */
function adoptEarlyCase(orgId: string, docId: string): CaseDocument | null {
  const entry = early.get(keyOf(orgId, docId));
  if (!entry) return null;
  early.delete(keyOf(orgId, docId));
  clearTimeout(entry.timer);
  return entry.kase;
}

/**
 * Opens a case document for as long as the component is mounted. A case opened with the page
 * (openCaseEarly) is adopted rather than opened again. Its state (sync status, device save, who
 * else is here) is read with `useCaseState`, by the parts of a screen that show it.
 */
export function useCaseDocument(options: OpenCaseOptions & { user: CaseUser }): { kase: CaseDocument | null } {
  const { orgId, docId } = options;
  // The first render already shows an early-opened case; the effect below takes ownership.
  const [kase, setKase] = useState<CaseDocument | null>(() => early.get(keyOf(orgId, docId))?.kase ?? null);
  const userKey = JSON.stringify(options.user);
  useEffect(() => {
    const user = JSON.parse(userKey) as CaseUser;
    const adopted = adoptEarlyCase(orgId, docId);
    const opened = adopted ?? openCaseDocument({ orgId, docId, user });
    if (adopted) adopted.setUser(user);
    const key = keyOf(orgId, docId);
    held.set(key, (held.get(key) ?? 0) + 1);
    setKase(opened);
    return () => {
      const left = (held.get(key) ?? 1) - 1;
      if (left > 0) held.set(key, left);
      else held.delete(key);
      void opened.close();
    };
  }, [orgId, docId, userKey]);
  return { kase };
}

/** Where a case's state comes from: an open case document (or a stand-in in tests). */
export type CaseStateSource = Pick<CaseDocument, 'getState' | 'subscribe'>;

/**
 * The part of a case's state that `select` picks (the whole state with `(s) => s`); the
 * component re-renders only when that part changes (Object.is), not with every change of the
 * state: an edit changes the sync status and the device save three or four times, and each
 * re-render of the whole case screen cost a throttled tablet tens of milliseconds (issue 8).
 * `select` returns a primitive or a part of the state as it is, never a new object.
 */
export function useCaseState<T>(source: CaseStateSource | null, select: (state: CaseDocumentState) => T): T {
  const subscribe = useCallback((l: () => void) => source?.subscribe(l) ?? (() => undefined), [source]);
  return useSyncExternalStore(subscribe, () => select(source?.getState() ?? LOADING));
}
