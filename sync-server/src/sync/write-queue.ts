import * as Y from 'yjs';
import { REFUSAL_REASONS, type RefusalReason } from '@vigil/shared';
import type { Logger } from '../log.js';
import { detached, inAnyTransaction } from '../store/resources/transactions.js';
import type { SyncStore } from '../store/sync/types.js';
import type { Room } from './room.js';

/** What became of a write: stored and applied, not stored (storage failed), or not stored because the document was finalized first. */
export type WriteOutcome = 'stored' | 'failed' | 'finalized';

export interface PendingWrite {
  room: Room;
  /** Null for a save that carries no edits (a hash check): nothing is stored. */
  update: Uint8Array | null;
  /** The transaction origin of the update (the socket it came from: not echoed back to it). */
  origin: unknown;
  /** The signed-in user who wrote it (the projection's author), null for the server's own. */
  writer: string | null;
  /** Runs after the write committed (or failed) and the update was applied, in arrival order. */
  done?: (outcome: WriteOutcome) => void;
}

export interface WriteQueueOptions {
  store: SyncStore;
  log: Logger;
  maxUpdateBytes: number;
  maxDocumentBytes: number;
  /** Called after each committed batch with the rooms it wrote to (compaction, hooks). */
  afterCommit: (rooms: ReadonlySet<Room>) => void;
  /** An update was committed with store id `id` and applied (the relay to other instances; issue 43). */
  committed?: (room: Room, update: Uint8Array, id: number) => void;
  /** Replaces the compaction from the room's document (several instances compact from storage). */
  compactRoom?: (room: Room) => Promise<void>;
}

/**
 * The rooms' one write path (persist-before-ack). Writes arriving in the same turn of the event
 * loop form one batch, committed in one store call; the store's promise resolves only once the
 * batch is durable, and only then are its updates applied to their documents (and so broadcast)
 * and acknowledged, in arrival order. Batches and compactions run strictly one after another
 * (one promise chain), so an asynchronous store can never reorder or interleave the updates of
 * a room. A room being finalized (sealed) holds its new writes until it is released.
 */
