import { deflateSync } from 'fflate';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import {
  CASE_ROOT,
  LOCAL_HASH_DEBOUNCE_MS,
  OUT_OF_SYNC_RESYNC_WAIT_MS,
  REFUSAL_REASONS,
  SAVE_FLAGS,
  SAVE_OUTCOME,
  SAVE_RETRY_WAIT_MS,
  SYNC_CLOSE_CODES,
  SYNC_MESSAGE,
  ContentCache,
  type Issue,
  type SyncStatus,
} from '@vigil/shared';

/** Why the connection is down, so the UI can say "signed out" rather than "offline". */
export type ConnectionState = 'connecting' | 'connected' | 'offline' | 'signedOut' | 'forbidden';

export interface SyncState {
  status: SyncStatus;
  connection: ConnectionState;
  /** Consecutive failed saves. */
  failures: number;
  /** When the next save attempt happens (epoch ms), while waiting to retry. */
  retryAt: number | null;
  /** Why the server refuses writes (e.g. FINALIZED), if it does. */
  refused: string | null;
  /** Issues the server found validating the merged content. */
  issues: Issue[];
}

export interface SyncProviderOptions {
  /** Base websocket URL, e.g. `wss://host/api/sync`. */
  url: string;
  /** `{orgId}/{docId}`. */
  room: string;
  doc: Y.Doc;
  /** The document's root map, whose content is hashed (its kind's root); the case's by default. */
  root?: string;
  /** Query parameters (e.g. a session `token`). */
  params?: Record<string, string>;
  /** WebSocket constructor (browsers: the global one; Node: the `ws` package). */
  WebSocketImpl?: typeof WebSocket;
  /** Timings (spec 001 §9); tests may shorten them. */
  saveRetryWaitMs?: number;
  resyncWaitMs?: number;
  hashDebounceMs?: number;
  reconnectMs?: number;
  /** A save with no answer after this counts as failed (the connection may have lost it). */
  saveTimeoutMs?: number;
  log?: (level: 'warn' | 'error', message: string, detail?: unknown) => void;
  /** Compression, replaceable so a failure can be tested; fflate's deflate by default. */
  compress?: (data: Uint8Array) => Uint8Array;
}

const LOCAL_ORIGIN = Symbol('sync-provider');

/**
 * Keeps one synced document (a case, a health history) in step with the server. Local edits are batched, deflated (sent
 * uncompressed when compression fails: COMPRESSION_FAILED) and sent as a save with the local
 * content hash; the server answers once the batch is committed, with its own hash. Equal
 * hashes mean synced (spec 001 §4). A failed save waits 10 s and retries; 30 s out of sync
 * triggers a full resync from state vectors (spec 001 §9). Nothing is dropped from the
 * pending batch until the server acknowledged it.
 */
export class SyncProvider {
  readonly awareness: awarenessProtocol.Awareness;
  private ws: WebSocket | null = null;
  private state: SyncState = {
    status: 'loading',
    connection: 'connecting',
    failures: 0,
    retryAt: null,
    refused: null,
    issues: [],
  };
  private readonly listeners = new Set<(s: SyncState) => void>();
  /** Local updates the server has not acknowledged yet. */
  private pending: Uint8Array[] = [];
  private inFlight: { id: number; count: number } | null = null;
  private nextRequestId = 1;
  private timers: {
    save?: ReturnType<typeof setTimeout>;
    retry?: ReturnType<typeof setTimeout>;
    resync?: ReturnType<typeof setTimeout>;
    hash?: ReturnType<typeof setTimeout>;
    reconnect?: ReturnType<typeof setTimeout>;
    saveTimeout?: ReturnType<typeof setTimeout>;
    handshake?: ReturnType<typeof setTimeout>;
  } = {};
  private destroyed = false;
  /** The case's canonical JSON kept per shared type and entry, for the hashes of saves. */
  private readonly content: ContentCache;
  private initialSyncDone = false;
  private everSynced = false;
  private readonly o: Required<Omit<SyncProviderOptions, 'params' | 'WebSocketImpl' | 'log' | 'compress' | 'root'>> &
    Pick<SyncProviderOptions, 'params' | 'WebSocketImpl' | 'log' | 'compress' | 'root'>;

