import { deflateSync } from 'fflate';
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
}

/** Sizes of the 4-hour case; they depend on the document, not on the server. */
export function measureSize(charted: ChartedCase): SizeResult {
  const encoded = Y.encodeStateAsUpdate(charted.doc);
  return {
    encodedBytes: encoded.byteLength,
    deflatedBytes: deflateSync(encoded).byteLength,
    encodedV2Bytes: Y.encodeStateAsUpdateV2(charted.doc).byteLength,
    updateLogBytes: charted.updates.reduce((sum, u) => sum + u.byteLength, 0),
    updates: charted.updates.length,
  };
}
