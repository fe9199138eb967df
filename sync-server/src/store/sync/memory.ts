import type { AppendEntry, StoredDocument, SyncStore } from './types.js';

interface MemoryDocument {
  orgId: string;
  docId: string;
  snapshot: Uint8Array | null;
  snapshotUpTo: number;
  updates: { id: number; data: Uint8Array }[];
  finalized: boolean;
  contentHash: string | null;
}

/** SyncStore in memory: for unit tests and benchmarks that leave storage out of the measure. */
export class MemorySyncStore implements SyncStore {
  private readonly docs = new Map<string, MemoryDocument>();
  private nextId = 1;

  private ensure(room: string, orgId: string, docId: string): MemoryDocument {
    let doc = this.docs.get(room);
    if (!doc) {
      doc = { orgId, docId, snapshot: null, snapshotUpTo: 0, updates: [], finalized: false, contentHash: null };
      this.docs.set(room, doc);
    }
    return doc;
  }

  load(room: string): Promise<StoredDocument | null> {
    const doc = this.docs.get(room);
    if (!doc) return Promise.resolve(null);
    return Promise.resolve({
      orgId: doc.orgId,
      docId: doc.docId,
      snapshot: doc.snapshot && Uint8Array.from(doc.snapshot),
      updates: doc.updates.map((u) => Uint8Array.from(u.data)),
      lastUpdateId: doc.updates.at(-1)?.id ?? doc.snapshotUpTo,
      finalized: doc.finalized,
      contentHash: doc.contentHash,
    });
  }

  append(entries: readonly AppendEntry[]): Promise<number[]> {
    return Promise.resolve(
      entries.map((e) => {
        const id = this.nextId++;
        this.ensure(e.room, e.orgId, e.docId).updates.push({ id, data: Uint8Array.from(e.update) });
        return id;
      }),
    );
  }

  compact(room: string, snapshot: Uint8Array, lastUpdateId: number): Promise<void> {
    const doc = this.docs.get(room);
    if (doc) {
      doc.snapshot = Uint8Array.from(snapshot);
      doc.snapshotUpTo = lastUpdateId;
      doc.updates = doc.updates.filter((u) => u.id > lastUpdateId);
    }
    return Promise.resolve();
  }

  pendingUpdates(room: string): Promise<number> {
    return Promise.resolve(this.docs.get(room)?.updates.length ?? 0);
  }

  setContentHash(room: string, hash: string): Promise<void> {
    const doc = this.docs.get(room);
    if (doc) doc.contentHash = hash;
    return Promise.resolve();
  }

  isFinalized(room: string): Promise<boolean> {
    return Promise.resolve(this.docs.get(room)?.finalized ?? false);
  }

  markFinalized(room: string, orgId: string, docId: string): Promise<void> {
    this.ensure(room, orgId, docId).finalized = true;
    return Promise.resolve();
  }

  clearFinalized(room: string): Promise<void> {
    const doc = this.docs.get(room);
    if (doc) doc.finalized = false;
    return Promise.resolve();
  }
}
