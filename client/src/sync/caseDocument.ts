import { CASE_KIND, documentDatabaseName } from './documentKind.js';
import {
  openSyncedDocument,
  type DocumentUser,
  type OpenDocumentOptions,
  type SyncedDocument,
  type SyncedDocumentState,
} from './syncedDocument.js';

export type { DeviceSaveState, LoadError, Peer } from './syncedDocument.js';

/** A case's state on this device (see SyncedDocumentState). */
export type CaseDocumentState = SyncedDocumentState;
/** Who is charting on this device, as the others see it. */
export type CaseUser = DocumentUser;
export type OpenCaseOptions = OpenDocumentOptions;
/** An open case document (the generic synced document of the case kind). */
export type CaseDocument = SyncedDocument;

/** IndexedDB database name of a case document. */
export const caseDatabaseName = (orgId: string, docId: string): string => documentDatabaseName(CASE_KIND, orgId, docId);

/** Opens a case document: the synced document of the case kind (see openSyncedDocument). */
export function openCaseDocument(options: OpenCaseOptions): CaseDocument {
  return openSyncedDocument(CASE_KIND, options);
}
