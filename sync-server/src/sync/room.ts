import * as encoding from 'lib0/encoding';
import { WebSocket } from 'ws';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { ContentCache, SYNC_MESSAGE } from '@vigil/shared';
import type { Logger } from '../log.js';
import type { StoredDocument } from '../store/sync/types.js';
import type { DocumentKind } from './hooks.js';
import { isEmptyStateVector, send } from './messages.js';
import type { RoomAddress } from './protocol.js';
import type { PendingWrite } from './write-queue.js';

/** The origin of an update or a presence change heard from another instance (sync/relay.ts): not relayed again. */
export const RELAYED = Symbol('relayed');

/**
 * One shared document and the sockets editing it: its state (cold bytes or a Y.Doc),
 * hibernation and presence (awareness). Its stored state is read from storage when the room is
 * made, before any socket is served: a client never sees an empty document that storage could
 * later contradict. The Y.Doc itself is built from those bytes only when first needed (a
 * write, a content hash): a client that opens a stored document is answered from the stored
 * bytes (state vector and diff of the merged update), without waiting for it.
 */
export class Room {
  private built: Y.Doc | null = null;
  private cache: ContentCache | null = null;
  /** The stored state (snapshot and log merged) while the document is not built from it. */
  private stored: Uint8Array | null = null;
  private storedVector: Uint8Array | null = null;
  /**
   * The stored updates one by one, kept from the load until the document is first built: if
   * their merged form cannot be applied, the document is built from each of them instead.
   */
  private storedParts: Uint8Array[] = [];
  /** The built document's whole state, until its next change. */
  private fullState: Uint8Array | null = null;
  /** When the document stops taking writes (the kind's editingClosesAt), until its next change; undefined: not read yet. */
  private closesAt: number | null | undefined = undefined;
  destroyed = false;
  /** Awareness needs a Y.Doc only for its own client id; the room's is never announced. */
  private readonly awarenessDoc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.awarenessDoc);
  readonly conns = new Map<WebSocket, Set<number>>();
  /** Tells the other instances holding the room of a presence change made here (REDIS_URL; sync/relay.ts). */
  relayAwareness: ((update: Uint8Array) => void) | undefined;
  /** Connections of Vigil's own client, which understands the save and refusal messages. */
  readonly vigilConns = new WeakSet<WebSocket>();
  /** Updates logged since the last snapshot. */
  pending = 0;
  /**
   * An upper bound of the document's encoded size: the stored bytes at load or at the last
   * compaction plus every update queued or applied since (overlapping updates make it larger
   * than the truth, never smaller).
   */
  bytes = 0;
  lastUpdateId = 0;
  finalized = false;
  /** Holders of the document (finalize) while no write may reach it; their writes wait in `held`. */
  sealed = 0;
  held: PendingWrite[] = [];
  evictTimer: NodeJS.Timeout | undefined;
  validateTimer: NodeJS.Timeout | undefined;
  projectTimer: NodeJS.Timeout | undefined;
  /** The kind's live summary waiting for its turn (at most one per LIVE_SUMMARY_EVERY_MS). */
  liveTimer: NodeJS.Timeout | undefined;
  /** When the kind's live summary was last read (epoch ms; 0: never). */
  liveAt = 0;
  /** When the oldest change the projection does not hold yet was applied (undefined: none). */
  unprojectedSince: number | undefined;
  /** Who wrote the latest update (for the projection's audit event). */
  lastWriter: string | null = null;
  /** When the document was last written or asked for its hash (epoch ms). */
  lastActive = Date.now();
  /** A validation is running (in the worker); another change asks for one more after it. */
  checking = false;
  checkAgain = false;

  constructor(
    readonly address: RoomAddress,
    /** The document kind of the room: its root map and its hooks. */
    readonly kind: DocumentKind,
    private readonly log: Logger,
  ) {
    this.awareness.setLocalState(null);
    this.awareness.on(
      'update',
      ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
        if (origin instanceof WebSocket) {
          const owned = this.conns.get(origin);
          if (owned) {
            for (const id of added) owned.add(id);
            for (const id of removed) owned.delete(id);
          }
        }
        const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, [...added, ...updated, ...removed]);
        const encoder = encoding.createEncoder();
        encoding.writeVarUint(encoder, SYNC_MESSAGE.awareness);
        encoding.writeVarUint8Array(encoder, update);
        this.broadcast(encoding.toUint8Array(encoder));
        if (origin !== RELAYED) this.relayAwareness?.(update);
      },
    );
  }

  /**
   * Takes the stored state (snapshot first, then the log) without building the document. A
   * snapshot's stored state vector is its own: it is used only when no update follows it.
   */
  load(stored: Pick<StoredDocument, 'snapshot' | 'snapshotVector' | 'updates'>): void {
    const parts = stored.snapshot ? [stored.snapshot, ...stored.updates] : stored.updates;
    this.bytes = parts.reduce((n, p) => n + p.byteLength, 0);
    if (parts.length === 0) return;
    try {
      this.stored = parts.length === 1 ? parts[0]! : Y.mergeUpdates(parts);
      if (parts.length > 1) this.storedParts = parts;
      else if (stored.snapshot) this.storedVector = stored.snapshotVector;
    } catch (err) {
      this.log.error({ err, room: this.address.name }, 'stored updates cannot be merged; building the document');
      this.stored = null;
      this.build(parts);
    }
  }

  get isBuilt(): boolean {
    return this.built !== null;
  }

  /** Drops the built document, keeping its whole state as one update; the next use builds it again. */
  hibernate(): void {
    if (!this.built) return;
    this.stored = this.fullState ?? Y.encodeStateAsUpdate(this.built);
    this.storedVector = Y.encodeStateVector(this.built);
    this.cache?.destroy();
    this.cache = null;
    this.fullState = null;
    this.built.destroy();
    this.built = null;
  }

  /** The document, built from the stored state on first use. */
  get doc(): Y.Doc {
    return this.built ?? this.build(null);
  }

  private build(parts: Uint8Array[] | null): Y.Doc {
    const doc = new Y.Doc({ gc: true });
    const stored = this.stored;
    if (parts) this.applyEach(doc, parts);
    else if (stored) {
      try {
        Y.applyUpdate(doc, stored);
      } catch (err) {
        this.log.error({ err, room: this.address.name }, 'merged stored state cannot be applied; applying each update');
        this.applyEach(doc, this.storedParts);
      }
    }
    this.stored = null;
    this.storedVector = null;
    this.storedParts = [];
    // After every transaction, also one that only parked updates waiting for a missing one
    // (no 'update' event, but they are part of the encoded state).
    doc.on('afterTransaction', () => {
      this.fullState = null;
      this.closesAt = undefined;
    });
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, SYNC_MESSAGE.sync);
      syncProtocol.writeUpdate(encoder, update);
      this.broadcast(encoding.toUint8Array(encoder), origin);
    });
    this.built = doc;
    this.cache = new ContentCache(doc, doc.getMap(this.kind.root));
    return doc;
  }

  /**
   * Applies an update another instance committed (sync/relay.ts): to the document when it is
   * built, else merged into the stored bytes (the room stays cold) and sent to the sockets.
   */
  applyRelayed(update: Uint8Array): void {
    if (this.built || !this.stored) {
      Y.applyUpdate(this.doc, update, RELAYED);
      return;
    }
    try {
      this.stored = Y.mergeUpdates([this.stored, update]);
    } catch (err) {
      this.log.error({ err, room: this.address.name }, 'a relayed update cannot be merged; building the document');
      Y.applyUpdate(this.doc, update, RELAYED);
      return;
    }
    this.storedVector = null;
    this.storedParts = [];
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, SYNC_MESSAGE.sync);
    syncProtocol.writeUpdate(encoder, update);
    this.broadcast(encoding.toUint8Array(encoder));
  }

  /** A stored update that cannot be applied is skipped and reported: it must never make the document unopenable. */
  private applyEach(doc: Y.Doc, parts: Uint8Array[]): void {
    Y.transact(doc, () => {
      for (const u of parts) {
        try {
          Y.applyUpdate(doc, u);
        } catch (err) {
          this.log.error({ err, room: this.address.name }, 'skipped a stored update that cannot be applied');
        }
      }
    });
  }

  /** Our state vector (sync step 1), from the stored bytes while the document is not built. */
  stateVector(): Uint8Array {
    if (this.built || !this.stored) return Y.encodeStateVector(this.doc);
    this.storedVector ??= Y.encodeStateVectorFromUpdate(this.stored);
    return this.storedVector;
  }

  /** What a peer with state vector `sv` lacks (sync step 2). A peer with nothing gets the whole state. */
  diff(sv: Uint8Array): Uint8Array {
    if (isEmptyStateVector(sv)) return this.encodeState();
    if (this.built || !this.stored) return Y.encodeStateAsUpdate(this.doc, sv);
    return Y.diffUpdate(this.stored, sv);
  }

  /** The whole state as one update (a snapshot), encoded once per change. */
  encodeState(): Uint8Array {
    if (this.built || !this.stored) {
      this.fullState ??= Y.encodeStateAsUpdate(this.doc);
      return this.fullState;
    }
    return this.stored;
  }

  /** The JSON of the document's root map (the kind's content). */
  content(): unknown {
    return this.doc.getMap(this.kind.root).toJSON();
  }

  /**
   * When the document stops taking clients' writes (a case's provider editing window, EW2), read
   * by its kind from the document as it is now and kept until its next change; null while it
   * stays open or for a kind whose documents never close. A hook that throws leaves it open (logged).
   */
  editingClosesAt(): number | null {
    const read = this.kind.editingClosesAt;
    if (!read) return null;
    if (this.closesAt === undefined) {
      try {
        this.closesAt = read(this.doc.getMap(this.kind.root));
      } catch (err) {
        this.log.error({ err, room: this.address.name, kind: this.kind.name }, 'could not read when editing closes');
        this.closesAt = null;
      }
    }
    return this.closesAt;
  }

  /** The content hash, kept incrementally (ContentCache): cheap however many saves ask for it. */
  contentHash(): string {
    const doc = this.doc;
    return (this.cache ?? (this.cache = new ContentCache(doc, doc.getMap(this.kind.root)))).contentHash();
  }

  broadcast(message: Uint8Array, except?: unknown): void {
    for (const conn of this.conns.keys()) {
      if (conn !== except) send(conn, message);
    }
  }

  destroy(): void {
    this.destroyed = true;
    clearTimeout(this.evictTimer);
    clearTimeout(this.validateTimer);
    clearTimeout(this.projectTimer);
    clearTimeout(this.liveTimer);
    this.awareness.destroy();
    this.awarenessDoc.destroy();
    this.cache?.destroy();
    this.built?.destroy();
    this.stored = null;
    this.storedParts = [];
    this.fullState = null;
  }
}
