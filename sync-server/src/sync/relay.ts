import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { randomUUID } from 'node:crypto';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { Logger } from '../log.js';
import type { PubSub } from '../pubsub.js';
import type { LeaseStore } from '../store/leases/types.js';
import type { SyncStore } from '../store/sync/types.js';
import { REFUSAL_REASONS, SYNC_CLOSE_CODES } from '@vigil/shared';
import { refuse } from './client-writes.js';
import { isEmptyUpdate } from './messages.js';
import { RELAYED, type Room } from './room.js';
import { Rerun } from './rerun.js';

/**
 * What one instance tells the others holding a room (issue 43): an update it committed (with the
 * store's id of it and of the previous update it told of in this room), a presence change, that
 * the document's final flag changed (read from storage by whoever hears it), or a seal's hold on
 * the room's writes everywhere (asked, held, lifted; one token per seal).
 */
export type RelayMessage =
  | { type: 'update'; id: number; prev: number; update: Uint8Array }
  | { type: 'awareness'; update: Uint8Array }
  | { type: 'state' }
  | { type: 'seal' | 'held' | 'unseal'; token: string };

const TYPES = { update: 0, awareness: 1, state: 2, seal: 3, held: 4, unseal: 5 } as const;
const HOLDS = ['seal', 'held', 'unseal'] as const;

export function encodeRelayMessage(from: string, m: RelayMessage): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, from);
  encoding.writeVarUint(e, TYPES[m.type]);
  if (m.type === 'update') {
    encoding.writeVarUint(e, m.id);
    encoding.writeVarUint(e, m.prev);
    encoding.writeVarUint8Array(e, m.update);
  } else if (m.type === 'awareness') encoding.writeVarUint8Array(e, m.update);
  else if (m.type !== 'state') encoding.writeVarString(e, m.token);
  return encoding.toUint8Array(e);
}

export function decodeRelayMessage(bytes: Uint8Array): { from: string; message: RelayMessage } {
  const d = decoding.createDecoder(bytes);
  const from = decoding.readVarString(d);
  const type = decoding.readVarUint(d);
  if (type === TYPES.update) {
    const id = decoding.readVarUint(d);
    const prev = decoding.readVarUint(d);
    return { from, message: { type: 'update', id, prev, update: decoding.readVarUint8Array(d) } };
  }
  if (type === TYPES.awareness) return { from, message: { type: 'awareness', update: decoding.readVarUint8Array(d) } };
  if (type === TYPES.state) return { from, message: { type: 'state' } };
  const hold = HOLDS.find((h) => TYPES[h] === type);
  if (hold) return { from, message: { type: hold, token: decoding.readVarString(d) } };
  throw new Error(`unknown relay message type ${type}`);
}

export interface RoomRelayOptions {
  pubsub: PubSub;
  /** Channels are `{prefix}sync:{room name}` (REDIS_PREFIX). */
  prefix: string;
  store: SyncStore;
  log: Logger;
  /** Where a compaction takes its room's lease, so one instance compacts a room at a time. */
  leases: LeaseStore;
  /** The document's final flag changed under a room (another instance finalized or reopened it). */
  finalityChanged: (room: Room) => void;
  /** Resolves once every write queued here is committed and applied (the rooms' write queue). */
  flush: () => Promise<void>;
  /** A hold asked by another instance's seal was lifted: the room's held writes go on (or are refused). */
  unheld: (room: Room) => void;
}

interface Joined {
  room: Room;
  /** The store id of the last update this instance told of in this room (0: none yet). */
  published: number;
  /** The id of the last update heard from each other instance in this room. */
  heard: Map<string, number>;
  leave: (() => void) | null;
  /** The catch-up from storage, one at a time, run again when asked meanwhile. */
  catchUp: Rerun;
}

/** How long a compaction may hold its room's lease (a crashed instance frees it after this). */
const COMPACT_LEASE_TTL_MS = 60_000;
/** How long a seal waits for the other instances to hold the room's writes before it goes on. */
export const HOLD_WAIT_MS = 2_000;
/** A hold whose seal never lifted it (its instance died) ends by itself after this long (the seal's lease's time). */
export const HOLD_MAX_MS = 60_000;

/**
 * The rooms across instances (issue 43), in the manner of Hocuspocus's Redis extension: every
 * instance holding a room keeps its own document, an update committed by one is published on the
 * room's channel and applied (and so sent to its sockets) by every other, and presence travels the
 * same way. Redis never holds data: an instance catches up from storage by state vector when it
 * joins a room (after subscribing, so nothing committed in between is missed), when its
 * subscription comes back after a loss, and when an instance's chain of update ids shows a gap.
 * The cost: every instance processes every message of the rooms it holds.
 */
