import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type * as Y from 'yjs';
import { SYNC_CLOSE_CODES } from '@vigil/shared';
import type { Logger } from '../log.js';
import { randomUUID } from 'node:crypto';
import { MemoryLeaseStore } from '../store/leases/memory.js';
import type { LeaseStore } from '../store/leases/types.js';
import type { SyncStore } from '../store/sync/types.js';
import { DocumentKinds, RoomHooks, type DocumentKind } from './hooks.js';
import type { DocumentRooms, DocumentSnapshot, WritableSealedDocument } from './documents.js';
import {
  COMPACT_AFTER_UPDATES,
  EVICT_AFTER_MS,
  HIBERNATE_AFTER_MS,
  MAX_DOCUMENT_BYTES,
  MAX_UPDATE_BYTES,
  PROJECT_AFTER_MS,
  PROJECT_MAX_WAIT_MS,
  RECHECK_AUTH_MS,
  VALIDATE_AFTER_MS,
} from './limits.js';
import type { RoomAddress } from './protocol.js';
import { Room } from './room.js';
import { SyncTransport, type SyncAuthorizer, type SyncRead } from './transport.js';
import {
  DOCUMENT_LEASE_POLL_MS,
  DOCUMENT_LEASE_TTL_MS,
  DOCUMENT_LEASE_WAIT_MS,
  DocumentLeases,
  sealedDocument,
} from './seal.js';
import { WriteQueue } from './write-queue.js';
import type { PubSub } from '../pubsub.js';
import { finalityChanged, RoomRelay } from './relay.js';

export { stampUser, MAX_AWARENESS_STATE_CHARS } from './presence.js';
export type { SyncAuthorization, SyncAuthorizer, SyncRead } from './transport.js';
export type { DocumentCheck, DocumentKind } from './hooks.js';
export type * from './documents.js';
export * from './limits.js';

export interface SyncRoomsOptions {
  log: Logger;
  store: SyncStore;
  authorize?: SyncAuthorizer;
  /**
   * The document kinds (validation and projection hooks), registered at start; more can be
   * added with registerKind. Without a default kind, rooms hold a `case` root with no hooks.
   */
  kinds?: readonly DocumentKind[];
  compactAfterUpdates?: number;
  evictAfterMs?: number;
  /** How often open sockets are authorised again (sign-out, removal from the organisation). */
  recheckAuthMs?: number;
  validateAfterMs?: number;
  projectAfterMs?: number;
  projectMaxWaitMs?: number;
  hibernateAfterMs?: number;
  /**
   * Records that a connection was sent the document's state (a read of patient data): called
   * once per connection, when it first receives the document. It must not throw.
   */
  auditRead?: (read: SyncRead) => void | Promise<void>;
  maxUpdateBytes?: number;
  maxDocumentBytes?: number;
  /** The server's clock, which closes a case's provider editing window (EW2); Date.now by default. */
  now?: () => number;
  /**
   * Where a seal takes its document's lease (issue 36 item 4): the database's LeaseStore, so
   * processes sharing it never seal one document at once; this process's own leases in memory
   * by default. `leaseHolder` names this process (a random id by default).
   */
  leases?: LeaseStore;
  leaseHolder?: string;
  leaseTtlMs?: number;
  /** How long a seal waits for the document's lease before it refuses (409 CONFLICT). */
  leaseWaitMs?: number;
  leasePollMs?: number;
  /**
   * The other instances serving the same rooms (REDIS_URL; issue 43): committed updates,
   * presence and final flags are relayed to them on `{prefix}sync:{room}` (sync/relay.ts).
   */
  relay?: { pubsub: PubSub; prefix: string };
}

/**
 * The server's synced documents: y-websocket rooms on `/api/sync/{orgId}/{docId}`, durable in
 * a SyncStore. This class keeps the rooms in memory (loading, eviction, hibernation) and
 * wires the transport (transport.ts), the write queue (write-queue.ts: every update is
 * committed to storage before it is applied, broadcast or acknowledged) and the document
 * kinds' hooks (hooks.ts: validation and projection).
 */
export class SyncRooms implements DocumentRooms {
  private readonly rooms = new Map<string, Room>();
  private readonly loading = new Map<string, Promise<Room>>();
  private readonly kinds = new DocumentKinds();
  private readonly hooks: RoomHooks;
  private readonly queue: WriteQueue;
  private readonly transport: SyncTransport;
  private readonly compactAfter: number;
  private readonly evictAfter: number;
  private readonly hibernateAfter: number;
  private readonly hibernateTimer: NodeJS.Timeout;
  private readonly leases: DocumentLeases;
  private readonly relay: RoomRelay | null;
  private closed = false;

