import { MemoryDatabase } from '../memory/database.js';
import type { AppendEntry, StoredDocument, SyncStore } from './types.js';

interface MemoryDocument {
  orgId: string;
  docId: string;
  snapshot: Uint8Array | null;
  snapshotVector: Uint8Array | null;
  snapshotUpTo: number;
  updates: { id: number; data: Uint8Array }[];
  finalized: boolean;
  contentHash: string | null;
}

/**
 * SyncStore in memory: the second implementation of the contract, for unit tests and benchmarks
 * that leave storage out of the measure. On a MemoryDatabase shared with other memory stores, its
 * writes (a document's final flag at finalize) commit or roll back with their transactions.
 */
export class MemorySyncStore implements SyncStore {
  private readonly tables;

  constructor(private readonly db = new MemoryDatabase()) {
    this.tables = db.table({ docs: new Map<string, MemoryDocument>(), nextId: 1 });
  }

  private ensure(room: string, orgId: string, docId: string): MemoryDocument {
    const { docs } = this.tables.value;
    let doc = docs.get(room);
    if (!doc) {
      doc = {
        orgId,
        docId,
        snapshot: null,
        snapshotVector: null,
        snapshotUpTo: 0,
        updates: [],
        finalized: false,
        contentHash: null,
      };
      docs.set(room, doc);
    }
    return doc;
  }

  load(room: string): Promise<StoredDocument | null> {
    return this.db.run(() => {
      const doc = this.tables.value.docs.get(room);
      if (!doc) return null;
      return {
        orgId: doc.orgId,
        docId: doc.docId,
        snapshot: doc.snapshot && Uint8Array.from(doc.snapshot),
        snapshotVector: doc.snapshotVector && Uint8Array.from(doc.snapshotVector),
        updates: doc.updates.map((u) => Uint8Array.from(u.data)),
        lastUpdateId: doc.updates.at(-1)?.id ?? doc.snapshotUpTo,
        finalized: doc.finalized,
        contentHash: doc.contentHash,
      };
    });
  }

  append(entries: readonly AppendEntry[]): Promise<number[]> {
    return this.db.run(() =>
      entries.map((e) => {
        const id = this.tables.value.nextId++;
        this.ensure(e.room, e.orgId, e.docId).updates.push({ id, data: Uint8Array.from(e.update) });
        return id;
      }),
    );
  }

  compact(room: string, snapshot: Uint8Array, lastUpdateId: number, stateVector?: Uint8Array): Promise<void> {
    return this.db.run(() => {
      const doc = this.tables.value.docs.get(room);
      // An older compaction that lost a race to a newer one changes nothing.
      if (!doc || (doc.snapshot !== null && doc.snapshotUpTo >= lastUpdateId)) return;
      doc.snapshot = Uint8Array.from(snapshot);
      doc.snapshotVector = stateVector ? Uint8Array.from(stateVector) : null;
      doc.snapshotUpTo = lastUpdateId;
      doc.updates = doc.updates.filter((u) => u.id > lastUpdateId);
    });
  }

  pendingUpdates(room: string): Promise<number> {
    return this.db.run(() => this.tables.value.docs.get(room)?.updates.length ?? 0);
  }

  setContentHash(room: string, hash: string): Promise<void> {
    return this.db.run(() => {
      const doc = this.tables.value.docs.get(room);
      if (doc) doc.contentHash = hash;
    });
  }

  isFinalized(room: string): Promise<boolean> {
    return this.db.run(() => this.tables.value.docs.get(room)?.finalized ?? false);
  }

  markFinalized(room: string, orgId: string, docId: string): Promise<void> {
    return this.db.run(() => void (this.ensure(room, orgId, docId).finalized = true));
  }

  clearFinalized(room: string): Promise<void> {
    return this.db.run(() => {
      const doc = this.tables.value.docs.get(room);
      if (doc) doc.finalized = false;
    });
  }
}
