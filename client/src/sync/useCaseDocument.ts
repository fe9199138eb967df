import { useEffect, useState, useSyncExternalStore } from 'react';
import { openCaseDocument, type CaseDocument, type CaseDocumentState, type OpenCaseOptions } from './caseDocument.js';

const LOADING: CaseDocumentState = {
  sync: { status: 'loading', connection: 'connecting', failures: 0, retryAt: null, refused: null, issues: [] },
  device: 'loading',
  deviceError: null,
  loadError: null,
  peers: [],
  schema: 'current',
};

/**
 * Opens a case document for as long as the component is mounted and gives its state (sync
 * status, device save, who else is here) to any screen.
 */
export function useCaseDocument(options: OpenCaseOptions): { kase: CaseDocument | null; state: CaseDocumentState } {
  const { orgId, docId } = options;
  const [kase, setKase] = useState<CaseDocument | null>(null);
  const userKey = JSON.stringify(options.user);
  useEffect(() => {
    const opened = openCaseDocument({ orgId, docId, user: JSON.parse(userKey) as OpenCaseOptions['user'] });
    setKase(opened);
    return () => {
      void opened.close();
    };
  }, [orgId, docId, userKey]);
  const state = useSyncExternalStore(
    (l) => kase?.subscribe(l) ?? (() => undefined),
    () => kase?.getState() ?? LOADING,
  );
  return { kase, state };
}