  constructor(private readonly options: SyncRoomsOptions) {
    const leaseStore = options.leases ?? new MemoryLeaseStore();
    this.relay = options.relay
      ? new RoomRelay({
          ...options.relay,
          ...{ store: options.store, log: options.log, leases: leaseStore },
          finalityChanged,
          flush: () => this.queue.flush(),
          unheld: (room) => {
            this.queue.release(room);
            this.scheduleEvict(room);
          },
        })
      : null;
    this.compactAfter = options.compactAfterUpdates ?? COMPACT_AFTER_UPDATES;
    this.evictAfter = options.evictAfterMs ?? EVICT_AFTER_MS;
    this.hibernateAfter = options.hibernateAfterMs ?? HIBERNATE_AFTER_MS;
    for (const kind of options.kinds ?? []) this.kinds.register(kind);
    const maxUpdateBytes = options.maxUpdateBytes ?? MAX_UPDATE_BYTES;
    this.queue = new WriteQueue({
      store: options.store,
      log: options.log,
      maxUpdateBytes,
      maxDocumentBytes: options.maxDocumentBytes ?? MAX_DOCUMENT_BYTES,
      afterCommit: (rooms) => {
        for (const room of rooms) {
          if (room.pending >= this.compactAfter) void this.queue.compact(room);
          // Plain y-websocket writes too: their content is checked like a Vigil save's.
          this.hooks.afterSave(room);
        }
      },
      ...(this.relay ? this.relay.queueHooks() : {}),
    });
    this.hooks = new RoomHooks({
      log: options.log,
      validateAfterMs: options.validateAfterMs ?? VALIDATE_AFTER_MS,
      projectAfterMs: options.projectAfterMs ?? PROJECT_AFTER_MS,
      projectMaxWaitMs: options.projectMaxWaitMs ?? PROJECT_MAX_WAIT_MS,
      enqueue: (write) => this.queue.enqueue(write),
    });
    this.transport = new SyncTransport({
      log: options.log,
      authorize: options.authorize,
      auditRead: options.auditRead,
      recheckAuthMs: options.recheckAuthMs ?? RECHECK_AUTH_MS,
      maxUpdateBytes,
      open: (address) => this.open(address),
      queue: this.queue,
      onEmpty: (room) => this.scheduleEvict(room),
      ...(options.now ? { now: options.now } : {}),
    });
    this.leases = new DocumentLeases(
      {
        store: leaseStore,
        holder: options.leaseHolder ?? randomUUID(),
        ttlMs: options.leaseTtlMs ?? DOCUMENT_LEASE_TTL_MS,
        waitMs: options.leaseWaitMs ?? DOCUMENT_LEASE_WAIT_MS,
        pollMs: options.leasePollMs ?? DOCUMENT_LEASE_POLL_MS,
      },
      (key, err) => options.log.error({ err, room: key }, 'a document lease was lost while sealed'),
    );
    this.hibernateTimer = setInterval(() => this.hibernateIdle(), Math.max(10, this.hibernateAfter / 2));
    this.hibernateTimer.unref();
  }

  /**
   * Adds a document kind (its validation and projection): rooms loaded from now on whose
   * address it matches are of this kind; a kind without `matches` becomes the default.
   */
  registerKind(kind: DocumentKind): void {
    this.kinds.register(kind);
  }

  /** Number of rooms in memory. */
  get roomCount(): number {
    return this.rooms.size;
  }

  /**
   * How a room holds its document: 'built' (a Y.Doc in memory), 'bytes' (the stored or
   * hibernated state as one update), or null when the room is not in memory.
   */
  documentForm(address: RoomAddress): 'built' | 'bytes' | null {
    const room = this.rooms.get(address.name);
    return room ? (room.isBuilt ? 'built' : 'bytes') : null;
  }

  /** The writes a sealed room holds until it is released (finalize), 0 for a room not in memory. */
  heldWrites(address: RoomAddress): number {
    return this.rooms.get(address.name)?.held.length ?? 0;
  }

  /** Handles an HTTP upgrade on `/api/sync/…` (transport.ts). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.transport.handleUpgrade(req, socket, head);
  }

  /** Authorises every open socket again (sign-out, removal from the organisation). */
  recheckAuth(): Promise<void> {
    return this.transport.recheckAuth();
  }

  /** The room of an address, its stored state loaded first; one load however many ask at once. */
  private open(address: RoomAddress): Promise<Room> {
    const room = this.rooms.get(address.name);
    if (room) return Promise.resolve(room);
    let loading = this.loading.get(address.name);
    if (!loading) {
      loading = this.load(address).finally(() => this.loading.delete(address.name));
      this.loading.set(address.name, loading);
    }
    return loading;
  }

  private async load(address: RoomAddress): Promise<Room> {
    // The kind (a health history's Composition) and the stored state are read side by side.
    const [kind, stored] = await Promise.all([this.kinds.of(address), this.options.store.load(address.name)]);
    const room = new Room(address, kind, this.options.log);
    if (stored) {
      room.load(stored);
      room.pending = stored.updates.length;
      room.lastUpdateId = stored.lastUpdateId;
      room.finalized = stored.finalized;
    }
    this.rooms.set(address.name, room);
    // Heard from the other instances, and caught up with what they committed since the load.
    await this.relay?.joinOrLog(room);
    // Dropped again after the usual delay unless a socket joins.
    this.scheduleEvict(room);
    return room;
  }

