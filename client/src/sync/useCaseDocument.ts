import { openCaseDocument, type CaseDocument, type CaseDocumentState, type OpenCaseOptions } from './caseDocument.js';
import type { CaseUser } from './caseDocument.js';
import { CASE_KIND, type DocumentKind } from './documentKind.js';
import {
  EARLY_DOCUMENT_WAIT_MS,
  openDocumentEarly,
  useDocumentState,
  useSyncedDocument,
  type DocumentStateSource,
} from './useSyncedDocument.js';

/** How long a case opened with the page waits for its screen before it is closed unused. */
export const EARLY_CASE_WAIT_MS = EARLY_DOCUMENT_WAIT_MS;

/** Opens cases through openCaseDocument (the case kind of the generic layer). */
const openCase = (_kind: DocumentKind, options: OpenCaseOptions): CaseDocument => openCaseDocument(options);

/**
 * Starts opening a case as the app starts on its case screen (main.tsx): see openDocumentEarly.
 * Resolves once the case's copy on this device is read (or could not be).
 */
export function openCaseEarly(orgId: string, docId: string): Promise<void> {
  return openDocumentEarly(CASE_KIND, orgId, docId, openCase);
}

/**
 * Opens a case document for as long as the component is mounted (useSyncedDocument of the case
 * kind). Its state is read with `useCaseState`, by the parts of a screen that show it.
 */
export function useCaseDocument(options: OpenCaseOptions & { user: CaseUser }): { kase: CaseDocument | null } {
  return { kase: useSyncedDocument(CASE_KIND, options, openCase).document };
}

/** Where a case's state comes from: an open case document (or a stand-in in tests). */
export type CaseStateSource = DocumentStateSource;

/** The part of a case's state that `select` picks (see useDocumentState). */
export function useCaseState<T>(source: CaseStateSource | null, select: (state: CaseDocumentState) => T): T {
  return useDocumentState(source, select);
}
