import type * as Y from 'yjs';
import type { RoomAddress } from './protocol.js';

/*
 * What the domain services (finalize, addenda, health-history signing) see of the synced
 * documents: snapshots, and documents sealed against clients' writes while the server changes them.
 */

/** A document's merged content, its content hash and whether it is final. */
export interface DocumentSnapshot {
  content: unknown;
  hash: string;
  finalized: boolean;
}

/**
 * A document held for finalize: no write reaches it until release (writes arriving meanwhile
 * wait, and are refused FINALIZED if it was finalized).
 */
export interface SealedDocument extends DocumentSnapshot {
  /**
   * Stores the document's final flag (inside the caller's store transaction, when it runs in
   * one, so it commits or rolls back with the signed PDF) and resolves to what makes the room
   * final: call that once the transaction committed, before release.
   */
  storeFinalized(): Promise<() => void>;
  /** Marks the document final: stored, then its clients are told and their writes refused. */
  finalize(): Promise<void>;
  /** Lets writes reach the document again. Call it once, also after a failure. */
  release(): void;
}

/**
 * A sealed document the server itself may change (a health history's signature): `write` runs
 * `change` on a copy of the document's root map and stores the difference as the server's own
 * update (stored before it is applied, sent to every client like any write, also into a final
 * document), then answers the content after it.
 */
export interface WritableSealedDocument extends SealedDocument {
  write(change: (root: Y.Map<unknown>) => void): Promise<DocumentSnapshot>;
  /**
   * The same change, stored inside the caller's store transaction (so it commits or rolls back
   * with the caller's other writes: a health history's signature with its Composition) and not
   * applied yet: resolves to the content after it and what applies it to the room, to call once
   * the transaction committed, before release. The rooms' write queue cannot be awaited inside a
   * transaction (its batches wait for it); this never goes through it.
   */
  storeWrite(change: (root: Y.Map<unknown>) => void): Promise<DocumentSnapshot & { apply: () => void }>;
}

/** What the report service needs from the rooms (finalize, addenda, unfinalize). */
export interface DocumentRooms {
  snapshot(address: RoomAddress): Promise<DocumentSnapshot>;
  seal(address: RoomAddress): Promise<WritableSealedDocument>;
  finalize(address: RoomAddress): Promise<void>;
  reopen(address: RoomAddress): Promise<void>;
}
