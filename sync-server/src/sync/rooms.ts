import { Inflate } from 'fflate';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import {
  CASE_ROOT,
  ContentCache,
  REFUSAL_REASONS,
  SAVE_FLAGS,
  SAVE_OUTCOME,
  SYNC_CLOSE_CODES,
  SYNC_MESSAGE,
  type RefusalReason,
  type SaveOutcome,
  type SyncCloseCode,
} from '@vigil/shared';
import type { Logger } from '../log.js';
import type { ProjectionInput } from './projection.js';
import { parseSyncPath, type RoomAddress } from './protocol.js';
import { checkCaseContent, type CaseCheck, type WaveFix } from './case-check.js';
import type { StoredDocument, SyncStore } from './store.js';

/** How often a connection must answer a ping before it is dropped. */
const PING_INTERVAL_MS = 30_000;
/** A room whose log holds this many updates is compacted into a snapshot. */
export const COMPACT_AFTER_UPDATES = 500;
/** Open sockets are authorised again this often (spec 000 §9: the client re-reads its token every 10 s). */
export const RECHECK_AUTH_MS = 10_000;
/** Merged content is validated at most this often per room, after a save. */
export const VALIDATE_AFTER_MS = 1000;
/** A room with no connection is dropped from memory after this (its state is in storage). */
export const EVICT_AFTER_MS = 30_000;
/**
 * A room with no write or hash request for this long drops its Y.Doc and keeps the state as
 * one encoded update (a 4-hour case: ~10 MB of heap as a Y.Doc, ~0.4 MB as bytes); the next
 * write builds it again. Readers are answered from the bytes meanwhile.
 */
export const HIBERNATE_AFTER_MS = 30_000;
/**
 * The FHIR projection of a document is refreshed once its saves have paused this long… Each
 * projection is a new Composition version holding the whole content, so pauses are coalesced:
 * 15 s halves the versions of a 4-hour case against 5 s (simulated: 144 → 76, most of the rest
 * being the monitor's 5-minute vitals; docs/decisions.md, session 14).
 */
export const PROJECT_AFTER_MS = 15_000;
/** …or at the latest this long after the first save it does not hold yet (a case charted without pause). */
export const PROJECT_MAX_WAIT_MS = 5 * 60_000;

/**
 * The largest update one write may carry (a save inflated, or a plain y-websocket update):
 * 2 MiB, five times a whole 4-hour case as bytes (~0.4 MB). A larger one is refused with
 * UPDATE_TOO_LARGE (Vigil's save) or a 1009 close (plain y-websocket), before it is stored.
 */
export const MAX_UPDATE_BYTES = 2 * 1024 * 1024;
/**
 * The largest a case document may grow (its whole state encoded as one update): 8 MiB, twenty
 * times a 4-hour case. A write that would take it past this is refused with DOCUMENT_TOO_LARGE
 * (or a 1009 close): the content held so far stays as it is. Validation, hashing and the
 * projection of a document then always work on a bounded input.
 */
export const MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;
/** The largest awareness state (presence) one client may announce, as JSON. */
export const MAX_AWARENESS_STATE_CHARS = 4096;

/** A room's document read by a connection (the audit event of a socket read). */
export interface SyncRead {
  address: RoomAddress;
  userId: string | null;
  ip: string | null;
}

/** The outcome of checking an upgrade: allowed (with who), or a close code. */
export type SyncAuthorization =
  { ok: true; userId: string | null } | { ok: false; code: SyncCloseCode; reason: string };

/** Decides whether a websocket upgrade may join a room (session, organisation, document). */
export type SyncAuthorizer = (req: IncomingMessage, address: RoomAddress) => Promise<SyncAuthorization>;

export interface SyncRoomsOptions {
  log: Logger;
  store: SyncStore;
  authorize?: SyncAuthorizer;
  compactAfterUpdates?: number;
  evictAfterMs?: number;
  /** How often open sockets are authorised again (sign-out, removal from the organisation). */
  recheckAuthMs?: number;
  /**
   * Writes a document's content where FHIR readers see it (its Composition), called after
   * saves, debounced and off the save path; it must not throw.
   */
  project?: (input: ProjectionInput) => void;
  projectAfterMs?: number;
  projectMaxWaitMs?: number;
  hibernateAfterMs?: number;
  /**
   * Records that a connection was sent the document's state (a read of patient data): called
   * once per connection, when it first receives the document. It must not throw.
   */
  auditRead?: (read: SyncRead) => void;
  /**
   * The display name of a signed-in user: presence (awareness) states are stamped with the
   * socket's own user, so no one can appear under another user's name.
   */
  userName?: (userId: string) => string | null;
  maxUpdateBytes?: number;
  maxDocumentBytes?: number;
  /**
   * Checks a document's content (schema issues, waves to reduce): the server passes a worker
   * thread's (CaseChecker), so the CPU work stays off the event loop; in-process by default.
   */
  check?: (content: unknown) => Promise<CaseCheck>;
}

