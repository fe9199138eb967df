import * as Y from 'yjs';
import { ContentCache, REFUSAL_REASONS } from '@vigil/shared';
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
