import type { FhirResource, FhirResourceType } from '@vigil/shared';
import type { ChangeBus, ChangeStore, Committed, ResourceAction, ResourceChange } from '../store/changes/types.js';
import type { ResourceStore } from '../store/resources/types.js';

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
  /** The change's position in the feed as text: the SSE id, sent back as Last-Event-ID to resume. */
  id: string;
  seq: number;
  event: OrgLiveEvent;
}

type Listener = (event: DeliveredEvent) => void;

/** How many changes one replay read returns; a stream reads page after page until it caught up. */
export const LIVE_EVENT_REPLAY_PAGE = 500;

const ACTIONS: Record<ResourceAction, LiveAction> = {
  create: 'CreateResource',
  update: 'UpdateResource',
  delete: 'DeleteResource',
};

/** The seq a Last-Event-ID names, or null (absent, or an id of the in-memory replay before issue 36). */
export function seqOfEventId(lastEventId: string | undefined): number | null {
  if (lastEventId === undefined || !/^\d{1,15}$/.test(lastEventId.trim())) return null;
  return Number(lastEventId.trim());
}

export interface LiveEventsDeps {
  /** The change feed: a reconnecting stream's replay reads it from its Last-Event-ID. */
  changes: Pick<ChangeStore, 'read' | 'lastSeq'>;
  /** Where committed changes are announced (in memory now): live streams hear them from it. */
  bus: ChangeBus;
  /** A change announced without its resource (by another process) and a replay read the version here. */
  resources: Pick<ResourceStore, 'readVersion'>;
  /** A version that could not be read for an announcement (logged; the replay still has it). */
  onError?: (err: unknown) => void;
}

/**
 * The organisations' live events (spec 002 §3, §7): one consumer of the change feed (issue 36
 * item 3). It hears committed resource changes on the bus and fans them out to the open SSE
 * streams of their organisation; a stream that reconnects with a Last-Event-ID reads what it
 * missed from the feed, so a restart loses nothing within the feed's retention window. A listener
 * only ever receives its own organisation's events, and a replay only ever returns them.
 */
export class LiveEvents {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly closers = new Set<() => void>();
  private readonly unsubscribe: () => void;
  /** Announcements that need a read, kept in commit order. */
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly deps: LiveEventsDeps) {
    this.unsubscribe = deps.bus.subscribe((committed) => this.hear(committed));
  }

  private hear({ change, detail }: Committed): void {
    if (change.kind !== 'resource' || !this.listeners.has(change.orgId)) return;
    if (detail.resource !== undefined || change.payload.action === 'delete') {
      this.deliver(this.delivered(change, detail.resource ?? null));
      return;
    }
    this.pending = this.pending
      .then(async () => this.deliver(this.delivered(change, await this.resourceOf(change))))
      .catch((err: unknown) => this.deps.onError?.(err));
  }

  private async resourceOf(change: ResourceChange): Promise<FhirResource | null> {
    if (change.payload.action === 'delete') return null;
    const version = await this.deps.resources.readVersion(
      change.orgId,
      change.resourceType,
      change.resourceId,
      change.versionId,
    );
    return version?.resource ?? null;
  }

  private delivered(change: ResourceChange, resource: FhirResource | null): DeliveredEvent {
    return {
      id: String(change.seq),
      seq: change.seq,
      event: {
        action: ACTIONS[change.payload.action],
        orgId: change.orgId,
        resourceId: change.resourceId,
        resourceType: change.resourceType,
        filterData: change.payload.filterData,
        resourcesJSON: JSON.stringify(resource ? [resource] : []),
      },
    };
  }

  private deliver(delivered: DeliveredEvent): void {
    for (const listener of [...(this.listeners.get(delivered.event.orgId) ?? [])]) listener(delivered);
  }

  subscribe(orgId: string, listener: Listener): () => void {
    const set = this.listeners.get(orgId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(orgId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(orgId);
    };
  }

  /**
   * One page of an organisation's events after a Last-Event-ID (none for an id that names no
   * position in the feed), oldest first, read from the feed.
   */
  async since(
    orgId: string,
    lastEventId: string | number | undefined,
    limit = LIVE_EVENT_REPLAY_PAGE,
  ): Promise<DeliveredEvent[]> {
    const after = typeof lastEventId === 'number' ? lastEventId : seqOfEventId(lastEventId);
    if (after === null) return [];
    const changes = await this.deps.changes.read(after, limit, { orgId, kinds: ['resource'] });
    const out: DeliveredEvent[] = [];
    for (const change of changes) {
      if (change.kind !== 'resource' || change.orgId !== orgId) continue;
      out.push(this.delivered(change, await this.resourceOf(change)));
    }
    return out;
  }

  /**
   * The feed position a Last-Event-ID resumes after, or null: absent, of the old form, or beyond
   * the feed (another database): such a stream gets what follows, as a new one does.
   */
  async resumeFrom(lastEventId: string | undefined): Promise<number | null> {
    const seq = seqOfEventId(lastEventId);
    return seq !== null && seq <= (await this.deps.changes.lastSeq()) ? seq : null;
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

  /** Ends every open stream and stops hearing the bus (server shutdown). */
  close(): void {
    for (const closer of [...this.closers]) closer();
    this.closers.clear();
    this.unsubscribe();
  }
}