interface PendingWrite {
  room: Room;
  /** Null for a save that carries no edits (a hash check): nothing is stored. */
  update: Uint8Array | null;
  origin: WebSocket | null;
  /** Runs after the write committed (or failed) and the update was applied. */
  done?: (ok: boolean) => void;
}

/**
 * One shared document and the sockets editing it. Its stored state is read from storage when
 * the room is made, before any socket is served: a client never sees an empty document that
 * storage could later contradict. The Y.Doc itself is built from those bytes only when first
 * needed (a write, a content hash): a client that opens a stored case is answered from the
 * stored bytes (state vector and diff of the merged update), without waiting for it.
 */
class Room {
  private built: Y.Doc | null = null;
  private cache: ContentCache | null = null;
  /** The stored state (snapshot and log merged) while the document is not built from it. */
  private stored: Uint8Array | null = null;
  private storedVector: Uint8Array | null = null;
  destroyed = false;
  /** Awareness needs a Y.Doc only for its own client id; the room's is never announced. */
  private readonly awarenessDoc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.awarenessDoc);
  readonly conns = new Map<WebSocket, Set<number>>();
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
  evictTimer: NodeJS.Timeout | undefined;
  validateTimer: NodeJS.Timeout | undefined;
  projectTimer: NodeJS.Timeout | undefined;
  /** When the oldest change the projection does not hold yet was applied (undefined: none). */
  unprojectedSince: number | undefined;
  /** Who wrote the latest update (for the projection's audit event). */
  lastWriter: string | null = null;
  /** When the document was last written or asked for its hash (epoch ms). */
  lastActive = Date.now();
  /** A content check is running (in the worker); another change asks for one more after it. */
  checking = false;
  checkAgain = false;

  constructor(
    readonly address: RoomAddress,
    /** The stored updates one by one, to rebuild from if the merged state cannot be applied. */
    private readonly storedParts: () => Uint8Array[],
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
        const encoder = encoding.createEncoder();
        encoding.writeVarUint(encoder, SYNC_MESSAGE.awareness);
        encoding.writeVarUint8Array(
          encoder,
          awarenessProtocol.encodeAwarenessUpdate(this.awareness, [...added, ...updated, ...removed]),
        );
        this.broadcast(encoding.toUint8Array(encoder));
      },
    );
  }

  /** Takes the stored state (snapshot first, then the log) without building the document. */
  load(parts: Uint8Array[]): void {
    this.bytes = parts.reduce((n, p) => n + p.byteLength, 0);
    if (parts.length === 0) return;
    try {
      this.stored = parts.length === 1 ? parts[0]! : Y.mergeUpdates(parts);
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
    this.storedVector = null;
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
        this.applyEach(doc, this.storedParts());
      }
    }
    this.stored = null;
    this.storedVector = null;
    // After every transaction, also one that only parked updates waiting for a missing one
    // (no 'update' event, but they are part of the encoded state).
    doc.on('afterTransaction', () => {
      this.fullState = null;
    });
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, SYNC_MESSAGE.sync);
      syncProtocol.writeUpdate(encoder, update);
      this.broadcast(encoding.toUint8Array(encoder), origin);
    });
    this.built = doc;
    this.cache = new ContentCache(doc, doc.getMap(CASE_ROOT));
    return doc;
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

  /** The built document's whole state, until its next change. */
  private fullState: Uint8Array | null = null;

  content(): unknown {
    return this.doc.getMap(CASE_ROOT).toJSON();
  }

  /** The content hash, kept incrementally (ContentCache): cheap however many saves ask for it. */
  contentHash(): string {
    const doc = this.doc;
    return (this.cache ?? (this.cache = new ContentCache(doc, doc.getMap(CASE_ROOT)))).contentHash();
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
    this.awareness.destroy();
    this.awarenessDoc.destroy();
    this.cache?.destroy();
    this.built?.destroy();
    this.stored = null;
    this.fullState = null;
  }
}

function send(conn: WebSocket, message: Uint8Array): void {
  if (conn.readyState !== WebSocket.OPEN) return;
  conn.send(message, (err) => {
    if (err) conn.terminate();
  });
}