  constructor(options: SyncProviderOptions) {
    this.o = {
      saveRetryWaitMs: SAVE_RETRY_WAIT_MS,
      resyncWaitMs: OUT_OF_SYNC_RESYNC_WAIT_MS,
      hashDebounceMs: LOCAL_HASH_DEBOUNCE_MS,
      reconnectMs: 1000,
      saveTimeoutMs: 15_000,
      ...options,
    };
    this.awareness = new awarenessProtocol.Awareness(options.doc);
    this.content = new ContentCache(options.doc, options.doc.getMap(options.root ?? CASE_ROOT));
    options.doc.on('update', this.onDocUpdate);
    this.awareness.on('update', this.onAwarenessUpdate);
    this.connect();
  }

  get status(): SyncState {
    return this.state;
  }

  /** Whether the server's copy has arrived at least once (its sync step 2). */
  get remoteLoaded(): boolean {
    return this.everSynced;
  }

  /** Number of local updates not yet acknowledged by the server. */
  get unsavedUpdates(): number {
    return this.pending.length;
  }

  subscribe(listener: (s: SyncState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<SyncState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l(this.state);
    if (this.state.status === 'outOfSync') this.armResync();
    else {
      clearTimeout(this.timers.resync);
      this.timers.resync = undefined;
    }
  }

  private connect(): void {
    if (this.destroyed) return;
    // `vigil=1` tells the server this client understands save acknowledgements and refusals.
    const params = new URLSearchParams({ ...this.o.params, vigil: '1' }).toString();
    const Impl = this.o.WebSocketImpl ?? WebSocket;
    const ws = new Impl(`${this.o.url}/${this.o.room}?${params}`);
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    this.set({ connection: 'connecting' });
    ws.onopen = () => {
      this.set({ connection: 'connected' });
      this.handshake();
      if (this.awareness.getLocalState() !== null) {
        this.sendRaw(
          frame(SYNC_MESSAGE.awareness, (e) =>
            encoding.writeVarUint8Array(
              e,
              awarenessProtocol.encodeAwarenessUpdate(this.awareness, [this.o.doc.clientID]),
            ),
          ),
        );
      }
    };
    ws.onmessage = (event: MessageEvent) => this.onMessage(new Uint8Array(event.data as ArrayBuffer));
    ws.onclose = (event: CloseEvent) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.inFlight = null;
      clearTimeout(this.timers.saveTimeout);
      clearTimeout(this.timers.handshake);
      this.initialSyncDone = false;
      awarenessProtocol.removeAwarenessStates(
        this.awareness,
        [...this.awareness.getStates().keys()].filter((id) => id !== this.o.doc.clientID),
        this,
      );
      const connection: ConnectionState =
        event.code === SYNC_CLOSE_CODES.unauthorized
          ? 'signedOut'
          : event.code === SYNC_CLOSE_CODES.forbidden
            ? 'forbidden'
            : 'offline';
      this.set({
        connection,
        status: this.pending.length > 0 ? 'outOfSync' : this.state.status === 'loading' ? 'unknown' : this.state.status,
        // 1009: a frame too large for the server (issue 24); the edits stay on this device.
        ...(event.code === SYNC_CLOSE_CODES.tooLarge ? { refused: REFUSAL_REASONS.UPDATE_TOO_LARGE } : {}),
      });
      // Signed out or forbidden: reconnecting cannot help until the user signs in again.
      if (connection === 'offline' && !this.destroyed) {
        this.timers.reconnect = setTimeout(() => this.connect(), this.o.reconnectMs);
      }
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  /** Reconnect now (e.g. after signing in again or when the network returns). */
  reconnect(): void {
    clearTimeout(this.timers.reconnect);
    if (this.ws) this.ws.close();
    else this.connect();
  }

  private sendRaw(data: Uint8Array): boolean {
    if (!this.ws || this.ws.readyState !== 1) return false;
    this.ws.send(data as Uint8Array<ArrayBuffer>);
    return true;
  }

  /** Sends sync step 1 until the server's step 2 arrives (a lost message must not stall the case). */
  private handshake(): void {
    clearTimeout(this.timers.handshake);
    if (this.initialSyncDone || !this.ws) return;
    this.sendSyncStep1();
    this.timers.handshake = setTimeout(() => this.handshake(), this.o.resyncWaitMs);
  }

  private sendSyncStep1(): void {
    this.sendRaw(frame(SYNC_MESSAGE.sync, (e) => syncProtocol.writeSyncStep1(e, this.o.doc)));
  }

  private onMessage(data: Uint8Array): void {
    const decoder = decoding.createDecoder(data);
    const type = decoding.readVarUint(decoder);
    switch (type) {
      case SYNC_MESSAGE.sync: {
        const encoder = encoding.createEncoder();
        encoding.writeVarUint(encoder, SYNC_MESSAGE.sync);
        const kind = syncProtocol.readSyncMessage(decoder, encoder, this.o.doc, LOCAL_ORIGIN);
        if (encoding.length(encoder) > 1) this.sendRaw(encoding.toUint8Array(encoder));
        if (kind === syncProtocol.messageYjsSyncStep2 && !this.initialSyncDone) {
          this.initialSyncDone = true;
          if (!this.everSynced) {
            this.everSynced = true;
            // Tell listeners the server's copy is here (a case that could not load locally opens now).
            this.set({});
          }
          // Our step 2 went with the reply above; now ask for an acknowledged save of what is pending.
          this.scheduleSave(0);
          if (this.pending.length === 0) this.scheduleHashCheck(0);
        } else if (kind !== syncProtocol.messageYjsSyncStep1) {
          this.scheduleHashCheck(this.o.hashDebounceMs);
        }
        break;
      }
      case SYNC_MESSAGE.awareness:
        awarenessProtocol.applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), this);
        break;
      case SYNC_MESSAGE.saved:
        this.onSaved(
          decoding.readVarUint(decoder),
          decoding.readVarUint(decoder),
          decoding.readVarString(decoder),
          decoding.readVarString(decoder),
        );
        break;
      case SYNC_MESSAGE.refused:
        this.set({ refused: decoding.readVarString(decoder) });
        break;
      case SYNC_MESSAGE.issues:
        this.set({ issues: JSON.parse(decoding.readVarString(decoder)) as Issue[] });
        break;
      default:
        break;
    }
  }

