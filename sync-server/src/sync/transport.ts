import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import { REFUSAL_REASONS, SYNC_CLOSE_CODES, SYNC_MESSAGE, type RefusalReason, type SyncCloseCode } from '@vigil/shared';
import type { Logger } from '../log.js';
import { isVigilClient, message, send, toUint8Array } from './messages.js';
import { ClientWrites, refuse } from './client-writes.js';
import { checkedAwareness } from './presence.js';
import { parseSyncPath, type RoomAddress } from './protocol.js';
import type { Room } from './room.js';
import { Rerun } from './rerun.js';
import type { WriteQueue } from './write-queue.js';

/** How often a connection must answer a ping before it is dropped. */
const PING_INTERVAL_MS = 30_000;

/** A room's document read by a connection (the audit event of a socket read). */
export interface SyncRead {
  address: RoomAddress;
  userId: string | null;
  ip: string | null;
}

/** The outcome of checking an upgrade: allowed (with who, and the name their presence is stamped with), or a close code. */
export type SyncAuthorization =
  { ok: true; userId: string | null; userName?: string | null } | { ok: false; code: SyncCloseCode; reason: string };

/** Decides whether a websocket upgrade may join a room (session, organisation, document). */
export type SyncAuthorizer = (req: IncomingMessage, address: RoomAddress) => Promise<SyncAuthorization>;

export interface SyncTransportOptions {
  log: Logger;
  authorize?: SyncAuthorizer;
  /** Records a connection's first read of a document (once per connection); must not throw. */
  auditRead?: (read: SyncRead) => void | Promise<void>;
  recheckAuthMs: number;
  maxUpdateBytes: number;
  /** The room of an address, loaded from storage when not in memory. */
  open: (address: RoomAddress) => Promise<Room>;
  queue: WriteQueue;
  /** A room's last connection left. */
  onEmpty: (room: Room) => void;
  /** The server's clock, which closes a case's provider editing window (EW2); Date.now by default. */
  now?: () => number;
}

interface Upgrade {
  req: IncomingMessage;
  address: RoomAddress;
  userId: string | null;
  userName: string | null;
}

/**
 * The websocket side of the rooms: upgrades on `/api/sync/{orgId}/{docId}` (authorised, then
 * joined), y-websocket and Vigil messages decoded and answered, close codes, pings and the
 * periodic re-authorisation. Writes go to the write queue; documents live in their rooms.
 */
