import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { Logger } from '../log.js';
import {
  MESSAGE_AWARENESS,
  MESSAGE_QUERY_AWARENESS,
  MESSAGE_SYNC,
  parseSyncPath,
  type RoomAddress,
} from './protocol.js';

/** How often a connection must answer a ping before it is dropped. */
const PING_INTERVAL_MS = 30_000;

/**
 * One shared document and the sockets editing it. Each socket's awareness client ids are
 * tracked so they are removed from the room when the socket closes.
 */
class Room {
  readonly doc = new Y.Doc({ gc: true });
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  readonly conns = new Map<WebSocket, Set<number>>();

  constructor(readonly address: RoomAddress) {
    this.awareness.setLocalState(null);
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, MESSAGE_SYNC);
      syncProtocol.writeUpdate(encoder, update);
      this.broadcast(encoding.toUint8Array(encoder), origin);
    });
    this.awareness.on(
      'update',
      ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
        const changed = [...added, ...updated, ...removed];
        if (origin instanceof WebSocket) {
          const owned = this.conns.get(origin);
          if (owned) {
            for (const id of added) owned.add(id);
            for (const id of removed) owned.delete(id);
          }
        }
        const encoder = encoding.createEncoder();
        encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
        encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed));
        this.broadcast(encoding.toUint8Array(encoder));
      },
    );
  }

  private broadcast(message: Uint8Array, except?: unknown): void {
    for (const conn of this.conns.keys()) {
      if (conn !== except) send(conn, message);
    }
  }
}

function send(conn: WebSocket, message: Uint8Array): void {
  if (conn.readyState !== WebSocket.OPEN) return;
  conn.send(message, (err) => {
    if (err) conn.terminate();
  });
}

export interface SyncRoomsOptions {
  log: Logger;
}

/**
 * The websocket side of the server: y-websocket rooms on `/api/sync/{orgId}/{docId}`.
 * Documents are kept in memory (never evicted) for now; the case sync engine makes them
 * durable, evictable and authenticated.
 */
export class SyncRooms {
  private readonly rooms = new Map<string, Room>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  private readonly pingTimer: NodeJS.Timeout;
  private readonly alive = new WeakSet<WebSocket>();

  constructor(private readonly options: SyncRoomsOptions) {
    this.pingTimer = setInterval(() => this.pingAll(), PING_INTERVAL_MS);
    this.pingTimer.unref();
  }

  /** Number of open rooms (for health and tests). */
  get roomCount(): number {
    return this.rooms.size;
  }

  /** Handles an HTTP upgrade; answers 404 for any path that is not a sync room. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const address = parseSyncPath(req.url ?? '');
    if (!address) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (conn) => this.accept(conn, address));
  }

  private room(address: RoomAddress): Room {
    let room = this.rooms.get(address.name);
    if (!room) {
      room = new Room(address);
      this.rooms.set(address.name, room);
    }
    return room;
  }

  private accept(conn: WebSocket, address: RoomAddress): void {
    const room = this.room(address);
    room.conns.set(conn, new Set());
    this.alive.add(conn);
    conn.binaryType = 'arraybuffer';
    conn.on('pong', () => this.alive.add(conn));
    conn.on('message', (data: RawData) => this.receive(room, conn, data));
    conn.on('close', () => this.drop(room, conn));
    conn.on('error', (err) => this.options.log.warn({ err, room: address.name }, 'sync socket error'));

    // Sync step 1 (our state vector), then the current awareness states.
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(encoder, room.doc);
    send(conn, encoding.toUint8Array(encoder));
    const states = room.awareness.getStates();
    if (states.size > 0) {
      const aw = encoding.createEncoder();
      encoding.writeVarUint(aw, MESSAGE_AWARENESS);
      encoding.writeVarUint8Array(aw, awarenessProtocol.encodeAwarenessUpdate(room.awareness, [...states.keys()]));
      send(conn, encoding.toUint8Array(aw));
    }
  }

  private receive(room: Room, conn: WebSocket, data: RawData): void {
    try {
      const bytes = toUint8Array(data);
      const decoder = decoding.createDecoder(bytes);
      const encoder = encoding.createEncoder();
      const type = decoding.readVarUint(decoder);
      switch (type) {
        case MESSAGE_SYNC: {
          encoding.writeVarUint(encoder, MESSAGE_SYNC);
          syncProtocol.readSyncMessage(decoder, encoder, room.doc, conn);
          // Only sync step 1 produces a reply (step 2); updates and step 2 write nothing back.
          if (encoding.length(encoder) > 1) send(conn, encoding.toUint8Array(encoder));
          break;
        }
        case MESSAGE_AWARENESS:
          awarenessProtocol.applyAwarenessUpdate(room.awareness, decoding.readVarUint8Array(decoder), conn);
          break;
        case MESSAGE_QUERY_AWARENESS: {
          encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
          encoding.writeVarUint8Array(
            encoder,
            awarenessProtocol.encodeAwarenessUpdate(room.awareness, [...room.awareness.getStates().keys()]),
          );
          send(conn, encoding.toUint8Array(encoder));
          break;
        }
        default:
          this.options.log.debug({ type, room: room.address.name }, 'ignored unknown sync message type');
      }
    } catch (err) {
      this.options.log.warn({ err, room: room.address.name }, 'malformed sync message; closing');
      conn.close(1003, 'malformed message');
    }
  }

  private drop(room: Room, conn: WebSocket): void {
    const owned = room.conns.get(conn);
    room.conns.delete(conn);
    if (owned && owned.size > 0) awarenessProtocol.removeAwarenessStates(room.awareness, [...owned], null);
    // The document stays in memory after its last client leaves: until rooms are durable,
    // evicting it would lose what was charted.
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

  /** Closes every connection (1001 going away) and forgets the rooms. */
  close(): void {
    clearInterval(this.pingTimer);
    for (const conn of this.wss.clients) conn.close(1001, 'server shutting down');
    this.wss.close();
  }
}

function toUint8Array(data: RawData): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