export class WriteQueue {
  private queue: PendingWrite[] = [];
  /** The batch being committed (its updates count towards the document size). */
  private inFlight: PendingWrite[] = [];
  private scheduled = false;
  /** Every batch and compaction, one after another; never rejects. */
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly options: WriteQueueOptions) {}

  /** Queues a write; it is committed with the others of this turn of the event loop. */
  enqueue(write: PendingWrite): void {
    if (write.update) write.room.bytes += write.update.byteLength;
    if (write.room.sealed > 0) {
      write.room.held.push(write);
      return;
    }
    this.queue.push(write);
    if (!this.scheduled) {
      this.scheduled = true;
      // A batch holds every room's writes of this turn: it never joins a transaction open where
      // one of them was queued (a server write inside a service's transaction), it waits for it.
      detached(() =>
        setImmediate(() => {
          this.scheduled = false;
          void this.flush();
        }),
      );
    }
  }

  /** Resolves once every write queued before the call is committed and applied (or failed). */
  flush(): Promise<void> {
    // Its batches wait for the open transaction, which would wait for them: a server write
    // inside a transaction is stored with the sealed document's storeWrite instead.
    if (inAnyTransaction())
      return Promise.reject(new Error('the rooms’ write queue cannot be awaited inside a transaction'));
    return this.then(() => this.commit());
  }

  /**
   * Lets a sealed room's held writes go on: queued again, or, once the document is final,
   * settled as refused (nothing of them is stored).
   */
  release(room: Room): void {
    if (room.sealed > 0) return;
    const held = room.held;
    room.held = [];
    for (const w of held) {
      if (w.update) room.bytes -= w.update.byteLength;
      if (room.finalized || room.destroyed) w.done?.('finalized');
      else this.enqueue(w);
    }
  }

  /** Whether a write for the room is queued, being committed or held. */
  holds(room: Room): boolean {
    return (
      room.held.length > 0 || this.queue.some((w) => w.room === room) || this.inFlight.some((w) => w.room === room)
    );
  }

  /** Bytes of the room's updates queued or being committed (not in its document yet). */
  private queuedBytes(room: Room): number {
    let n = 0;
    for (const w of [...this.inFlight, ...this.queue, ...room.held])
      if (w.room === room && w.update) n += w.update.byteLength;
    return n;
  }

  /**
   * Why an update may not be written (UPDATE_TOO_LARGE, DOCUMENT_TOO_LARGE), or null. The
   * document's size is checked exactly (its encoded state plus what is queued) only when the
   * cheap upper bound says it might be past the cap.
   */
  sizeRefusal(room: Room, update: Uint8Array): RefusalReason | null {
    if (update.byteLength > this.options.maxUpdateBytes) return REFUSAL_REASONS.UPDATE_TOO_LARGE;
    if (room.bytes + update.byteLength <= this.options.maxDocumentBytes) return null;
    room.bytes = room.encodeState().byteLength + this.queuedBytes(room);
    return room.bytes + update.byteLength > this.options.maxDocumentBytes ? REFUSAL_REASONS.DOCUMENT_TOO_LARGE : null;
  }

  /** Replaces a room's update log with one snapshot of its merged state, after what is queued before it. */
  compact(room: Room): Promise<void> {
    return this.then(() => this.compactNow(room));
  }

  private then(step: () => Promise<void>): Promise<void> {
    // Outside the caller's transaction, like the batches (see enqueue).
    this.tail = detached(() =>
      this.tail.then(step).catch((err: unknown) => this.options.log.error({ err }, 'sync write step failed')),
    );
    return this.tail;
  }

  /** Commits every queued update in one store call, then applies and acknowledges them in order. */
  private async commit(): Promise<void> {
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    this.inFlight = batch;
    const writes = batch.filter((w): w is PendingWrite & { update: Uint8Array } => w.update !== null);
    let ids: number[];
    try {
      ids =
        writes.length === 0
          ? []
          : await this.options.store.append(
              writes.map((w) => ({
                room: w.room.address.name,
                orgId: w.room.address.orgId,
                docId: w.room.address.docId,
                update: w.update,
              })),
            );
    } catch (err) {
      this.inFlight = [];
      this.options.log.error({ err, updates: writes.length }, 'could not persist updates; clients will retry');
      for (const w of batch) w.done?.('failed');
      return;
    }
    this.inFlight = [];
    const touched = new Set<Room>();
    writes.forEach((w, i) => {
      this.apply(w, ids[i]);
      touched.add(w.room);
    });
    // Acknowledge in arrival order, after everything of this batch is stored and applied.
    for (const w of batch) w.done?.('stored');
    this.options.afterCommit(touched);
  }

  /** Applies a stored update to its room's document (and so broadcasts it). */
  private apply(w: PendingWrite & { update: Uint8Array }, id: number | undefined): void {
    const room = w.room;
    try {
      if (!room.destroyed) Y.applyUpdate(room.doc, w.update, w.origin);
    } catch (err) {
      // Checked before storing, so this should not happen; if it does, it must not stop the server.
      this.options.log.error({ err, room: room.address.name }, 'a stored update could not be applied');
    }
    room.pending += 1;
    room.lastUpdateId = Math.max(room.lastUpdateId, id ?? 0);
    if (id !== undefined) this.options.committed?.(room, w.update, id);
    if (w.writer !== null) room.lastWriter = w.writer;
    room.lastActive = Date.now();
  }

  /**
   * Applies the server's own update that its caller stored in a store transaction (a sealed
   * document's storeWrite), once that transaction committed: as if it had come through a batch.
   */
  applyStored(room: Room, update: Uint8Array, id: number): void {
    room.bytes += update.byteLength;
    this.apply({ room, update, origin: null, writer: null }, id);
    this.options.afterCommit(new Set([room]));
  }

  private async compactNow(room: Room): Promise<void> {
    if (room.destroyed || room.pending === 0) return;
    const compactRoom = this.options.compactRoom;
    if (compactRoom)
      return compactRoom(room).catch((err: unknown) => {
        this.options.log.error({ err, room: room.address.name }, 'compaction failed; the log is kept');
      });
    // Anything still queued is not in the document yet: it stays in the log after the snapshot.
    const upTo = room.lastUpdateId;
    const pending = room.pending;
    try {
      const state = room.encodeState();
      await this.options.store.compact(room.address.name, state, upTo, room.stateVector());
      room.bytes = state.byteLength + this.queuedBytes(room);
      room.pending -= pending;
      // The hash is kept for the record when it costs nothing (the document is built).
      if (room.isBuilt) await this.options.store.setContentHash(room.address.name, room.contentHash());
    } catch (err) {
      this.options.log.error({ err, room: room.address.name }, 'compaction failed; the log is kept');
    }
  }
}
