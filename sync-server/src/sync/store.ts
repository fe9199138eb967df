/** What a room loads at start: the latest snapshot (if any) and every update logged after it. */
export interface StoredDocument {
  orgId: string;
  docId: string;
  snapshot: Uint8Array | null;
  updates: Uint8Array[];
  /** Highest update id merged into this state (0 when none). */
  lastUpdateId: number;
  finalized: boolean;
  contentHash: string | null;
}

/**
 * Durable storage of Yjs documents. Every write is committed before the call returns, so a
 * caller that broadcasts or acknowledges after it never reports what storage does not have.
 * One contract test suite runs against every implementation.
 */
export interface SyncStore {
  /** The stored state of a room, or null when nothing was ever stored. */
  load(room: string): StoredDocument | null;
  /**
   * Appends updates to rooms in one transaction (creating their rows), in order; returns the
   * id of each update, in the same order.
   */
  append(entries: readonly { room: string; orgId: string; docId: string; update: Uint8Array }[]): number[];
  /**
   * Replaces every update with id ≤ lastUpdateId by one snapshot, in one transaction. Updates
   * appended meanwhile (ids above lastUpdateId) are kept.
   */
  compact(room: string, snapshot: Uint8Array, lastUpdateId: number): void;
  /** Number of logged (not yet compacted) updates of a room. */
  pendingUpdates(room: string): number;
  setContentHash(room: string, hash: string): void;
  isFinalized(room: string): boolean;
  /** Marks a document final: it refuses writes from then on. */
  markFinalized(room: string, orgId: string, docId: string, at?: Date): void;
  /** Opens a final document for writes again (an administrator's unfinalize). */
  clearFinalized(room: string): void;
}
