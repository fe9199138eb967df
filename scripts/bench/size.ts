import { deflateSync } from 'fflate';
import v8 from 'node:v8';
import vm from 'node:vm';
import * as Y from 'yjs';
import type { ChartedCase } from './workload.js';

export interface SizeResult {
  /** Y.encodeStateAsUpdate (update format v1, what y-websocket sends and we store). */
  encodedBytes: number;
  /** fflate deflate of the v1 encoding (what Vigil's client sends in a save). */
  deflatedBytes: number;
  /** Y.encodeStateAsUpdateV2, for comparison. */
  encodedV2Bytes: number;
  /** All the single-edit updates added up: what an uncompacted update log holds. */
  updateLogBytes: number;
  updates: number;
  /** V8 heap of one Y.Doc holding the case, after full garbage collections. */
  heapBytes: number;
}

/** V8's gc(): the bench is not started with --expose-gc, so it is exposed at run time. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** The V8 heap one Y.Doc holding `state` takes, averaged over `copies` documents. */
function docHeapBytes(state: Uint8Array, copies = 10): number {
  const gc = collector();
  gc();
  const before = process.memoryUsage().heapUsed;
  const docs = Array.from({ length: copies }, () => {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, state);
    return doc;
  });
  gc();
  const bytes = (process.memoryUsage().heapUsed - before) / docs.length;
  for (const doc of docs) doc.destroy();
  return bytes;
}

/** Sizes of a charted case; they depend on the document, not on the server. */
export function measureSize(charted: ChartedCase): SizeResult {
  const encoded = Y.encodeStateAsUpdate(charted.doc);
  return {
    encodedBytes: encoded.byteLength,
    deflatedBytes: deflateSync(encoded).byteLength,
    encodedV2Bytes: Y.encodeStateAsUpdateV2(charted.doc).byteLength,
    updateLogBytes: charted.updates.reduce((sum, u) => sum + u.byteLength, 0),
    updates: charted.updates.length,
    heapBytes: docHeapBytes(encoded),
  };
}

/** The size of a document alone (no update log: the log rows are the charted case's). */
export function measureDocSize(doc: Y.Doc): SizeResult {
  return measureSize({ doc, updates: [Y.encodeStateAsUpdate(doc)], edits: [] });
}

/** The case screen's 4-hour case in the old form (before), the compact form (after) and compacted (issue 38). */
export interface CaseScreenSizes {
  before: SizeResult;
  after: SizeResult;
  compacted: SizeResult;
}

/** The case screen's 4-hour case before and after compact readings (issue 38), and compacted. */
export function measureCaseScreenSizes(forms: { before: Y.Doc; after: Y.Doc; compacted: Y.Doc }): CaseScreenSizes {
  return {
    before: measureDocSize(forms.before),
    after: measureDocSize(forms.after),
    compacted: measureDocSize(forms.compacted),
  };
}