export class SyncTransport {
  private readonly wss: WebSocketServer;
  private readonly alive = new WeakSet<WebSocket>();
  /** What each socket was authorised with, to authorise it again later. */
  private readonly upgrades = new WeakMap<WebSocket, Upgrade>();
  /**
   * The re-authorisation passes: one asked for while one runs (a sign-out heard from another
   * instance) runs again after it, as the running pass may have checked that user's sockets already.
   */
  private readonly recheck = new Rerun(
    () => this.recheckPass(),
    () => this.closed,
  );
  /** Connections already sent the document (each one's read is audited once). */
  private readonly readers = new WeakSet<WebSocket>();
  /** Clients' writes: checked, refused or queued (client-writes.ts). */
  private readonly writes: ClientWrites;
  private readonly pingTimer: NodeJS.Timeout;
  private readonly recheckTimer: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: SyncTransportOptions) {
    // A frame beyond any acceptable update (a deflated save is smaller than its update) is
    // closed by ws with 1009 before it is buffered whole.
    this.wss = new WebSocketServer({ noServer: true, maxPayload: options.maxUpdateBytes + 64 * 1024 });
    this.writes = new ClientWrites({
      log: options.log,
      queue: options.queue,
      maxUpdateBytes: options.maxUpdateBytes,
      now: options.now ?? Date.now,
      writerOf: (conn) => this.upgrades.get(conn)?.userId ?? null,
    });
    this.pingTimer = setInterval(() => this.pingAll(), PING_INTERVAL_MS);
    this.pingTimer.unref();
    this.recheckTimer = setInterval(() => void this.recheckAuth(), options.recheckAuthMs);
    this.recheckTimer.unref();
  }

  /** Handles an HTTP upgrade: 404 for a path that is not a room; otherwise authorise, then join. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const address = parseSyncPath(req.url ?? '');
    if (!address || this.closed) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    void this.upgrade(req, socket, head, address);
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, address: RoomAddress): Promise<void> {
    const authorize = this.options.authorize ?? (() => Promise.resolve({ ok: true, userId: null } as const));
    let auth: SyncAuthorization;
    let room: Room | null = null;
    try {
      auth = await authorize(req, address);
      if (auth.ok) room = await this.loaded(address);
    } catch (err) {
      this.options.log.error({ err, room: address.name }, 'sync authorisation failed');
      socket.end('HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (this.closed) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (conn) => {
      // A refusal is a websocket close with a named code, so the client can say
      // "signed out" rather than "offline".
      if (!auth.ok || !room) conn.close(auth.ok ? SYNC_CLOSE_CODES.goingAway : auth.code, auth.ok ? '' : auth.reason);
      else {
        this.upgrades.set(conn, { req, address, userId: auth.userId, userName: auth.userName ?? null });
        this.accept(conn, room, isVigilClient(req.url ?? ''));
      }
    });
  }

  /** The room of `address` with its stored state loaded (a room being evicted meanwhile is loaded again). */
  private async loaded(address: RoomAddress): Promise<Room> {
    let room: Room;
    do room = await this.options.open(address);
    while (room.destroyed);
    return room;
  }

  private accept(conn: WebSocket, room: Room, vigilClient: boolean): void {
    if (vigilClient) room.vigilConns.add(conn);
    clearTimeout(room.evictTimer);
    room.evictTimer = undefined;
    room.conns.set(conn, new Set());
    this.alive.add(conn);
    conn.binaryType = 'arraybuffer';
    conn.on('pong', () => this.alive.add(conn));
    conn.on('message', (data: RawData) => this.receive(room, conn, data));
    conn.on('close', () => this.drop(room, conn));
    conn.on('error', (err) => this.options.log.warn({ err, room: room.address.name }, 'sync socket error'));

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
          this.writes.receiveSave(room, conn, decoder);
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
      case syncProtocol.messageYjsUpdate:
        this.writes.receiveUpdate(room, conn, decoding.readVarUint8Array(decoder));
        break;
      default:
        throw new Error(`unknown sync message ${kind}`);
    }
  }

  /**
   * Sends a connection the document's state for the first time: its read of the document (the
   * whole chart) is audited once per connection, not per message.
   */
  private auditRead(conn: WebSocket, room: Room): void {
    const auditRead = this.options.auditRead;
    if (this.readers.has(conn) || !auditRead) return;
    this.readers.add(conn);
    const upgrade = this.upgrades.get(conn);
    const failed = (err: unknown): void =>
      this.options.log.error({ err, room: room.address.name }, 'could not audit a sync read');
    try {
      const read = {
        address: room.address,
        userId: upgrade?.userId ?? null,
        ip: upgrade?.req.socket.remoteAddress ?? null,
      };
      void Promise.resolve(auditRead(read)).catch(failed);
    } catch (err) {
      failed(err);
    }
  }

  /** Applies a connection's presence update, checked and stamped (presence.ts). */
  private receiveAwareness(room: Room, conn: WebSocket, update: Uint8Array): void {
    const upgrade = this.upgrades.get(conn);
    const checked = checkedAwareness(room, conn, update, upgrade?.userId ?? null, upgrade?.userName ?? null);
    if (checked) awarenessProtocol.applyAwarenessUpdate(room.awareness, checked, conn);
  }

  /** Tells a Vigil client why its write was refused; other clients would not understand the message. */
  refuse(room: Room, conn: WebSocket, reason: RefusalReason): void {
    refuse(room, conn, reason);
  }

  private drop(room: Room, conn: WebSocket): void {
    const owned = room.conns.get(conn);
    room.conns.delete(conn);
    if (owned && owned.size > 0) awarenessProtocol.removeAwarenessStates(room.awareness, [...owned], null);
    if (room.conns.size === 0) this.options.onEmpty(room);
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
  recheckAuth(): Promise<void> {
    return this.recheck.run();
  }

  private async recheckPass(): Promise<void> {
    const authorize = this.options.authorize;
    if (!authorize) return;
    for (const conn of [...this.wss.clients]) {
      const upgrade = this.upgrades.get(conn);
      if (!upgrade || conn.readyState !== WebSocket.OPEN) continue;
      try {
        const auth = await authorize(upgrade.req, upgrade.address);
        if (!auth.ok) conn.close(auth.code, auth.reason);
      } catch (err) {
        this.options.log.error({ err, room: upgrade.address.name }, 'sync re-authorisation failed');
      }
      // One socket per turn of the event loop (session 39): a pass over hundreds of sockets held
      // every message behind it for tens of milliseconds (the reconnect storm's worst waits).
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** Stops upgrades and timers and closes every connection (1001 going away). */
  close(): void {
    this.closed = true;
    clearInterval(this.pingTimer);
    clearInterval(this.recheckTimer);
    for (const conn of this.wss.clients) conn.close(SYNC_CLOSE_CODES.goingAway, 'server shutting down');
    this.wss.close();
  }
}
