import { useCallback, useEffect, useState } from 'react';
import type * as Y from 'yjs';
import type { HealthHistoryData } from '@vigil/shared';
import { HEALTH_HISTORY_KIND } from '../sync/documentKind.js';
import type { SyncedDocument } from '../sync/syncedDocument.js';

/*
 * The health history's document (the case's sibling kind, spec 002 §3 HH13): its one read and its
 * one write, kept here with the case's so that no feature touches a Yjs document (issue 36 item 6).
 */

/** Reads the root map of a health history as plain JSON. */
function snapshot(doc: Y.Doc): HealthHistoryData {
  return doc.getMap(HEALTH_HISTORY_KIND.root).toJSON();
}

/**
 * Writes a patch into a health history's root map in one transaction: a key set to undefined or
 * null is deleted, any other value replaces the key's value.
 */
export function writePatch(doc: Y.Doc, patch: Partial<HealthHistoryData>): void {
  const root = doc.getMap<unknown>(HEALTH_HISTORY_KIND.root);
  doc.transact(() => {
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === null) root.delete(key);
      else if (JSON.stringify(root.get(key)) !== JSON.stringify(value)) root.set(key, value);
    }
  });
}

/**
 * A health history's content kept current (local and remote changes) as a plain snapshot, and its
 * setter; null until this device's copy is loaded.
 */
export function useHealthHistoryData(
  document: SyncedDocument | null,
  loaded: boolean,
): {
  data: HealthHistoryData | null;
  set: (patch: Partial<HealthHistoryData>) => void;
} {
  const doc = loaded ? document?.doc : undefined;
  const [data, setData] = useState<{ doc: Y.Doc; data: HealthHistoryData } | null>(null);
  useEffect(() => {
    if (!doc) return;
    const root = doc.getMap(HEALTH_HISTORY_KIND.root);
    const read = (): void => setData({ doc, data: snapshot(doc) });
    read();
    root.observeDeep(read);
    return () => root.unobserveDeep(read);
  }, [doc]);
  const set = useCallback(
    (patch: Partial<HealthHistoryData>) => {
      if (doc) writePatch(doc, patch);
    },
    [doc],
  );
  return { data: doc && data?.doc === doc ? data.data : null, set };
}
