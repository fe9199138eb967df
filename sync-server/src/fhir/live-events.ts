import type { FhirResourceType } from '@vigil/shared';

/** A live event's action (spec 002 §3, §7). */
export type LiveAction = 'CreateResource' | 'UpdateResource' | 'DeleteResource';

/** The data of one server-sent event (spec 002 §3 "Org live event"). */
export interface OrgLiveEvent {
  action: LiveAction;
  orgId: string;
  resourceId: string;
  resourceType: FhirResourceType;
  /** The resource's search values (patient, date, status…), so a client knows which cached lists it touches. */
  filterData: Record<string, string[]>;
  /** JSON array of the resource as stored (empty for a deletion). */
  resourcesJSON: string;
}

export interface DeliveredEvent {
  /** `{boot}.{sequence}`: the SSE id, sent back as Last-Event-ID to resume. */
  id: string;
  event: OrgLiveEvent;
}

type Listener = (event: DeliveredEvent) => void;

/** How many recent events are kept to resume a stream after a reconnect. */
export const LIVE_EVENT_REPLAY_SIZE = 1000;

/**
 * In-process fan-out of resource changes to the open SSE streams of each organisation. A
 * listener only ever receives its own organisation's events, and a replay only ever returns them.
 */
export class LiveEvents {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly recent: { seq: number; delivered: DeliveredEvent }[] = [];
  private readonly closers = new Set<() => void>();
  private seq = 0;
  readonly boot = Date.now().toString(36);

  subscribe(orgId: string, listener: Listener): () => void {
    const set = this.listeners.get(orgId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(orgId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(orgId);
    };
  }

  publish(event: OrgLiveEvent): void {
    this.seq += 1;
    const delivered = { id: `${this.boot}.${this.seq}`, event };
    this.recent.push({ seq: this.seq, delivered });
    if (this.recent.length > LIVE_EVENT_REPLAY_SIZE) this.recent.shift();
    for (const listener of this.listeners.get(event.orgId) ?? []) listener(delivered);
  }

  /** Events of one organisation after a Last-Event-ID of this boot (none for another boot or a gap too old). */
  since(orgId: string, lastEventId: string | undefined): DeliveredEvent[] {
    const m = /^([a-z0-9]+)\.(\d+)$/.exec(lastEventId ?? '');
    if (!m || m[1] !== this.boot) return [];
    const after = Number(m[2]);
    return this.recent.filter((r) => r.seq > after && r.delivered.event.orgId === orgId).map((r) => r.delivered);
  }

  /** Number of open streams of an organisation (tests, metrics). */
  listenerCount(orgId: string): number {
    return this.listeners.get(orgId)?.size ?? 0;
  }

  /** Registers a stream's closer, run by `close()`; returns the unregister function. */
  onClose(closer: () => void): () => void {
    this.closers.add(closer);
    return () => this.closers.delete(closer);
  }

  /** Ends every open stream (server shutdown). */
  close(): void {
    for (const closer of [...this.closers]) closer();
    this.closers.clear();
  }
}