  private onDocUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === LOCAL_ORIGIN) return;
    this.pending.push(update);
    if (this.state.status !== 'waitingToRetry') this.set({ status: 'outOfSync' });
    this.scheduleSave(0);
  };

  private onAwarenessUpdate = (
    { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ): void => {
    if (origin === this) return;
    const changed = [...added, ...updated, ...removed];
    this.sendRaw(
      frame(SYNC_MESSAGE.awareness, (e) =>
        encoding.writeVarUint8Array(e, awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed)),
      ),
    );
  };

  private scheduleSave(delayMs: number): void {
    if (this.timers.save !== undefined || this.timers.retry !== undefined) return;
    this.timers.save = setTimeout(() => {
      this.timers.save = undefined;
      this.save();
    }, delayMs);
  }

  private scheduleHashCheck(delayMs: number): void {
    clearTimeout(this.timers.hash);
    this.timers.hash = setTimeout(() => {
      this.timers.hash = undefined;
      if (this.pending.length === 0 && !this.inFlight) this.save(true);
    }, delayMs);
  }

  /** Sends the pending batch (or, for a hash check, an empty one) as one acknowledged save. */
  private save(hashCheck = false): void {
    if (this.inFlight || !this.initialSyncDone || !this.ws || this.ws.readyState !== 1) return;
    // A batch the server refused for its size would be refused again: it is not resent.
    if (
      this.state.refused === REFUSAL_REASONS.UPDATE_TOO_LARGE ||
      this.state.refused === REFUSAL_REASONS.DOCUMENT_TOO_LARGE
    )
      return;
    if (this.pending.length === 0 && !hashCheck) return;
    const count = this.pending.length;
    const merged = count > 0 ? Y.mergeUpdates(this.pending) : new Uint8Array([0, 0]);
    let payload = merged;
    let flags = 0;
    try {
      payload = (this.o.compress ?? ((d) => deflateSync(d)))(merged);
      flags = SAVE_FLAGS.deflated;
    } catch (err) {
      this.o.log?.('warn', 'COMPRESSION_FAILED', err);
      payload = merged;
      flags = 0;
    }
    const id = this.nextRequestId++;
    this.inFlight = { id, count };
    this.timers.saveTimeout = setTimeout(() => {
      if (this.inFlight?.id === id) this.onSaved(id, SAVE_OUTCOME.failed, '', 'TIMED_OUT');
    }, this.o.saveTimeoutMs);
    if (count > 0) this.set({ status: 'saving' });
    // The hash of the content as it is now, pending edits included; the digest itself is native
    // and asynchronous. A connection lost meanwhile ends this save by its timeout, and it is retried.
    void this.content.contentHashAsync().then((hash) => {
      if (this.destroyed || this.inFlight?.id !== id || !this.ws || this.ws.readyState !== 1) return;
      this.sendRaw(
        frame(SYNC_MESSAGE.save, (e) => {
          encoding.writeVarUint(e, id);
          encoding.writeVarUint(e, flags);
          encoding.writeVarString(e, hash);
          encoding.writeVarUint8Array(e, payload);
        }),
      );
    });
  }

  private onSaved(id: number, outcome: number, serverHash: string, reason: string): void {
    if (!this.inFlight || this.inFlight.id !== id) return;
    const { count } = this.inFlight;
    this.inFlight = null;
    clearTimeout(this.timers.saveTimeout);
    if (outcome === SAVE_OUTCOME.failed) {
      const failures = this.state.failures + 1;
      const retryAt = Date.now() + this.o.saveRetryWaitMs;
      this.set({ status: 'waitingToRetry', failures, retryAt });
      this.timers.retry = setTimeout(() => {
        this.timers.retry = undefined;
        this.set({ retryAt: null });
        this.save();
      }, this.o.saveRetryWaitMs);
      return;
    }
    if (outcome === SAVE_OUTCOME.refused) {
      // The document is read-only (e.g. finalized). The edits stay on this device.
      this.set({ refused: reason || 'REFUSED', status: 'outOfSync' });
      return;
    }
    this.pending.splice(0, count);
    if (this.pending.length > 0) {
      this.set({ status: 'outOfSync', failures: 0, retryAt: null });
      this.scheduleSave(0);
      return;
    }
    this.set({ failures: 0, retryAt: null });
    void this.content.contentHashAsync().then((hash) => {
      // Edits made or a save started meanwhile: that save's acknowledgement decides.
      if (this.destroyed || this.inFlight || this.pending.length > 0) return;
      const synced = serverHash === hash;
      this.set({ status: synced ? 'synced' : 'outOfSync' });
      if (!synced) this.scheduleHashCheck(this.o.hashDebounceMs);
    });
  }

  /** Out of sync for 30 s: exchange state vectors again and send our whole state as a save. */
  private armResync(): void {
    if (this.timers.resync !== undefined) return;
    this.timers.resync = setTimeout(() => {
      this.timers.resync = undefined;
      if (this.state.status !== 'outOfSync' || !this.ws || this.ws.readyState !== 1) {
        if (this.state.status === 'outOfSync') this.armResync();
        return;
      }
      this.set({ status: 'resyncing' });
      this.sendSyncStep1();
      if (!this.inFlight) {
        this.pending = [Y.encodeStateAsUpdate(this.o.doc)];
        this.save();
      }
    }, this.o.resyncWaitMs);
  }

  destroy(): void {
    this.destroyed = true;
    for (const t of Object.values(this.timers)) clearTimeout(t);
    this.o.doc.off('update', this.onDocUpdate);
    this.content.destroy();
    this.awareness.off('update', this.onAwarenessUpdate);
    awarenessProtocol.removeAwarenessStates(this.awareness, [this.o.doc.clientID], 'destroy');
    this.awareness.destroy();
    this.ws?.close();
    this.ws = null;
    this.listeners.clear();
  }
}

function frame(type: number, write: (e: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
}
