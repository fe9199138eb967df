import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { deflateSnapshot, SNAPSHOT_DEFLATED, snapshotOf } from './snapshot-bytes.js';

function aCase(): Uint8Array {
  const doc = new Y.Doc();
  const vitals = new Y.Array<unknown>();
  doc.getMap('case').set('vitals', vitals);
  for (let i = 0; i < 500; i += 1) vitals.push([{ time: 1_700_000_000_000 + i * 5000, hr: 60 + (i % 30), spo2: 98 }]);
  return Y.encodeStateAsUpdate(doc);
}

describe('snapshot bytes (sync_snapshots.compression, migration 226)', () => {
  it('gives back the encoded document a deflated snapshot was made from, in fewer bytes stored', async () => {
    const snapshot = aCase();
    const stored = await deflateSnapshot(snapshot);
    expect(stored.byteLength).toBeLessThan(snapshot.byteLength / 2);
    expect(snapshotOf(stored, SNAPSHOT_DEFLATED)).toEqual(snapshot);
  });

  it('reads a snapshot stored as encoded (SQLite, and every row written before) as it is', () => {
    const snapshot = aCase();
    expect(snapshotOf(Buffer.from(snapshot), null)).toEqual(snapshot);
  });

  it('refuses a compression it does not know rather than hand out its bytes as a document', async () => {
    const stored = await deflateSnapshot(aCase());
    expect(() => snapshotOf(stored, 'zstd')).toThrow('unknown snapshot compression zstd');
  });
});