export class RoomRelay {
  readonly instance = randomUUID();
  private readonly joined = new Map<string, Joined>();
  /** This instance's seals waiting for the others' holds, by token: who has answered. */
  private readonly asked = new Map<string, (from: string) => void>();
  /** Holds asked by other instances' seals, by token: what lifts each. */
  private readonly holding = new Map<string, () => void>();

  constructor(private readonly options: RoomRelayOptions) {
    options.pubsub.onResumed(() => {
      for (const j of this.joined.values()) void this.catchUp(j.room);
    });
  }

  private channel(room: Room | string): string {
    return `${this.options.prefix}sync:${typeof room === 'string' ? room : room.address.name}`;
  }

  private entry(room: Room): Joined | undefined {
    const j = this.joined.get(room.address.name);
    return j?.room === room ? j : undefined;
  }

  /** join, a failure logged (the room still serves this instance's clients). */
  async joinOrLog(room: Room): Promise<void> {
    await this.join(room).catch((err: unknown) => {
      this.options.log.error({ err, room: room.address.name }, 'could not join the room across instances');
    });
  }

  /** The write queue's hooks that relay a committed update and compact from storage. */
  queueHooks(): {
    committed: (room: Room, update: Uint8Array, id: number) => void;
    compactRoom: (room: Room) => Promise<void>;
  } {
    return {
      committed: (room, update, id) => this.committed(room, update, id),
      compactRoom: (room) => this.compact(room),
    };
  }

  /** Hears the room's messages from now on, then reads from storage what was committed since it was loaded. */
  async join(room: Room): Promise<void> {
    const catchUp = new Rerun(
      () =>
        this.readStored(room).catch((err: unknown) => {
          this.options.log.error({ err, room: room.address.name }, 'could not catch up a room from storage');
        }),
      () => room.destroyed,
    );
    const j: Joined = { room, published: 0, heard: new Map(), leave: null, catchUp };
    this.joined.set(room.address.name, j);
    room.relayAwareness = (update) => void this.publish(room, { type: 'awareness', update });
    const leave = await this.options.pubsub.subscribe(this.channel(room), (bytes) => this.heard(j, bytes));
    if (this.entry(room) !== j || room.destroyed) leave();
    else {
      j.leave = leave;
      await this.catchUp(room);
    }
  }

  /** Stops hearing a room that leaves memory. */
  leave(room: Room): void {
    const j = this.entry(room);
    if (!j) return;
    this.joined.delete(room.address.name);
    room.relayAwareness = undefined;
    j.leave?.();
  }

  /** Tells the others of an update this instance committed to a room (store id `id`). */
  committed(room: Room, update: Uint8Array, id: number): void {
    const j = this.entry(room);
    if (!j) return;
    void this.publish(room, { type: 'update', id, prev: j.published, update });
    j.published = id;
  }

  /** Tells the others that the final flag of the room named `room` changed in storage. */
  stateChanged(room: string): void {
    void this.publish(room, { type: 'state' });
  }

  private publish(room: Room | string, message: RelayMessage): Promise<number> {
    return this.options.pubsub.publish(this.channel(room), encodeRelayMessage(this.instance, message));
  }

  private heard(j: Joined, bytes: Uint8Array): void {
    const room = j.room;
    if (room.destroyed || this.entry(room) !== j) return;
    let from: string;
    let message: RelayMessage;
    try {
      ({ from, message } = decodeRelayMessage(bytes));
    } catch (err) {
      this.options.log.warn({ err, room: room.address.name }, 'ignored a malformed relay message');
      return;
    }
    if (from === this.instance) return;
    if (message.type === 'awareness') {
      awarenessProtocol.applyAwarenessUpdate(room.awareness, message.update, RELAYED);
      return;
    }
    if (message.type === 'state') {
      void this.catchUp(room);
      return;
    }
    if (message.type !== 'update') {
      this.heardHold(j, message.type, message.token, from);
      return;
    }
    const known = j.heard.get(from);
    j.heard.set(from, message.id);
    try {
      room.applyRelayed(message.update);
      room.bytes += message.update.byteLength;
      room.pending += 1;
      room.lastUpdateId = Math.max(room.lastUpdateId, message.id);
    } catch (err) {
      this.options.log.error({ err, room: room.address.name }, 'a relayed update could not be applied');
    }
    // A message of that instance was lost: read the room from storage.
    if (known !== undefined && message.prev !== known) void this.catchUp(room);
  }

