import type * as Y from 'yjs';
import { CASE_KIND } from './documentKind.js';
import { ensureStructure, isStructuredKeyOf, isStructuredMapOf, structureUpdate } from './documentStructure.js';

/**
 * One update that creates every list, text and record container of a case (CASE_STRUCTURE_GROUPS),
 * identical on every device. Applying it twice, or on two tablets offline, changes nothing.
 */
export function caseStructureUpdate(): Uint8Array {
  return structureUpdate(CASE_KIND);
}

/** Makes sure a case document has its list and text containers (idempotent, conflict-free). */
export function ensureCaseStructure(doc: Y.Doc): void {
  ensureStructure(doc, CASE_KIND);
}

/** Whether a key's list or text container comes from the structure update (and so may be written into). */
export function isStructuredKey(key: string): boolean {
  return isStructuredKeyOf(CASE_KIND, key);
}

/** Whether a key's record container (Y.Map) comes from the structure update. */
export function isStructuredMap(key: string): boolean {
  return isStructuredMapOf(CASE_KIND, key);
}
