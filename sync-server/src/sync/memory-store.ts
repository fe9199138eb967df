import type { StoredDocument, SyncStore } from './store.js';

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

  load(room: string): StoredDocument | null {
    const doc = this.docs.get(room);
    if (!doc) return null;
    return {
      orgId: doc.orgId,
      docId: doc.docId,
      snapshot: doc.snapshot && Uint8Array.from(doc.snapshot),
      updates: doc.updates.map((u) => Uint8Array.from(u.data)),
      lastUpdateId: doc.updates.at(-1)?.id ?? doc.snapshotUpTo,
      finalized: doc.finalized,
      contentHash: doc.contentHash,
    };
  }

  append(entries: readonly { room: string; orgId: string; docId: string; update: Uint8Array }[]): number[] {
    return entries.map((e) => {
      const id = this.nextId++;
      this.ensure(e.room, e.orgId, e.docId).updates.push({ id, data: Uint8Array.from(e.update) });
      return id;
    });
  }

  compact(room: string, snapshot: Uint8Array, lastUpdateId: number): void {
    const doc = this.docs.get(room);
    if (!doc) return;
    doc.snapshot = Uint8Array.from(snapshot);
    doc.snapshotUpTo = lastUpdateId;
    doc.updates = doc.updates.filter((u) => u.id > lastUpdateId);
  }

  pendingUpdates(room: string): number {
    return this.docs.get(room)?.updates.length ?? 0;
  }

  setContentHash(room: string, hash: string): void {
    const doc = this.docs.get(room);
    if (doc) doc.contentHash = hash;
  }

  isFinalized(room: string): boolean {
    return this.docs.get(room)?.finalized ?? false;
  }

  markFinalized(room: string, orgId: string, docId: string): void {
    this.ensure(room, orgId, docId).finalized = true;
  }

  clearFinalized(room: string): void {
    const doc = this.docs.get(room);
    if (doc) doc.finalized = false;
  }
}
