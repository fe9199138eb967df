import * as Y from 'yjs';
import { CASE_ROOT, CASE_STRUCTURE_GROUPS } from '@vigil/shared';

/**
 * The client id of the structure update. Every device uses this id and the same operations, so
 * each makes a byte-identical update and merging two of them is a no-op. (A random Yjs client id
 * equals 1 with probability 2^-32.)
 */
const STRUCTURE_CLIENT_ID = 1;
const STRUCTURE_ORIGIN = Symbol('case-structure');

let cached: Uint8Array | null = null;

/**
 * One update that creates every list, text and record container of a case (CASE_STRUCTURE_GROUPS),
 * identical on every device. Applying it twice, or on two tablets offline, changes nothing.
 */
export function caseStructureUpdate(): Uint8Array {
  if (cached) return cached;
  const doc = new Y.Doc();
  doc.clientID = STRUCTURE_CLIENT_ID;
  const root = doc.getMap(CASE_ROOT);
  // One transaction per group, so a later group's items never shift an earlier group's clocks.
  for (const group of CASE_STRUCTURE_GROUPS) {
    doc.transact(() => {
      for (const key of group.lists) root.set(key, new Y.Array());
      for (const key of group.texts) root.set(key, new Y.Text());
      for (const key of group.maps) root.set(key, new Y.Map());
    });
  }
  cached = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return cached;
}

/** Makes sure a case document has its list and text containers (idempotent, conflict-free). */
export function ensureCaseStructure(doc: Y.Doc): void {
  Y.applyUpdate(doc, caseStructureUpdate(), STRUCTURE_ORIGIN);
}

/** Whether a key's list or text container comes from the structure update (and so may be written into). */
export function isStructuredKey(key: string): boolean {
  return CASE_STRUCTURE_GROUPS.some(
    (g) => (g.lists as readonly string[]).includes(key) || (g.texts as readonly string[]).includes(key),
  );
}

/** Whether a key's record container (Y.Map) comes from the structure update. */
export function isStructuredMap(key: string): boolean {
  return CASE_STRUCTURE_GROUPS.some((g) => (g.maps as readonly string[]).includes(key));
}
