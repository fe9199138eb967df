import type { LiveVitalsEvent } from '@vigil/shared';

/**
 * Publish/subscribe of live summaries (issue 38): what the live-event streams of an organisation
 * push as `liveVitals` events. In memory now; with several instances a Redis (or PostgreSQL
 * NOTIFY) implementation of this interface carries a summary written by the instance holding the
 * case's room to the streams held by the others (docs/decisions.md, session 27). A listener that
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
