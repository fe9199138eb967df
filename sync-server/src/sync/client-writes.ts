import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { WebSocket } from 'ws';
import {
  REFUSAL_REASONS,
  SAVE_FLAGS,
  SAVE_OUTCOME,
  SYNC_CLOSE_CODES,
  SYNC_MESSAGE,
  type RefusalReason,
  type SaveOutcome,
} from '@vigil/shared';
import type { Logger } from '../log.js';
import { assertWellFormed, inflateCapped, isEmptyUpdate, message, send, updateChangesDoc } from './messages.js';
import type { Room } from './room.js';
import type { WriteOutcome, WriteQueue } from './write-queue.js';

/** Tells a Vigil client why its write was refused; other clients would not understand the message. */
export function refuse(room: Room, conn: WebSocket, reason: RefusalReason): void {
  if (!room.vigilConns.has(conn)) return;
  send(
    conn,
    message(SYNC_MESSAGE.refused, (e) => encoding.writeVarString(e, reason)),
  );
}

export interface ClientWritesOptions {
  log: Logger;
  queue: WriteQueue;
  maxUpdateBytes: number;
  /** The server's clock, which closes a case's provider editing window (EW2). */
  now: () => number;
  /** The signed-in user a socket writes as (null: anonymous). */
  writerOf: (conn: WebSocket) => string | null;
}

/**
 * A client's writes as they arrive on its socket: a plain y-websocket update, or a Vigil save
 * (acknowledged with the server's content hash). Each is checked before it is queued — the
 * document closed (finalized, or past its editing window), the update or the document too large —
 * and refused with the reason a client understands; the write queue stores it before it is
 * applied or acknowledged.
 */
export class ClientWrites {
  constructor(private readonly options: ClientWritesOptions) {}

  /** A y-websocket sync step 2 or update: stored, dropped with a refusal, or the socket closed. */
  receiveUpdate(room: Room, conn: WebSocket, update: Uint8Array): void {
    // A client with nothing new answers step 1 with an empty update: nothing to store.
    if (isEmptyUpdate(update)) return;
    assertWellFormed(update);
    const closed = this.closedReason(room);
    if (closed) {
      // Dropped, as a plain y-websocket client understands no refusal: a later sync shows it nothing stored.
      if (updateChangesDoc(room.doc, update)) refuse(room, conn, closed);
      return;
    }
    const tooLarge = this.options.queue.sizeRefusal(room, update);
    if (tooLarge) {
      // A plain y-websocket client understands no refusal message: 1009 (message too big)
      // names the reason; nothing of the update is stored.
      refuse(room, conn, tooLarge);
      this.options.log.warn({ room: room.address.name, bytes: update.byteLength, reason: tooLarge }, 'update refused');
      conn.close(SYNC_CLOSE_CODES.tooLarge, tooLarge);
      return;
    }
    this.options.queue.enqueue({
      room,
      update,
      origin: conn,
      writer: this.options.writerOf(conn),
      done: (outcome: WriteOutcome) => {
        // A plain y-websocket update has no acknowledgement: closing makes the client resync
        // later with what it still holds.
        if (outcome === 'failed') conn.close(1011, 'storage failure');
        else if (outcome === 'finalized' && updateChangesDoc(room.doc, update))
          refuse(room, conn, REFUSAL_REASONS.FINALIZED);
      },
    });
  }

  /** A batch from Vigil's client: requestId, flags, client hash, (deflated) merged update. */
  receiveSave(room: Room, conn: WebSocket, decoder: decoding.Decoder): void {
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
    const maxUpdate = this.options.maxUpdateBytes;
    const inflated = flags & SAVE_FLAGS.deflated ? inflateCapped(payload, maxUpdate) : payload;
    if (inflated === null || inflated.byteLength > maxUpdate) {
      this.options.log.warn({ room: room.address.name, bytes: payload.byteLength }, 'save refused: update too large');
      reply(SAVE_OUTCOME.refused, REFUSAL_REASONS.UPDATE_TOO_LARGE);
      return;
    }
    const update = isEmptyUpdate(inflated) ? null : inflated;
    if (update !== null) assertWellFormed(update);
    // A save that changes nothing (a hash check, edits the server already holds) is answered
    // persisted; one that would change a closed document is refused with the reason.
    const refuseClosed = (reason: RefusalReason): void => {
      const changes = update !== null && updateChangesDoc(room.doc, update);
      reply(changes ? SAVE_OUTCOME.refused : SAVE_OUTCOME.persisted, reason);
    };
    const closed = this.closedReason(room);
    if (closed) {
      refuseClosed(closed);
      return;
    }
    const tooLarge = update !== null ? this.options.queue.sizeRefusal(room, update) : null;
    if (tooLarge) {
      this.options.log.warn({ room: room.address.name, bytes: update?.byteLength, reason: tooLarge }, 'save refused');
      reply(SAVE_OUTCOME.refused, tooLarge);
      return;
    }
    this.options.queue.enqueue({
      room,
      update,
      origin: conn,
      writer: this.options.writerOf(conn),
      done: (outcome: WriteOutcome) => {
        if (outcome === 'finalized') refuseClosed(REFUSAL_REASONS.FINALIZED);
        else reply(outcome === 'stored' ? SAVE_OUTCOME.persisted : SAVE_OUTCOME.failed);
      },
    });
  }

  /**
   * Why the document takes no client write now, or null: finalized, or (EW2) past its provider
   * editing window by the server's clock, read from the document the server holds before the
   * write (a write that sets the times cannot reopen the window; a case without times stays
   * open). Judged when the write arrives, as the finalized flag is.
   */
  private closedReason(room: Room): RefusalReason | null {
    if (room.finalized) return REFUSAL_REASONS.FINALIZED;
    const closes = room.editingClosesAt();
    if (closes !== null && this.options.now() > closes) return REFUSAL_REASONS.EDITING_WINDOW_CLOSED;
    return null;
  }
}
