import { randomUUID } from 'node:crypto';
import type { LiveVitalsEvent } from '@vigil/shared';
import type { PubSub } from '../pubsub.js';

/**
 * Publish/subscribe of live summaries (issue 38): what the live-event streams of an organisation
 * push as `liveVitals` events. In memory for one instance; with several (REDIS_URL) the pub/sub
 * bus below carries a summary written by the instance holding the case's room to the streams
 * held by the others (docs/decisions.md, sessions 27 and 29). A listener that
 * misses an event loses nothing lasting: the summary is in the store, and a screen reads the list
 * again when its stream (re)opens.
 */
export interface LiveVitalsBus {
  publish(event: LiveVitalsEvent): void;
  /** Hears an organisation's events; answers the unsubscribe. */
  subscribe(orgId: string, listener: (event: LiveVitalsEvent) => void): () => void;
}

const orgOf = (event: LiveVitalsEvent): string => (event.action === 'put' ? event.summary.orgId : event.orgId);

/** The bus of one process. */
export class MemoryLiveVitalsBus implements LiveVitalsBus {
  private readonly listeners = new Map<string, Set<(event: LiveVitalsEvent) => void>>();

  publish(event: LiveVitalsEvent): void {
    for (const listener of [...(this.listeners.get(orgOf(event)) ?? [])]) listener(event);
  }

  subscribe(orgId: string, listener: (event: LiveVitalsEvent) => void): () => void {
    const set = this.listeners.get(orgId) ?? new Set();
    set.add(listener);
    this.listeners.set(orgId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(orgId);
    };
  }
}

/** What the pub/sub bus says: the summary and the instance that wrote it. */
interface Relayed {
  from: string;
  event: LiveVitalsEvent;
}

/**
 * The live bus across instances (REDIS_URL; issue 43): an event reaches this instance's streams
 * at once and every other instance's through the one channel `channel`. A lost message loses
 * nothing lasting (the summary is stored; a screen reads the list again when its stream reopens).
 */
export class PubSubLiveVitalsBus implements LiveVitalsBus {
  private readonly local = new MemoryLiveVitalsBus();
  private readonly instance = randomUUID();
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();
  /** Resolves once this instance hears the others. */
  readonly ready: Promise<void>;

  constructor(
    private readonly pubsub: PubSub,
    private readonly channel: string,
    onError: (err: unknown) => void = () => undefined,
  ) {
    this.ready = pubsub
      .subscribe(channel, (bytes) => {
        try {
          const relayed = JSON.parse(this.decoder.decode(bytes)) as Relayed;
          if (relayed.from !== this.instance) this.local.publish(relayed.event);
        } catch (err) {
          onError(err);
        }
      })
      .then(() => undefined, onError);
  }

  publish(event: LiveVitalsEvent): void {
    this.local.publish(event);
    const relayed: Relayed = { from: this.instance, event };
    void this.pubsub.publish(this.channel, this.encoder.encode(JSON.stringify(relayed)));
  }

  subscribe(orgId: string, listener: (event: LiveVitalsEvent) => void): () => void {
    return this.local.subscribe(orgId, listener);
  }
}
