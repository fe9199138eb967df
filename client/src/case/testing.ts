import * as Y from 'yjs';
import { CASE_ROOT, newId, type VitalsRecord } from '@vigil/shared';
import { ensureCaseStructure } from '../sync/caseStructure.js';
import { asCaseDoc, yDocOf, type CaseDoc } from './caseDoc.js';
import { addListEntry, readCase, readField, setField } from './commands.js';

/*
 * Case documents for the features' tests, without Yjs in the tests: a new case (with its
 * structure, as every opened case has), how many saves a change made, and two tablets' copies
 * brought together.
 */

/** A new case document in memory; with its lists, texts and records unless `structure` is false. */
export function newCaseDoc({ structure = true }: { structure?: boolean } = {}): CaseDoc {
  const doc = new Y.Doc();
  if (structure) ensureCaseStructure(doc);
  return asCaseDoc(doc);
}

/** Gives the case its structure's containers (as opening it on a device does). */
export function structureCase(doc: CaseDoc): void {
  ensureCaseStructure(yDocOf(doc));
}

/** Calls `onUpdate` after every change of the document (one per transaction); returns the unsubscribe. */
export function onCaseUpdate(doc: CaseDoc, onUpdate: () => void): () => void {
  const y = yDocOf(doc);
  y.on('update', onUpdate);
  return () => y.off('update', onUpdate);
}

/** Brings two copies of a case together, each receiving what the other has (two tablets syncing). */
export function exchangeUpdates(a: CaseDoc, b: CaseDoc): void {
  const ya = yDocOf(a);
  const yb = yDocOf(b);
  Y.applyUpdate(ya, Y.encodeStateAsUpdate(yb, Y.encodeStateVector(ya)));
  Y.applyUpdate(yb, Y.encodeStateAsUpdate(ya, Y.encodeStateVector(yb)));
}

/** Appends entries to a list of the case as they are given (a test's partial entries included), in one change. */
export function pushEntries(doc: CaseDoc, key: string, entries: readonly unknown[]): void {
  const root = yDocOf(doc).getMap(CASE_ROOT);
  if (!(root.get(key) instanceof Y.Array)) ensureCaseStructure(yDocOf(doc));
  (root.get(key) as Y.Array<unknown>).push([...entries]);
}

/** A test's view of the case root: read a key as JSON, set a plain value, read the whole case. */
export interface CaseView {
  get: (key: string) => unknown;
  set: (key: string, value: unknown) => void;
  toJSON: () => Record<string, unknown>;
}

/** The CaseView of a case document. */
export function caseView(doc: CaseDoc): CaseView {
  return {
    get: (key) => readField(doc, key),
    set: (key, value) => setField(doc, key, value),
    toJSON: () => readCase(doc),
  };
}

/**
 * Writes a monitor reading as the builds before compact readings did (commit 319a412's
 * recordReading, kept as it was): the whole record with a new id pushed into `vitalsRecords`.
 * For tests and the bench that need a case an older tablet charted (issue 38).
 */
export function recordLegacyReading(doc: CaseDoc, reading: Omit<VitalsRecord, 'id'> & { id?: string }): VitalsRecord {
  const record: VitalsRecord = { ...reading, id: reading.id ?? newId('vit') };
  addListEntry(doc, 'vitalsRecords', record);
  return record;
}

/** The Yjs update of the whole case (Y.encodeStateAsUpdate): what a tablet stores and sends for it. */
export function encodeCase(doc: CaseDoc): Uint8Array {
  return Y.encodeStateAsUpdate(yDocOf(doc));
}

/** A case document loaded from a whole-case update (encodeCase), with this build's structure; `clientId` fixes its Yjs client id. */
export function caseFromUpdate(update: Uint8Array, clientId?: number): CaseDoc {
  const doc = new Y.Doc();
  if (clientId !== undefined) doc.clientID = clientId;
  Y.applyUpdate(doc, update);
  ensureCaseStructure(doc);
  return asCaseDoc(doc);
}

/** A new case document with a fixed Yjs client id (deterministic updates for size bounds), with its structure. */
export function newCaseDocWithClientId(clientId: number): CaseDoc {
  const doc = new Y.Doc();
  doc.clientID = clientId;
  ensureCaseStructure(doc);
  return asCaseDoc(doc);
}
