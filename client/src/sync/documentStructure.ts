import * as Y from 'yjs';
import type { DocumentKind } from './documentKind.js';

/**
 * The client id of the structure update. Every device uses this id and the same operations, so
 * each makes a byte-identical update and merging two of them is a no-op. (A random Yjs client id
 * equals 1 with probability 2^-32.)
 */
const STRUCTURE_CLIENT_ID = 1;
const STRUCTURE_ORIGIN = Symbol('document-structure');

const cached = new Map<DocumentKind, Uint8Array>();

/**
 * One update that creates every list, text and record container of a kind's documents, identical
 * on every device. Applying it twice, or on two tablets offline, changes nothing.
 */
export function structureUpdate(kind: DocumentKind): Uint8Array {
  const known = cached.get(kind);
  if (known) return known;
  const doc = new Y.Doc();
  doc.clientID = STRUCTURE_CLIENT_ID;
  const root = doc.getMap(kind.root);
  // One transaction per group, so a later group's items never shift an earlier group's clocks.
  for (const group of kind.structure) {
    doc.transact(() => {
      for (const key of group.lists) root.set(key, new Y.Array());
      for (const key of group.texts) root.set(key, new Y.Text());
      for (const key of group.maps) root.set(key, new Y.Map());
    });
  }
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  cached.set(kind, update);
  return update;
}

/** Makes sure a document has its kind's containers (idempotent, conflict-free). */
export function ensureStructure(doc: Y.Doc, kind: DocumentKind): void {
  if (kind.structure.length === 0) return;
  Y.applyUpdate(doc, structureUpdate(kind), STRUCTURE_ORIGIN);
}

/** Whether a key's list or text container comes from the kind's structure update. */
export function isStructuredKeyOf(kind: DocumentKind, key: string): boolean {
  return kind.structure.some((g) => g.lists.includes(key) || g.texts.includes(key));
}

/** Whether a key's record container (Y.Map) comes from the kind's structure update. */
export function isStructuredMapOf(kind: DocumentKind, key: string): boolean {
  return kind.structure.some((g) => g.maps.includes(key));
}
