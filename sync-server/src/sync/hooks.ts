import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { SYNC_MESSAGE, type Issue } from '@vigil/shared';
import type { Logger } from '../log.js';
import { LIVE_SUMMARY_EVERY_MS } from './limits.js';
import { isEmptyUpdate, message, send } from './messages.js';
import type { ProjectionInput } from './projection.js';
import type { RoomAddress } from './protocol.js';
import type { Room } from './room.js';
import type { PendingWrite } from './write-queue.js';

/** What validating a document's content found. */
export interface DocumentCheck {
  /** Schema issues, sent to Vigil clients (an issue never refuses a write). */
  issues: Issue[];
  /**
   * Changes the server makes itself (a case's unsafe wave svgs reduced), run on a copy of the
   * document's root map; the resulting update is stored and sent like any client's write.
   * It must leave alone what changed since the check. Absent when there is nothing to change.
   */
  repair?: (root: Y.Map<unknown>) => void;
}

/**
 * A kind of synced document (a case, a health history…): where its content lives and what the
 * server does with it. Kinds are registered on the rooms at start (services.ts); the rooms
 * themselves know no kind. Each hook runs off the save path and must not throw.
 */
export interface DocumentKind {
  name: string;
  /** The document's root map, whose JSON is its content (and its content hash). */
  root: string;
  /**
   * Whether a room holds a document of this kind, asked once when the room is loaded. A kind
   * without `matches` is the default kind: the one for every room no other kind claims.
   */
  matches?: (address: RoomAddress) => boolean | Promise<boolean>;
  /** Checks the merged content a moment after saves (VALIDATE_AFTER_MS), one check at a time per room. */
  validate?: (content: unknown, address: RoomAddress) => Promise<DocumentCheck>;
  /**
   * When the document stops taking clients' writes by the server's clock (a case: its provider
   * editing window, EW1/EW2), read from its root map as it is before a write; null while it
   * stays open. Absent: the kind's documents never close. It must be cheap (asked once per change
   * the room holds, the answer is kept until the next one) and must not throw.
   */
  editingClosesAt?: (root: Y.Map<unknown>) => number | null;
  /** Writes the content where FHIR readers see it, after saves pause (debounced by the rooms). */
  project?: (input: ProjectionInput) => void | Promise<void>;
  /**
   * Reads what live screens show of the document (a case's live vitals, issue 38) from the merged
   * document, at most once per LIVE_SUMMARY_EVERY_MS per room after its saves, off the save path.
   * It must read only what it needs from `root` (not the whole content) and must not throw.
   */
  live?: (input: LiveInput) => void | Promise<void>;
}

/** What a kind's live hook reads: the room's address and its merged root map, as it is now. */
export interface LiveInput {
  address: RoomAddress;
  root: Y.Map<unknown>;
  finalized: boolean;
}

/** The kind of rooms when no default kind is registered: a `case` root and no hooks. */
const PLAIN_KIND: DocumentKind = { name: 'document', root: 'case' };

/** The registered kinds, asked in registration order; the default kind answers for the rest. */
export class DocumentKinds {
  private readonly kinds: DocumentKind[] = [];
  private fallback: DocumentKind = PLAIN_KIND;

  register(kind: DocumentKind): void {
    if (kind.matches) this.kinds.push(kind);
    else this.fallback = kind;
  }

  async of(address: RoomAddress): Promise<DocumentKind> {
    for (const kind of this.kinds) if (await kind.matches!(address)) return kind;
    return this.fallback;
  }
}

export interface RoomHooksOptions {
  log: Logger;
  validateAfterMs: number;
  projectAfterMs: number;
  projectMaxWaitMs: number;
  /** Queues the server's own update to a room (a repair), stored before it is applied. */
  enqueue: (write: PendingWrite) => void;
}

/**
 * Runs a room's kind hooks after its saves: validation (debounced, one at a time per room,
 * issues sent to Vigil clients, repairs written as the server's own update) and the projection
 * (after saves pause, or at the latest projectMaxWaitMs after the first change it misses).
 */
export class RoomHooks {
  constructor(private readonly options: RoomHooksOptions) {}

  /** Called after writes to the room were stored and applied. */
  afterSave(room: Room): void {
    this.scheduleProjection(room);
    this.scheduleValidation(room);
    this.scheduleLive(room);
  }

