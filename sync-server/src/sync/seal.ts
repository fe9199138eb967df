import * as Y from 'yjs';
import { ContentCache, REFUSAL_REASONS } from '@vigil/shared';
import { AppError } from '../errors.js';
import type { Lease, LeaseStore } from '../store/leases/types.js';
import type { SyncStore } from '../store/sync/types.js';
import { refuse } from './client-writes.js';
import type { DocumentSnapshot, WritableSealedDocument } from './documents.js';
import { isEmptyUpdate } from './messages.js';
import type { RoomAddress } from './protocol.js';
import type { Room } from './room.js';
import type { WriteQueue } from './write-queue.js';

/** What a sealed document is built on: the rooms' storage and write queue, and what follows its release. */
export interface SealDeps {
  store: SyncStore;
  queue: WriteQueue;
  /** The seal was lifted (the rooms may evict the room again). */
  released: (room: Room) => void;
  /** The document's final flag was stored and applied (told to the other instances; issue 43). */
  finalityStored?: (room: Room) => void;
}

/**
 * The server's change computed on a copy of the document: the update (and, when asked, the
 * content and hash after it), or null when it changes nothing.
 */
export function serverUpdate(
  room: Room,
  change: (root: Y.Map<unknown>) => void,
  withContent = false,
): { update: Uint8Array; content: unknown; hash: string } | null {
  const copy = new Y.Doc({ gc: true });
  try {
    Y.applyUpdate(copy, room.encodeState());
    const before = Y.encodeStateVector(copy);
    const root = copy.getMap(room.kind.root);
    copy.transact(() => change(root));
    const update = Y.encodeStateAsUpdate(copy, before);
    if (isEmptyUpdate(update)) return null;
    if (!withContent) return { update, content: null, hash: '' };
    const cache = new ContentCache(copy, root);
    const hash = cache.contentHash();
    cache.destroy();
    return { update, content: root.toJSON(), hash };
  } finally {
    copy.destroy();
  }
}

/**
 * Stores the server's own change to a sealed room: computed on a copy of the document, it
 * passes the seal (only this write: the seal is lifted for the synchronous enqueue alone, so
 * clients' writes keep waiting) and is committed like any other write.
 */
function writeServerUpdate(queue: WriteQueue, room: Room, change: (root: Y.Map<unknown>) => void): Promise<void> {
  const next = serverUpdate(room, change);
  if (!next) return Promise.resolve();
  const { update } = next;
  return new Promise((resolve, reject) => {
    const sealed = room.sealed;
    room.sealed = 0;
    try {
      queue.enqueue({
        room,
        update,
        origin: null,
        writer: null,
        done: (outcome) =>
          outcome === 'stored' ? resolve() : reject(new Error(`the server's update was not stored (${outcome})`)),
      });
    } finally {
      room.sealed = sealed;
    }
  });
}

/**
 * A room held for finalize, once its seal is counted and the writes queued before it applied:
 * what the caller reads is what it finalizes or changes, until release.
 */
export function sealedDocument(deps: SealDeps, address: RoomAddress, room: Room): WritableSealedDocument {
  let released = false;
  const snapshot = (): DocumentSnapshot => ({
    content: room.content(),
    hash: room.contentHash(),
    finalized: room.finalized,
  });
  const storeFinalized = async (): Promise<() => void> => {
    await deps.store.markFinalized(address.name, address.orgId, address.docId);
    return () => {
      room.finalized = true;
      for (const conn of room.conns.keys()) refuse(room, conn, REFUSAL_REASONS.FINALIZED);
      deps.finalityStored?.(room);
    };
  };
  return {
    ...snapshot(),
    storeFinalized,
    finalize: async () => (await storeFinalized())(),
    write: async (change) => {
      if (released) throw new Error('the document was released');
      await writeServerUpdate(deps.queue, room, change);
      return snapshot();
    },
    storeWrite: async (change) => {
      if (released) throw new Error('the document was released');
      const next = serverUpdate(room, change, true);
      if (!next) return { ...snapshot(), apply: () => {} };
      const [id] = await deps.store.append([
        { room: address.name, orgId: address.orgId, docId: address.docId, update: next.update },
      ]);
      return {
        content: next.content,
        hash: next.hash,
        finalized: room.finalized,
        apply: () => deps.queue.applyStored(room, next.update, id ?? room.lastUpdateId),
      };
    },
    release: () => {
      if (released) return;
      released = true;
      room.sealed -= 1;
      deps.queue.release(room);
      deps.released(room);
    },
  };
}

/** How a seal holds its document in the store (issue 36 item 4). */
export interface DocumentLeaseOptions {
  store: LeaseStore;
  /** This process among those over the database (each seal holds under its own name below it). */
  holder: string;
  /** A lease not renewed frees the document after this long (a crashed process). */
  ttlMs: number;
  /** How long a seal waits for another seal of the document before it refuses (409 CONFLICT). */
  waitMs: number;
  /** How often a waiting seal asks the store again (a release in another process is not heard). */
  pollMs: number;
}

export const DOCUMENT_LEASE_TTL_MS = 60_000;
export const DOCUMENT_LEASE_WAIT_MS = 30_000;
export const DOCUMENT_LEASE_POLL_MS = 50;

/**
 * The store lease a seal takes before it holds a document's room (issue 36 item 4): the in-memory
 * seal holds the writes of this process's clients, the lease keeps every other process over the
 * database (and every other seal here) from sealing the same document meanwhile, so two
 * processes cannot both finalize a case or sign a history. A second seal waits for the first's
 * release (woken at once when it was released here, asking the store every pollMs otherwise),
 * then reads the document as the first left it; it refuses with 409 CONFLICT after waitMs. The
 * lease is renewed while held and expires when its process died.
 */
export class DocumentLeases {
  private readonly waiters = new Map<string, Set<() => void>>();
  private seals = 0;

  constructor(
    private readonly options: DocumentLeaseOptions,
    private readonly onLost: (key: string, err?: unknown) => void = () => undefined,
  ) {}

  /** Takes the lease of `key` (a room name), waiting for its holder; resolves to what releases it. */
  async take(key: string): Promise<() => void> {
    const { store, ttlMs, waitMs, pollMs } = this.options;
    const holder = `${this.options.holder}#${(this.seals += 1)}`;
    const deadline = Date.now() + waitMs;
    for (;;) {
      const lease = await store.acquire(key, holder, ttlMs);
      if (lease) return this.held(lease);
      const left = deadline - Date.now();
      if (left <= 0) throw new AppError(409, 'CONFLICT', 'The document is being signed elsewhere');
      await this.released(key, Math.min(pollMs, left));
    }
  }

  private held(lease: Lease): () => void {
    const { store, ttlMs } = this.options;
    let current = lease;
    const renewal = setInterval(() => {
      store.renew(current, ttlMs).then(
        (renewed) => (renewed ? (current = renewed) : this.onLost(lease.key)),
        (err: unknown) => this.onLost(lease.key, err),
      );
    }, ttlMs / 3);
    renewal.unref();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      clearInterval(renewal);
      store
        .release(current)
        .catch((err: unknown) => this.onLost(lease.key, err))
        .finally(() => this.wake(lease.key));
    };
  }

  /** Resolves when a seal of `key` here released its lease, or after `ms`. */
  private released(key: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      let set = this.waiters.get(key);
      if (!set) this.waiters.set(key, (set = new Set()));
      const waiters = set;
      const done = (): void => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiters.get(key) === waiters) this.waiters.delete(key);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
    });
  }

  private wake(key: string): void {
    for (const done of [...(this.waiters.get(key) ?? [])]) done();
  }
}