  /**
   * Holds the room's writes on every other instance holding it, for a seal here (finalize,
   * history signing): each counts the seal as its own, stores what it had queued and answers;
   * this resolves once all have answered (or after HOLD_WAIT_MS: an instance that does not answer
   * is gone or cut off) to what lifts the hold. Without it another instance's clients could write
   * while this one finalizes what it read.
   */
  async holdOthers(room: Room): Promise<() => void> {
    if (!this.entry(room)) return () => undefined;
    const token = randomUUID();
    const answered = new Set<string>();
    let expected = Number.POSITIVE_INFINITY;
    let done: () => void = () => undefined;
    const all = new Promise<void>((resolve) => (done = resolve));
    this.asked.set(token, (from) => {
      answered.add(from);
      if (answered.size >= expected) done();
    });
    // Every subscription that received it, this instance's own too.
    expected = (await this.publish(room, { type: 'seal', token })) - 1;
    if (answered.size >= expected) done();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, HOLD_WAIT_MS)))]);
    clearTimeout(timer);
    this.asked.delete(token);
    return () => void this.publish(room, { type: 'unseal', token });
  }

  private heardHold(j: Joined, type: 'seal' | 'held' | 'unseal', token: string, from: string): void {
    const room = j.room;
    if (type === 'held') this.asked.get(token)?.(from);
    else if (type === 'unseal') this.holding.get(token)?.();
    else if (!this.holding.has(token)) {
      room.sealed += 1;
      const lift = (): void => {
        if (this.holding.get(token) !== lift) return;
        this.holding.delete(token);
        clearTimeout(timer);
        // The final flag first: writes held meanwhile are refused, not stored, when the seal finalized.
        void this.catchUp(room).finally(() => {
          room.sealed -= 1;
          this.options.unheld(room);
        });
      };
      const timer = setTimeout(lift, HOLD_MAX_MS);
      timer.unref();
      this.holding.set(token, lift);
      void this.options.flush().finally(() => void this.publish(room, { type: 'held', token }));
    }
  }

  /**
   * Applies what storage holds and the room lacks (by state vector; sockets get it as any update),
   * and its final flag. One catch-up per room at a time; asked again meanwhile, it runs once more.
   */
  catchUp(room: Room): Promise<void> {
    return this.entry(room)?.catchUp.run() ?? Promise.resolve();
  }

  private async readStored(room: Room): Promise<void> {
    const stored = await this.options.store.load(room.address.name);
    if (!stored || room.destroyed) return;
    const parts = stored.snapshot ? [stored.snapshot, ...stored.updates] : stored.updates;
    if (parts.length > 0) {
      const merged = parts.length === 1 ? parts[0]! : Y.mergeUpdates(parts);
      const missing = Y.diffUpdate(merged, room.stateVector());
      if (!isEmptyUpdate(missing)) room.applyRelayed(missing);
    }
    room.lastUpdateId = Math.max(room.lastUpdateId, stored.lastUpdateId);
    if (stored.finalized !== room.finalized) {
      room.finalized = stored.finalized;
      this.options.finalityChanged(room);
    }
  }

  /**
   * Compacts a room from storage rather than from this instance's document, which may lack an
   * update another instance committed (a lost message): the snapshot is made of the stored
   * snapshot and updates up to the last one loaded, so nothing stored is ever dropped. Under the
   * room's compaction lease: while one instance compacts a room, the others skip it.
   */
  async compact(room: Room): Promise<void> {
    const { store, leases } = this.options;
    const name = room.address.name;
    const lease = await leases.acquire(`compact:${name}`, this.instance, COMPACT_LEASE_TTL_MS);
    room.pending = 0;
    if (!lease) return;
    try {
      const stored = await store.load(name);
      if (!stored || stored.updates.length === 0) return;
      const doc = new Y.Doc({ gc: true });
      try {
        Y.transact(doc, () => {
          if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot);
          for (const u of stored.updates) Y.applyUpdate(doc, u);
        });
        const state = Y.encodeStateAsUpdate(doc);
        await store.compact(name, state, stored.lastUpdateId, Y.encodeStateVector(doc));
        room.bytes = Math.max(room.bytes, state.byteLength);
      } finally {
        doc.destroy();
      }
    } finally {
      await leases.release(lease);
    }
  }

  /** Stops hearing every room. */
  close(): void {
    for (const lift of [...this.holding.values()]) lift();
    for (const j of this.joined.values()) j.leave?.();
    this.joined.clear();
  }
}

/** Another instance finalized the document (its sockets here are refused) or reopened it (they reconnect). */
export function finalityChanged(room: Room): void {
  for (const conn of room.conns.keys()) {
    if (room.finalized) refuse(room, conn, REFUSAL_REASONS.FINALIZED);
    else conn.close(SYNC_CLOSE_CODES.goingAway, 'reopened');
  }
}