  /**
   * Reads the kind's live summary after a save: at once when the last read is
   * LIVE_SUMMARY_EVERY_MS old, else once when it is (saves meanwhile join that one read).
   */
  private scheduleLive(room: Room): void {
    const live = room.kind.live;
    if (!live || room.liveTimer !== undefined) return;
    const wait = Math.max(0, room.liveAt + LIVE_SUMMARY_EVERY_MS - Date.now());
    room.liveTimer = setTimeout(() => {
      room.liveTimer = undefined;
      if (room.destroyed) return;
      room.liveAt = Date.now();
      const failed = (err: unknown): void =>
        this.options.log.error({ err, room: room.address.name, kind: room.kind.name }, 'live summary failed');
      try {
        const input = { address: room.address, root: room.doc.getMap(room.kind.root), finalized: room.finalized };
        void Promise.resolve(live(input)).catch(failed);
      } catch (err) {
        failed(err);
      }
    }, wait);
    room.liveTimer.unref();
  }

  /**
   * Validates the merged content a moment after the last save and tells Vigil clients what it
   * found. It is off the save path (validating a long case on every save would delay
   * acknowledgements, and an issue never refuses a write); the kind runs it off the event loop
   * (the case kind: in a worker thread). Changes meanwhile ask for one more check after it.
   */
  private scheduleValidation(room: Room): void {
    const validate = room.kind.validate;
    if (!validate || room.validateTimer !== undefined) return;
    if (room.checking) {
      room.checkAgain = true;
      return;
    }
    room.validateTimer = setTimeout(() => {
      room.validateTimer = undefined;
      if (room.destroyed) return;
      room.checking = true;
      validate(room.content(), room.address)
        .then(
          ({ issues, repair }) => {
            if (room.destroyed) return;
            if (repair) this.repair(room, repair);
            const text = JSON.stringify(issues);
            for (const conn of room.conns.keys()) {
              if (room.vigilConns.has(conn))
                send(
                  conn,
                  message(SYNC_MESSAGE.issues, (e) => encoding.writeVarString(e, text)),
                );
            }
          },
          (err: unknown) =>
            this.options.log.error({ err, room: room.address.name, kind: room.kind.name }, 'document check failed'),
        )
        .finally(() => {
          room.checking = false;
          if (room.checkAgain && !room.destroyed) {
            room.checkAgain = false;
            this.scheduleValidation(room);
          }
        });
    }, this.options.validateAfterMs);
    room.validateTimer.unref();
  }

  /**
   * Runs a kind's repair on a copy of the document and queues the difference as the server's own
   * update: stored before it is applied and sent to every client like any other write. A
   * finalized document is left alone.
   */
  private repair(room: Room, repair: (root: Y.Map<unknown>) => void): void {
    if (room.finalized) return;
    const copy = new Y.Doc({ gc: true });
    Y.applyUpdate(copy, room.encodeState());
    const before = Y.encodeStateVector(copy);
    copy.transact(() => repair(copy.getMap(room.kind.root)));
    const update = Y.encodeStateAsUpdate(copy, before);
    copy.destroy();
    if (isEmptyUpdate(update)) return;
    this.options.log.warn({ room: room.address.name, kind: room.kind.name }, 'the server repaired the document');
    this.options.enqueue({ room, update, origin: null, writer: null });
  }

  private scheduleProjection(room: Room): void {
    if (!room.kind.project) return;
    const now = Date.now();
    room.unprojectedSince ??= now;
    clearTimeout(room.projectTimer);
    const wait = Math.max(
      0,
      Math.min(this.options.projectAfterMs, room.unprojectedSince + this.options.projectMaxWaitMs - now),
    );
    room.projectTimer = setTimeout(() => this.project(room), wait);
    room.projectTimer.unref();
  }

  /** Projects the room's content now if the projection misses a change. */
  project(room: Room): void {
    clearTimeout(room.projectTimer);
    room.projectTimer = undefined;
    const project = room.kind.project;
    if (room.unprojectedSince === undefined || room.destroyed || !project) return;
    room.unprojectedSince = undefined;
    const failed = (err: unknown): void =>
      this.options.log.error({ err, room: room.address.name, kind: room.kind.name }, 'document projection failed');
    try {
      const input = {
        address: room.address,
        content: room.content(),
        hash: room.contentHash(),
        userId: room.lastWriter,
      };
      void Promise.resolve(project(input)).catch(failed);
    } catch (err) {
      failed(err);
    }
  }
}
