/** What a room loads at start: the latest snapshot (if any) and every update logged after it. */
export interface StoredDocument {
  orgId: string;
  docId: string;
  snapshot: Uint8Array | null;
  /**
   * The snapshot's state vector, stored with it at compaction (null when none was: no snapshot,
   * or one written without it), so a room can answer a sync step 1 from a stored document without
   * reading the whole snapshot to find it (session 39).
   */
  snapshotVector: Uint8Array | null;
  updates: Uint8Array[];
  /** Highest update id merged into this state (0 when none). */
  lastUpdateId: number;
  finalized: boolean;
  contentHash: string | null;
}

/** One update to log for a room (its row is created on first write). */
export interface AppendEntry {
  room: string;
  orgId: string;
  docId: string;
  update: Uint8Array;
}

/**
 * Durable storage of Yjs documents (the sync updates repository). Every method is one atomic
 * operation, and its promise resolves only once the write is committed: a caller that
 * broadcasts or acknowledges after it never reports what storage does not have. The rooms call
 * the write methods one at a time (their write queue), so an implementation never sees two
 * appends racing. One contract suite (contract.test.ts) runs against every implementation; a
 * PostgreSQL one implements this interface and passes the same suite.
 */
export interface SyncStore {
  /** The stored state of a room, or null when nothing was ever stored. */
  load(room: string): Promise<StoredDocument | null>;
  /**
   * Appends updates to rooms in one transaction (creating their rows), in order; resolves to
   * the id of each update, in the same order. Ids increase across the whole store.
   */
  append(entries: readonly AppendEntry[]): Promise<number[]>;
  /**
   * Replaces every update with id ≤ lastUpdateId by one snapshot, in one transaction. Updates
   * appended meanwhile (ids above lastUpdateId) are kept. A compaction up to an id the stored
   * snapshot already covers changes nothing: of two racing compactions (two instances), the older
   * one written last must not set the snapshot back over updates the newer one deleted.
   * `stateVector`, when given, must be the state vector of exactly the state `snapshot` encodes
   * (`Y.encodeStateVector` of the document it was encoded from, in the same turn): it is stored
   * with it and loaded as `snapshotVector`. A vector claiming more than the snapshot holds would
   * let a client hold back what the server lacks.
   */
  compact(room: string, snapshot: Uint8Array, lastUpdateId: number, stateVector?: Uint8Array): Promise<void>;
  /** Number of logged (not yet compacted) updates of a room. */
  pendingUpdates(room: string): Promise<number>;
  setContentHash(room: string, hash: string): Promise<void>;
  isFinalized(room: string): Promise<boolean>;
  /** Marks a document final: it refuses writes from then on. */
  markFinalized(room: string, orgId: string, docId: string, at?: Date): Promise<void>;
  /** Opens a final document for writes again (an administrator's unfinalize). */
  clearFinalized(room: string): Promise<void>;
}