function message(type: number, write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/**
 * The websocket side of the server: y-websocket rooms on `/api/sync/{orgId}/{docId}`, durable
 * in a SyncStore. Every update is committed to storage before it is applied, broadcast or
 * acknowledged; writes arriving in the same turn of the event loop share one transaction.
 */
export class SyncRooms {
  private readonly rooms = new Map<string, Room>();
  private readonly wss: WebSocketServer;
  private readonly pingTimer: NodeJS.Timeout;
  private readonly alive = new WeakSet<WebSocket>();
  /** What each socket was authorised with, to authorise it again later. */
  private readonly upgrades = new WeakMap<
    WebSocket,
    { req: IncomingMessage; address: RoomAddress; userId: string | null; userName: string | null }
  >();
  /** Connections already sent the document (each one's read is audited once). */
  private readonly readers = new WeakSet<WebSocket>();
  private readonly recheckTimer: NodeJS.Timeout;
  private queue: PendingWrite[] = [];
  private flushScheduled = false;
  private closed = false;
  private readonly compactAfter: number;
  private readonly evictAfter: number;
  private readonly projectAfter: number;
  private readonly projectMaxWait: number;
  private readonly hibernateAfter: number;
  private readonly hibernateTimer: NodeJS.Timeout;
  private readonly maxUpdate: number;
  private readonly maxDocument: number;

  constructor(private readonly options: SyncRoomsOptions) {
    this.maxUpdate = options.maxUpdateBytes ?? MAX_UPDATE_BYTES;
    this.maxDocument = options.maxDocumentBytes ?? MAX_DOCUMENT_BYTES;
    // A frame beyond any acceptable update (a deflated save is smaller than its update) is
    // closed by ws with 1009 before it is buffered whole.
    this.wss = new WebSocketServer({ noServer: true, maxPayload: this.maxUpdate + 64 * 1024 });
    this.compactAfter = options.compactAfterUpdates ?? COMPACT_AFTER_UPDATES;
    this.evictAfter = options.evictAfterMs ?? EVICT_AFTER_MS;
    this.projectAfter = options.projectAfterMs ?? PROJECT_AFTER_MS;
    this.projectMaxWait = options.projectMaxWaitMs ?? PROJECT_MAX_WAIT_MS;
    this.hibernateAfter = options.hibernateAfterMs ?? HIBERNATE_AFTER_MS;
    this.hibernateTimer = setInterval(() => this.hibernateIdle(), Math.max(10, this.hibernateAfter / 2));
    this.hibernateTimer.unref();
    this.pingTimer = setInterval(() => this.pingAll(), PING_INTERVAL_MS);
    this.pingTimer.unref();
    this.recheckTimer = setInterval(() => void this.recheckAuth(), options.recheckAuthMs ?? RECHECK_AUTH_MS);
    this.recheckTimer.unref();
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

  /** Handles an HTTP upgrade: 404 for a path that is not a room; otherwise authorise, then join. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const address = parseSyncPath(req.url ?? '');
    if (!address || this.closed) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const authorize = this.options.authorize ?? (() => Promise.resolve({ ok: true, userId: null } as const));
    authorize(req, address).then(
      (auth) => {
        this.wss.handleUpgrade(req, socket, head, (conn) => {
          // A refusal is a websocket close with a named code, so the client can say
          // "signed out" rather than "offline".
          if (!auth.ok) conn.close(auth.code, auth.reason);
          else {
            const userName = auth.userId !== null ? (this.options.userName?.(auth.userId) ?? null) : null;
            this.upgrades.set(conn, { req, address, userId: auth.userId, userName });
            this.accept(conn, address, isVigilClient(req.url ?? ''));
          }
        });
      },
      (err: unknown) => {
        this.options.log.error({ err, room: address.name }, 'sync authorisation failed');
        socket.end('HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      },
    );
  }

  private room(address: RoomAddress): Room {
    let room = this.rooms.get(address.name);
    if (room) return room;
    const partsOf = (stored: StoredDocument): Uint8Array[] =>
      stored.snapshot ? [stored.snapshot, ...stored.updates] : stored.updates;
    const store = this.options.store;
    room = new Room(
      address,
      () => {
        const again = store.load(address.name);
        return again ? partsOf(again) : [];
      },
      this.options.log,
    );
    const stored = store.load(address.name);
    if (stored) {
      room.load(partsOf(stored));
      room.pending = stored.updates.length;
      room.lastUpdateId = stored.lastUpdateId;
      room.finalized = stored.finalized;
    }
    this.rooms.set(address.name, room);
    return room;
  }

  private accept(conn: WebSocket, address: RoomAddress, vigilClient: boolean): void {
    const room = this.room(address);
    if (vigilClient) room.vigilConns.add(conn);
    clearTimeout(room.evictTimer);
    room.conns.set(conn, new Set());
    this.alive.add(conn);
    conn.binaryType = 'arraybuffer';
    conn.on('pong', () => this.alive.add(conn));
    conn.on('message', (data: RawData) => this.receive(room, conn, data));
    conn.on('close', () => this.drop(room, conn));
    conn.on('error', (err) => this.options.log.warn({ err, room: address.name }, 'sync socket error'));

    // Sync step 1 (our state vector), then who else is here.
    send(
      conn,
      message(SYNC_MESSAGE.sync, (e) => {
        encoding.writeVarUint(e, syncProtocol.messageYjsSyncStep1);
        encoding.writeVarUint8Array(e, room.stateVector());
      }),
    );
    const states = room.awareness.getStates();
    if (states.size > 0) {
      send(
        conn,
        message(SYNC_MESSAGE.awareness, (e) =>
          encoding.writeVarUint8Array(e, awarenessProtocol.encodeAwarenessUpdate(room.awareness, [...states.keys()])),
        ),
      );
    }
    if (room.finalized) this.refuse(room, conn, REFUSAL_REASONS.FINALIZED);
  }

  private receive(room: Room, conn: WebSocket, data: RawData): void {
    try {
      const decoder = decoding.createDecoder(toUint8Array(data));
      const type = decoding.readVarUint(decoder);
      switch (type) {
        case SYNC_MESSAGE.sync:
          this.receiveSync(room, conn, decoder);
          break;
        case SYNC_MESSAGE.awareness:
          this.receiveAwareness(room, conn, decoding.readVarUint8Array(decoder));
          break;
        case SYNC_MESSAGE.queryAwareness:
          send(
            conn,
            message(SYNC_MESSAGE.awareness, (e) =>
              encoding.writeVarUint8Array(
                e,
                awarenessProtocol.encodeAwarenessUpdate(room.awareness, [...room.awareness.getStates().keys()]),
              ),
            ),
          );
          break;
        case SYNC_MESSAGE.save:
          this.receiveSave(room, conn, decoder);
          break;
        default:
          this.options.log.debug({ type, room: room.address.name }, 'ignored unknown sync message type');
      }
    } catch (err) {
      this.options.log.warn({ err, room: room.address.name }, 'malformed sync message; closing');
      conn.close(SYNC_CLOSE_CODES.malformed, 'malformed message');
    }
  }

  private receiveSync(room: Room, conn: WebSocket, decoder: decoding.Decoder): void {
    const kind = decoding.readVarUint(decoder);
    switch (kind) {
      case syncProtocol.messageYjsSyncStep1: {
        const sv = decoding.readVarUint8Array(decoder);
        const reply = message(SYNC_MESSAGE.sync, (e) => {
          encoding.writeVarUint(e, syncProtocol.messageYjsSyncStep2);
          encoding.writeVarUint8Array(e, room.diff(sv));
        });
        send(conn, reply);
        this.auditRead(conn, room);
        break;
      }
      case syncProtocol.messageYjsSyncStep2:
      case syncProtocol.messageYjsUpdate: {
        const update = decoding.readVarUint8Array(decoder);
        // A client with nothing new answers step 1 with an empty update: nothing to store.
        if (isEmptyUpdate(update)) return;
        assertWellFormed(update);
        if (room.finalized) {
          if (updateChangesDoc(room.doc, update)) this.refuse(room, conn, REFUSAL_REASONS.FINALIZED);
          return;
        }
        const tooLarge = this.sizeRefusal(room, update);
        if (tooLarge) {
          // A plain y-websocket client understands no refusal message: 1009 (message too big)
          // names the reason; nothing of the update is stored.
          this.refuse(room, conn, tooLarge);
          this.options.log.warn(
            { room: room.address.name, bytes: update.byteLength, reason: tooLarge },
            'update refused',
          );
          conn.close(SYNC_CLOSE_CODES.tooLarge, tooLarge);
          return;
        }
        this.enqueue({ room, update, origin: conn });
        break;
      }
      default:
        throw new Error(`unknown sync message ${kind}`);
    }
  }

  /** A batch from Vigil's client: requestId, flags, client hash, (deflated) merged update. */
  private receiveSave(room: Room, conn: WebSocket, decoder: decoding.Decoder): void {
    const requestId = decoding.readVarUint(decoder);
    const flags = decoding.readVarUint(decoder);
    decoding.readVarString(decoder); // the client's hash: the reply carries ours to compare
    const payload = decoding.readVarUint8Array(decoder);
    room.lastActive = Date.now();
    const reply = (outcome: SaveOutcome, reason = ''): void =>
      send(
        conn,
        message(SYNC_MESSAGE.saved, (e) => {
          encoding.writeVarUint(e, requestId);
          encoding.writeVarUint(e, outcome);
          encoding.writeVarString(e, room.contentHash());
          encoding.writeVarString(e, reason);
        }),
      );
    const inflated = flags & SAVE_FLAGS.deflated ? inflateCapped(payload, this.maxUpdate) : payload;
    if (inflated === null || inflated.byteLength > this.maxUpdate) {
      this.options.log.warn({ room: room.address.name, bytes: payload.byteLength }, 'save refused: update too large');
      reply(SAVE_OUTCOME.refused, REFUSAL_REASONS.UPDATE_TOO_LARGE);
      return;
    }
    const update = isEmptyUpdate(inflated) ? null : inflated;
    if (update !== null) assertWellFormed(update);
    if (room.finalized) {
      const changes = update !== null && updateChangesDoc(room.doc, update);
      reply(changes ? SAVE_OUTCOME.refused : SAVE_OUTCOME.persisted, REFUSAL_REASONS.FINALIZED);
      return;
    }
    const tooLarge = update !== null ? this.sizeRefusal(room, update) : null;
    if (tooLarge) {
      this.options.log.warn({ room: room.address.name, bytes: update?.byteLength, reason: tooLarge }, 'save refused');
      reply(SAVE_OUTCOME.refused, tooLarge);
      return;
    }
    this.enqueue({
      room,
      update,
      origin: conn,
      done: (ok) => {
        reply(ok ? SAVE_OUTCOME.persisted : SAVE_OUTCOME.failed);
        if (ok && update !== null) this.scheduleValidation(room);
      },
    });
  }

  /**
   * Why an update may not be written (UPDATE_TOO_LARGE, DOCUMENT_TOO_LARGE), or null. The
   * document's size is checked exactly (its encoded state plus what is queued) only when the
   * cheap upper bound says it might be past the cap.
   */
  private sizeRefusal(room: Room, update: Uint8Array): RefusalReason | null {
    if (update.byteLength > this.maxUpdate) return REFUSAL_REASONS.UPDATE_TOO_LARGE;
    if (room.bytes + update.byteLength <= this.maxDocument) return null;
    const queued = this.queue.reduce((n, w) => (w.room === room && w.update ? n + w.update.byteLength : n), 0);
    room.bytes = room.encodeState().byteLength + queued;
    return room.bytes + update.byteLength > this.maxDocument ? REFUSAL_REASONS.DOCUMENT_TOO_LARGE : null;
  }

  private enqueue(write: PendingWrite): void {
    if (write.update) write.room.bytes += write.update.byteLength;
    this.queue.push(write);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Commits every queued update in one transaction, then applies and acknowledges them in order. */
  flush(): void {
    this.flushScheduled = false;
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    const writes = batch.filter((w): w is PendingWrite & { update: Uint8Array } => w.update !== null);
    let ids: number[];
    try {
      ids =
        writes.length === 0
          ? []
          : this.options.store.append(
              writes.map((w) => ({
                room: w.room.address.name,
                orgId: w.room.address.orgId,
                docId: w.room.address.docId,
                update: w.update,
              })),
            );
    } catch (err) {
      this.options.log.error({ err, updates: writes.length }, 'could not persist updates; clients will retry');
      for (const w of batch) {
        w.done?.(false);
        // A plain y-websocket update has no acknowledgement: closing makes the client resync
        // later with what it still holds.
        if (!w.done && w.origin) w.origin.close(1011, 'storage failure');
      }
      return;
    }
    const touched = new Set<Room>();
    writes.forEach((w, i) => {
      try {
        if (!w.room.destroyed) Y.applyUpdate(w.room.doc, w.update, w.origin);
      } catch (err) {
        // Checked before storing, so this should not happen; if it does, it must not stop the server.
        this.options.log.error({ err, room: w.room.address.name }, 'a stored update could not be applied');
      }
      w.room.pending += 1;
      w.room.lastUpdateId = ids[i] ?? w.room.lastUpdateId;
      if (w.origin) w.room.lastWriter = this.upgrades.get(w.origin)?.userId ?? w.room.lastWriter;
      w.room.lastActive = Date.now();
      touched.add(w.room);
    });
    // Acknowledge in arrival order, after everything of this batch is stored and applied.
    for (const w of batch) w.done?.(true);
    for (const room of touched) {
      if (room.pending >= this.compactAfter) setImmediate(() => this.compact(room));
      this.scheduleProjection(room);
      // Plain y-websocket writes too: their waves are checked like a Vigil save's.
      this.scheduleValidation(room);
    }
  }

  /** Replaces a room's update log with one snapshot of its merged state. */
  compact(room: Room): void {
    if (room.destroyed || room.pending === 0) return;
    // Anything still queued is not in the document yet: it stays in the log after the snapshot.
    const upTo = room.lastUpdateId;
    try {
      const state = room.encodeState();
      this.options.store.compact(room.address.name, state, upTo);
      const queued = this.queue.reduce((n, w) => (w.room === room && w.update ? n + w.update.byteLength : n), 0);
      room.bytes = state.byteLength + queued;
      // The hash is kept for the record when it costs nothing (the document is built).
      if (room.isBuilt) this.options.store.setContentHash(room.address.name, room.contentHash());
      room.pending = 0;
    } catch (err) {
      this.options.log.error({ err, room: room.address.name }, 'compaction failed; the log is kept');
    }
  }

  /**
   * Validates the merged content with the shared schema a moment after the last save and tells
   * Vigil clients what it found; waves whose svg breaks the wave svg rules are reduced. It is off
   * the save path (validating a long case on every save would delay acknowledgements, and an
   * issue never refuses a write) and off the event loop: the check runs in a worker thread, one
   * at a time per room; changes meanwhile ask for one more check after it.
   */
  private scheduleValidation(room: Room): void {
    if (room.validateTimer !== undefined) return;
    if (room.checking) {
      room.checkAgain = true;
      return;
    }
    room.validateTimer = setTimeout(() => {
      room.validateTimer = undefined;
      if (room.destroyed) return;
      room.checking = true;
      const check = this.options.check ?? ((content: unknown) => Promise.resolve(checkCaseContent(content)));
      check(room.content())
        .then(
          ({ issues, waveFixes }) => {
            if (room.destroyed) return;
            this.reduceWaves(room, waveFixes);
            const text = JSON.stringify(issues);
            for (const conn of room.conns.keys()) {
              if (room.vigilConns.has(conn))
                send(
                  conn,
                  message(SYNC_MESSAGE.issues, (e) => encoding.writeVarString(e, text)),
                );
            }
          },
          (err: unknown) => this.options.log.error({ err, room: room.address.name }, 'case check failed'),
        )
        .finally(() => {
          room.checking = false;
          if (room.checkAgain && !room.destroyed) {
            room.checkAgain = false;
            this.scheduleValidation(room);
          }
        });
    }, VALIDATE_AFTER_MS);
    room.validateTimer.unref();
  }

  /**
   * Reduces the waves whose svg breaks the wave svg rules ([CD3], [CD12]) to the allowlist
   * (sanitize-html, in the check; issue 24 item 5), or empties the svg when nothing safe remains
   * (an empty svg is not printed, RP3). A wave changed since the check is left for the next one.
   * The change is the server's own update, stored before it is applied and sent to every
   * client like any other write; a finalized document is left alone (its report renders only
   * safe svgs anyway).
   */
  private reduceWaves(room: Room, fixes: readonly WaveFix[]): void {
    if (room.finalized || fixes.length === 0) return;
    const copy = new Y.Doc({ gc: true });
    Y.applyUpdate(copy, room.encodeState());
    const before = Y.encodeStateVector(copy);
    copy.transact(() => {
      const root = copy.getMap(CASE_ROOT);
      const list = root.get('waves');
      // The list is a Y.Array (caseStructure); a client may also have written a plain JSON list.
      const entries: unknown[] =
        list instanceof Y.Array ? list.toArray() : Array.isArray(list) ? [...(list as unknown[])] : [];
      const current = fixes.filter((f) => (entries[f.index] as { svg?: unknown } | undefined)?.svg === f.svg);
      if (current.length === 0) return;
      const fixed = (f: WaveFix): Record<string, unknown> => ({
        ...(entries[f.index] as Record<string, unknown>),
        svg: f.sanitized,
      });
      if (list instanceof Y.Array) {
        for (const f of current) {
          list.delete(f.index, 1);
          list.insert(f.index, [fixed(f)]);
        }
      } else {
        for (const f of current) entries[f.index] = fixed(f);
        root.set('waves', entries);
      }
    });
    const update = Y.encodeStateAsUpdate(copy, before);
    copy.destroy();
    if (isEmptyUpdate(update)) return;
    this.options.log.warn({ room: room.address.name, waves: fixes.length }, 'wave svgs reduced to the allowlist');
    this.enqueue({ room, update, origin: null });
  }

  /**
   * Refreshes the document's FHIR projection once saves pause (PROJECT_AFTER_MS), or at the
   * latest PROJECT_MAX_WAIT_MS after the first change it misses: off the save path, and not on
   * every save (each projection is a new version of the Composition).
   */
  private scheduleProjection(room: Room): void {
    if (!this.options.project) return;
    const now = Date.now();
    room.unprojectedSince ??= now;
    clearTimeout(room.projectTimer);
    const wait = Math.max(0, Math.min(this.projectAfter, room.unprojectedSince + this.projectMaxWait - now));
    room.projectTimer = setTimeout(() => this.project(room), wait);
    room.projectTimer.unref();
  }

  /** Projects the room's content now if the projection misses a change. */
  private project(room: Room): void {
    clearTimeout(room.projectTimer);
    room.projectTimer = undefined;
    if (room.unprojectedSince === undefined || room.destroyed || !this.options.project) return;
    room.unprojectedSince = undefined;
    try {
      this.options.project({
        address: room.address,
        content: room.content(),
        hash: room.contentHash(),
        userId: room.lastWriter,
      });
    } catch (err) {
      this.options.log.error({ err, room: room.address.name }, 'case projection failed');
    }
  }

  /**
   * Sends a connection the document's state for the first time: its read of the case (the whole
   * chart) is audited once per connection, not per message.
   */
  private auditRead(conn: WebSocket, room: Room): void {
    if (this.readers.has(conn) || !this.options.auditRead) return;
    this.readers.add(conn);
    const upgrade = this.upgrades.get(conn);
    try {
      this.options.auditRead({
        address: room.address,
        userId: upgrade?.userId ?? null,
        ip: upgrade?.req.socket.remoteAddress ?? null,
      });
    } catch (err) {
      this.options.log.error({ err, room: room.address.name }, 'could not audit a sync read');
    }
  }

  /**
   * Applies a connection's presence update after checking it: a socket changes only client ids
   * that are its own or new, each state is stamped with the socket's signed-in user (id and
   * name), whatever the client claimed, and oversized states are dropped.
   */
  private receiveAwareness(room: Room, conn: WebSocket, update: Uint8Array): void {
    const upgrade = this.upgrades.get(conn);
    const owned = room.conns.get(conn);
    const decoder = decoding.createDecoder(update);
    const count = decoding.readVarUint(decoder);
    const kept: { clientId: number; clock: number; state: string }[] = [];
    for (let i = 0; i < count; i++) {
      const clientId = decoding.readVarUint(decoder);
      const clock = decoding.readVarUint(decoder);
      const state = decoding.readVarString(decoder);
      if (state.length > MAX_AWARENESS_STATE_CHARS) continue;
      if (!owned?.has(clientId) && [...room.conns.entries()].some(([c, ids]) => c !== conn && ids.has(clientId)))
        continue;
      const stamped = upgrade?.userId ? stampUser(state, upgrade.userId, upgrade.userName) : state;
      if (stamped !== null) kept.push({ clientId, clock, state: stamped });
    }
    if (kept.length === 0) return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, kept.length);
    for (const k of kept) {
      encoding.writeVarUint(encoder, k.clientId);
      encoding.writeVarUint(encoder, k.clock);
      encoding.writeVarString(encoder, k.state);
    }
    awarenessProtocol.applyAwarenessUpdate(room.awareness, encoding.toUint8Array(encoder), conn);
  }

  /** Tells a Vigil client why its write was refused; other clients would not understand the message. */
  private refuse(room: Room, conn: WebSocket, reason: RefusalReason): void {
    if (!room.vigilConns.has(conn)) return;
    send(
      conn,
      message(SYNC_MESSAGE.refused, (e) => encoding.writeVarString(e, reason)),
    );
  }

  private drop(room: Room, conn: WebSocket): void {
    const owned = room.conns.get(conn);
    room.conns.delete(conn);
    if (owned && owned.size > 0) awarenessProtocol.removeAwarenessStates(room.awareness, [...owned], null);
    if (room.conns.size === 0) {
      clearTimeout(room.evictTimer);
      room.evictTimer = setTimeout(() => this.evict(room), this.evictAfter);
      room.evictTimer.unref();
    }
  }

  private evict(room: Room): void {
    if (room.conns.size > 0 || this.rooms.get(room.address.name) !== room) return;
    // Pending writes hold the room; they flush first.
    if (this.queue.some((w) => w.room === room)) this.flush();
    if (room.pending > 0) this.compact(room);
    this.project(room);
    this.rooms.delete(room.address.name);
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
        !this.queue.some((w) => w.room === room)
      ) {
        room.hibernate();
      }
    }
  }

  private pingAll(): void {
    for (const conn of this.wss.clients) {
      if (!this.alive.has(conn)) {
        conn.terminate();
        continue;
      }
      this.alive.delete(conn);
      conn.ping();
    }
  }

  /**
   * Authorises every open socket again, as at its upgrade: a user who signed out, whose session
   * ended or who was removed from the organisation is disconnected (4401 / 4403), not left
   * writing into the organisation's documents for as long as the socket lives.
   */
  async recheckAuth(): Promise<void> {
    const authorize = this.options.authorize;
    if (!authorize) return;
    for (const conn of this.wss.clients) {
      const upgrade = this.upgrades.get(conn);
      if (!upgrade || conn.readyState !== WebSocket.OPEN) continue;
      try {
        const auth = await authorize(upgrade.req, upgrade.address);
        if (!auth.ok) conn.close(auth.code, auth.reason);
      } catch (err) {
        this.options.log.error({ err, room: upgrade.address.name }, 'sync re-authorisation failed');
      }
    }
  }

  /**
   * A document's merged content, content hash and final flag, loaded from storage when no socket
   * has it open (finalize renders the report from the server's own copy). Writes queued before
   * the call are applied first; an unopened room is evicted again after the usual delay.
   */
  snapshot(address: RoomAddress): { content: unknown; hash: string; finalized: boolean } {
    this.flush();
    const room = this.room(address);
    if (room.conns.size === 0) {
      clearTimeout(room.evictTimer);
      room.evictTimer = setTimeout(() => this.evict(room), this.evictAfter);
      room.evictTimer.unref();
    }
    return { content: room.content(), hash: room.contentHash(), finalized: room.finalized };
  }

  /** Marks a room's document final (finalize): from now on it refuses writes. */
  finalize(address: RoomAddress): void {
    this.flush();
    this.options.store.markFinalized(address.name, address.orgId, address.docId);
    const room = this.rooms.get(address.name);
    if (room) {
      room.finalized = true;
      for (const conn of room.conns.keys()) this.refuse(room, conn, REFUSAL_REASONS.FINALIZED);
    }
  }

  /**
   * Opens a final document for writes again (an administrator's unfinalize). Its sockets are
   * closed (1001) so clients reconnect and leave their read-only state.
   */
  reopen(address: RoomAddress): void {
    this.options.store.clearFinalized(address.name);
    const room = this.rooms.get(address.name);
    if (room) {
      room.finalized = false;
      for (const conn of room.conns.keys()) conn.close(SYNC_CLOSE_CODES.goingAway, 'reopened');
    }
  }

  /** Writes what is queued, closes every connection (1001 going away) and frees the rooms. */
  close(): void {
    this.closed = true;
    clearInterval(this.pingTimer);
    clearInterval(this.recheckTimer);
    clearInterval(this.hibernateTimer);
    this.flush();
    for (const conn of this.wss.clients) conn.close(SYNC_CLOSE_CODES.goingAway, 'server shutting down');
    this.wss.close();
    for (const room of this.rooms.values()) {
      this.project(room);
      // A restart then loads each case from one snapshot.
      if (room.pending > 0) this.compact(room);
      room.destroy();
    }
    this.rooms.clear();
  }
}