  private scheduleEvict(room: Room): void {
    if (room.conns.size > 0 || room.destroyed) return;
    clearTimeout(room.evictTimer);
    room.evictTimer = setTimeout(() => void this.evict(room), this.evictAfter);
    room.evictTimer.unref();
  }

  private isIdle(room: Room): boolean {
    return room.conns.size === 0 && room.sealed === 0 && this.rooms.get(room.address.name) === room;
  }

  private async evict(room: Room): Promise<void> {
    room.evictTimer = undefined;
    if (!this.isIdle(room)) return;
    // Pending writes hold the room; they are stored first, then the log is folded into a snapshot.
    await this.queue.flush();
    if (room.pending > 0) await this.queue.compact(room);
    // A socket or a reader that came meanwhile keeps the room.
    if (!this.isIdle(room) || this.queue.holds(room) || room.evictTimer !== undefined) return;
    this.hooks.project(room);
    this.rooms.delete(room.address.name);
    this.relay?.leave(room);
    room.destroy();
  }

  /** Hibernates the documents of rooms idle for HIBERNATE_AFTER_MS with nothing scheduled on them. */
  private hibernateIdle(): void {
    const before = Date.now() - this.hibernateAfter;
    for (const room of this.rooms.values()) {
      if (
        room.isBuilt &&
        room.lastActive <= before &&
        room.validateTimer === undefined &&
        room.projectTimer === undefined &&
        room.liveTimer === undefined &&
        room.sealed === 0 &&
        !this.queue.holds(room)
      ) {
        room.hibernate();
      }
    }
  }

  /**
   * A document's merged content, content hash and final flag, loaded from storage when no socket
   * has it open (finalize renders the report from the server's own copy). Writes queued before
   * the call are applied first; an unopened room is evicted again after the usual delay.
   */
  async snapshot(address: RoomAddress): Promise<DocumentSnapshot> {
    const room = await this.open(address);
    await this.queue.flush();
    this.scheduleEvict(room);
    return { content: room.content(), hash: room.contentHash(), finalized: room.finalized };
  }

  /**
   * Holds a document for finalize: writes queued before the call are applied, later ones wait
   * until release, so what the caller reads is what it finalizes. The document's store lease is
   * taken first (seal.ts, DocumentLeases): another seal of it, in this process or another one over
   * the database, waits for this one's release, and refuses (409 CONFLICT) when that takes too long.
   */
  async seal(address: RoomAddress): Promise<WritableSealedDocument> {
    const leased = await this.leases.take(address.name);
    let room: Room;
    let unhold = (): void => undefined;
    const unlease = (): void => {
      unhold();
      leased();
    };
    try {
      room = await this.open(address);
      while (room.destroyed) room = await this.open(address);
      room.sealed += 1;
      if (this.relay) {
        // The other instances hold their clients' writes too, then what they committed (and a
        // final flag they stored) is read from storage.
        unhold = await this.relay.holdOthers(room);
        await this.relay.catchUp(room);
      }
    } catch (err) {
      unlease();
      throw err;
    }
    try {
      await this.queue.flush();
    } catch (err) {
      room.sealed -= 1;
      this.queue.release(room);
      unlease();
      throw err;
    }
    const released = (sealed: Room): void => {
      this.scheduleEvict(sealed);
      unlease();
    };
    const finalityStored = (sealed: Room): void => this.relay?.stateChanged(sealed.address.name);
    return sealedDocument({ store: this.options.store, queue: this.queue, released, finalityStored }, address, room);
  }

  /**
   * Writes the server's own change to a document (a new health history's first content),
   * after the writes queued before it; see WritableSealedDocument.write.
   */
  async change(address: RoomAddress, change: (root: Y.Map<unknown>) => void): Promise<DocumentSnapshot> {
    const sealed = await this.seal(address);
    try {
      return await sealed.write(change);
    } finally {
      sealed.release();
    }
  }

  /** Marks a room's document final (finalize): from now on it refuses writes. */
  async finalize(address: RoomAddress): Promise<void> {
    const sealed = await this.seal(address);
    try {
      await sealed.finalize();
    } finally {
      sealed.release();
    }
  }

  /**
   * Opens a final document for writes again (an administrator's unfinalize). Its sockets are
   * closed (1001) so clients reconnect and leave their read-only state.
   */
  async reopen(address: RoomAddress): Promise<void> {
    await this.options.store.clearFinalized(address.name);
    this.relay?.stateChanged(address.name);
    const room = this.rooms.get(address.name);
    if (room) {
      room.finalized = false;
      for (const conn of room.conns.keys()) conn.close(SYNC_CLOSE_CODES.goingAway, 'reopened');
    }
  }

  /** Stores what is queued, closes every connection (1001 going away), projects and compacts the rooms and frees them. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.hibernateTimer);
    this.transport.close();
    await this.queue.flush();
    this.relay?.close();
    for (const room of this.rooms.values()) {
      this.hooks.project(room);
      // A restart then loads each document from one snapshot.
      if (room.pending > 0) await this.queue.compact(room);
      room.destroy();
    }
    this.rooms.clear();
  }
}
