import { useEffect, useState } from 'react';
import * as Y from 'yjs';
import { ensureCaseStructure } from '../sync/caseStructure.js';
import { asCaseDoc, type CaseDoc } from './caseDoc.js';

/**
 * [TOUR3] A case document held in this page's memory only (tour mode and the local practice case,
 * spec 000 §2; issue 40): the case structure every case has, and nothing else. It is never given to
 * the sync layer: no IndexedDB database, no socket, no outbox, so nothing of it reaches this
 * device's store or the office's records; leaving the page discards it.
 */
export function newLocalCaseDoc(): { doc: CaseDoc; discard: () => void } {
  const y = new Y.Doc();
  ensureCaseStructure(y);
  return { doc: asCaseDoc(y), discard: () => y.destroy() };
}

/** A local-only case document for as long as the component is mounted (see newLocalCaseDoc). */
export function useLocalCaseDoc(): CaseDoc | undefined {
  const [doc, setDoc] = useState<CaseDoc | undefined>(undefined);
  useEffect(() => {
    const local = newLocalCaseDoc();
    setDoc(local.doc);
    return () => {
      setDoc(undefined);
      local.discard();
    };
  }, []);
  return doc;
}
