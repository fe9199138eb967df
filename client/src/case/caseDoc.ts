import * as Y from 'yjs';
import { CASE_ROOT } from '@vigil/shared';

declare const caseDocBrand: unique symbol;

/**
 * A case's document as the features hold it (issue 36 item 6): an opaque handle. Everything read
 * from or written to it goes through this module (client/src/case/): the hooks in hooks.ts, the
 * commands in commands.ts. No feature sees the Yjs document behind it, so none can write a key
 * around the case structure or a transaction around a command.
 */
export interface CaseDoc {
  readonly [caseDocBrand]: true;
}

/** The handle of a case's Yjs document (the sync layer's CaseDocument.doc). The same document gives the same handle. */
export function asCaseDoc(doc: Y.Doc): CaseDoc;
export function asCaseDoc(doc: Y.Doc | undefined): CaseDoc | undefined;
export function asCaseDoc(doc: Y.Doc | undefined): CaseDoc | undefined {
  return doc as unknown as CaseDoc | undefined;
}

/** The Yjs document behind a handle: for this module only. */
export function yDocOf(doc: CaseDoc): Y.Doc {
  return doc as unknown as Y.Doc;
}

/** The case's root map (CASE_ROOT). */
export function caseRoot(doc: CaseDoc): Y.Map<unknown> {
  return yDocOf(doc).getMap(CASE_ROOT);
}

/** Reads a key of the case root as plain JSON. */
export function readKey(root: Y.Map<unknown>, key: string): unknown {
  const v = root.get(key);
  return v instanceof Y.AbstractType ? v.toJSON() : v;
}

const versions = new WeakMap<Y.Doc, { n: number }>();

/** How many changes the document has had since this module first looked at it. */
export function docVersion(handle: CaseDoc): number {
  const doc = yDocOf(handle);
  let version = versions.get(doc);
  if (!version) {
    const counter = { n: 0 };
    doc.on('update', () => {
      counter.n++;
    });
    versions.set(doc, counter);
    version = counter;
  }
  return version.n;
}
