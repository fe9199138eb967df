import type * as Y from 'yjs';
import { CASE_KIND } from './documentKind.js';
import { migrateDocument, type MigrationOutcome } from './migrateDocument.js';

export type { MigrationOutcome } from './migrateDocument.js';

/**
 * Brings a case document written by an older build up to the current case-data schema with
 * the shared forward migrations (see migrateDocument).
 */
export function migrateCaseDocument(doc: Y.Doc): MigrationOutcome {
  return migrateDocument(doc, CASE_KIND);
}