/**
 * A presence state (JSON) with its `user` set to the signed-in user: id and name from the
 * server, role and device kept from the client only as short strings. Null drops the entry
 * (not JSON, or not an object); `null` (a client leaving) passes unchanged.
 */
export function stampUser(state: string, userId: string, userName: string | null): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(state);
  } catch {
    return null;
  }
  if (parsed === null) return state;
  if (typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const claimed = (parsed as { user?: unknown }).user;
  const given = claimed !== null && typeof claimed === 'object' ? (claimed as Record<string, unknown>) : {};
  const short = (v: unknown): string | undefined => (typeof v === 'string' ? v.slice(0, 100) : undefined);
  const user: Record<string, string> = { id: userId, name: userName ?? userId };
  const role = short(given.role);
  const device = short(given.device);
  if (role !== undefined) user.role = role;
  if (device !== undefined) user.device = device;
  return JSON.stringify({ ...(parsed as Record<string, unknown>), user });
}

/** Inflates a deflated batch; null when its output would pass `maxBytes` (a compressed bomb). */
function inflateCapped(data: Uint8Array, maxBytes: number): Uint8Array | null {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const overflow = new Error('inflates beyond the cap');
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    // Thrown to stop inflating at once: the rest of a bomb is never expanded.
    if (total > maxBytes) throw overflow;
    chunks.push(chunk);
  });
  try {
    inflate.push(data, true);
  } catch (err) {
    if (err === overflow) return null;
    throw err;
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

/**
 * Throws for an update that Yjs cannot decode, before it is stored: a malformed update must
 * close its socket, never reach storage (where it would break every later load).
 */
function assertWellFormed(update: Uint8Array): void {
  Y.decodeUpdate(update);
}

/** A state vector naming no client (a peer that has nothing yet). */
function isEmptyStateVector(sv: Uint8Array): boolean {
  return sv.length === 1 && sv[0] === 0;
}

/** Yjs's encoding of an update with no changes. */
function isEmptyUpdate(update: Uint8Array): boolean {
  return update.length === 2 && update[0] === 0 && update[1] === 0;
}

/** Vigil's client marks itself with `vigil=1` in the query string. */
function isVigilClient(url: string): boolean {
  return new URLSearchParams(url.split('?')[1] ?? '').get('vigil') === '1';
}

/** Whether applying an update would change a document (a finalized one accepts only no-ops). */
function updateChangesDoc(doc: Y.Doc, update: Uint8Array): boolean {
  const before = Y.encodeStateVector(doc);
  const probe = new Y.Doc({ gc: false });
  Y.applyUpdate(probe, Y.encodeStateAsUpdate(doc));
  Y.applyUpdate(probe, update);
  const after = Y.encodeStateVector(probe);
  const changed =
    before.length !== after.length ||
    before.some((b, i) => b !== after[i]) ||
    Y.encodeStateAsUpdate(probe).byteLength !== Y.encodeStateAsUpdate(doc).byteLength;
  probe.destroy();
  return changed;
}

function toUint8Array(data: RawData): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
