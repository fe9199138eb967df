import {
  idPrefixOf,
  liveEventRetry,
  liveVitalsEventSchema,
  randomAlphanumeric,
  type FhirResource,
  type FhirResourceType,
  type LiveVitalsEvent,
} from '@vigil/shared';
import { Dexie, liveQuery, type Table } from 'dexie';
import { useEffect, useRef, useState } from 'react';
import { fhirClient, FhirRequestError, type FhirClient, type ResourceOf } from './fhir.js';

/*
 * The tablet's resource cache and outbox (issue 5): resources are cached per organisation as
 * they are read; creates and updates made without a network go to an outbox that replays in
 * order once the network is back. A version conflict (409) stays in the outbox with its status
 * and is shown to the user; it is never overwritten.
 */

/** A cached resource, keyed by organisation, type and id. */
export interface CachedResource {
  orgId: string;
  resourceType: FhirResourceType;
  id: string;
  resource: FhirResource;
  /** When this device stored it (ms). */
  cachedAt: number;
}

/** pending: waiting to be sent; conflict: the server has a newer version (409); failed: refused for another reason. */
export type OutboxStatus = 'pending' | 'conflict' | 'failed';

/** A create or update made on this device, waiting for the server. */
export interface OutboxEntry {
  seq?: number;
  orgId: string;
  op: 'create' | 'update';
  resourceType: FhirResourceType;
  id: string;
  resource: FhirResource;
  /** The version the change was based on (an update's If-Match); null for a create. */
  baseVersion: string | null;
  status: OutboxStatus;
  /** The error code of the last refused attempt. */
  error: string | null;
  /** The server's messages of the last refused attempt. */
  messages: string[];
  createdAt: number;
}

/** A setting of an organisation read through GraphQL, kept on the device (data/settingsCache.ts). */
export interface CachedSetting {
  orgId: string;
  /** The query's name: 'policies', … */
  name: string;
  value: unknown;
  savedAt: number;
}

export type VigilDb = Dexie & {
  resources: Table<CachedResource, [string, string, string]>;
  outbox: Table<OutboxEntry, number>;
  settings: Table<CachedSetting, [string, string]>;
};

let instance: VigilDb | null = null;

/** The one IndexedDB database of the resource cache (opened on first use). */
export function db(): VigilDb {
  if (!instance) {
    const d = new Dexie('vigil-resources') as VigilDb;
    d.version(1).stores({
      resources: '[orgId+resourceType+id], [orgId+resourceType], orgId',
      outbox: '++seq, orgId, [orgId+resourceType+id]',
    });
    // Settings read through GraphQL (issue 36 item 6), beside the resources.
    d.version(2).stores({ settings: '[orgId+name], orgId' });
    instance = d;
  }
  return instance;
}

// ---------------------------------------------------------------------------------------------
// Pure parts

/** A new client-side id for a resource created on this device (`pat-` + 14, like the server's). */
export function newResourceId(type: FhirResourceType): string {
  return `${idPrefixOf(type)}-${randomAlphanumeric(14).toLowerCase()}`;
}

/** What to do with an outbox entry after one attempt failed with an error code. */
export type ReplayOutcome = 'stop' | 'conflict' | 'failed';

/**
 * NETWORK_ERROR and the session errors stop the replay and keep the entry pending (tried again
 * later, in the same order); CONFLICT keeps it as a conflict for the user; anything else (a
 * validation finding, editing blocked) keeps it as failed with the server's message.
 */
export function replayOutcome(code: string): ReplayOutcome {
  if (code === 'NETWORK_ERROR' || code === 'NO_AUTHENTICATION' || code === 'SUDO_REQUIRED') return 'stop';
  if (code === 'NOT_AUTHORIZED') return 'stop';
  if (code === 'CONFLICT') return 'conflict';
  return 'failed';
}

/**
 * A change to queue, given what the outbox already holds for the same resource: a pending entry
 * takes the newer content (a create stays a create, an update keeps the version it was based on),
 * so replay sends one write per resource. Anything else (none, or a conflict or failure waiting
 * for the user) gets a new entry behind it.
 */
export function queueChange(
  existing: readonly OutboxEntry[],
  change: Omit<OutboxEntry, 'seq' | 'status' | 'error' | 'messages'>,
): { replace: OutboxEntry } | { add: OutboxEntry } {
  const pending = existing.find(
    (e) =>
      e.status === 'pending' &&
      e.orgId === change.orgId &&
      e.resourceType === change.resourceType &&
      e.id === change.id,
  );
  if (pending) return { replace: { ...pending, resource: change.resource } };
  return { add: { ...change, status: 'pending', error: null, messages: [] } };
}

/** Entries to send now: pending ones in order, skipping any resource that has an earlier entry held back. */
export function replayable(entries: readonly OutboxEntry[]): OutboxEntry[] {
  const held = new Set<string>();
  const out: OutboxEntry[] = [];
  for (const e of [...entries].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    const key = `${e.orgId}|${e.resourceType}|${e.id}`;
    if (e.status !== 'pending') held.add(key);
    else if (!held.has(key)) out.push(e);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Cache

/**
 * Stores resources read from the server (newer content replaces older). A resource with a change
 * of this device still in the outbox keeps the device's version until that change is settled,
 * unless `evenIfQueued` (the outbox writing its own change).
 */
export async function cacheResources(
  orgId: string,
  resources: readonly FhirResource[],
  { evenIfQueued = false }: { evenIfQueued?: boolean } = {},
): Promise<void> {
  const now = Date.now();
  await db().transaction('rw', db().resources, db().outbox, async () => {
    const queued = evenIfQueued
      ? new Set<string>()
      : new Set((await db().outbox.where('orgId').equals(orgId).toArray()).map((e) => `${e.resourceType}/${e.id}`));
    await db().resources.bulkPut(
      resources
        .filter((r): r is FhirResource & { id: string } => Boolean(r.id))
        .filter((r) => !queued.has(`${r.resourceType}/${r.id}`))
        .map((resource) => ({ orgId, resourceType: resource.resourceType, id: resource.id, resource, cachedAt: now })),
    );
  });
}

/**
 * After a complete listing of a type: drops cached resources of that type the server no longer
 * has, except those with an outbox entry (not on the server yet, or waiting for the user).
 */
export async function replaceCachedType(
  orgId: string,
  type: FhirResourceType,
  resources: readonly FhirResource[],
): Promise<void> {
  await db().transaction('rw', db().resources, db().outbox, async () => {
    const keep = new Set(resources.map((r) => r.id));
    const queued = new Set(
      (await db().outbox.where('orgId').equals(orgId).toArray())
        .filter((e) => e.resourceType === type)
        .map((e) => e.id),
    );
    const cached = await db().resources.where('[orgId+resourceType]').equals([orgId, type]).toArray();
    const gone = cached.filter((c) => !keep.has(c.id) && !queued.has(c.id));
    await db().resources.bulkDelete(gone.map((c): [string, string, string] => [c.orgId, c.resourceType, c.id]));
    await cacheResources(orgId, resources);
  });
}

/** Cached resources of a type in an organisation. */
export async function cachedOfType<T extends FhirResourceType>(orgId: string, type: T): Promise<ResourceOf<T>[]> {
  const rows = await db().resources.where('[orgId+resourceType]').equals([orgId, type]).toArray();
  return rows.map((r) => r.resource as ResourceOf<T>);
}

/** One cached resource, or undefined. */
export async function cachedResource<T extends FhirResourceType>(
  orgId: string,
  type: T,
  id: string,
): Promise<ResourceOf<T> | undefined> {
  const row = await db().resources.get([orgId, type, id]);
  return row?.resource as ResourceOf<T> | undefined;
}

/** The organisation's outbox, oldest first. */
export async function outboxEntries(orgId: string): Promise<OutboxEntry[]> {
  return db().outbox.where('orgId').equals(orgId).sortBy('seq');
}

// ---------------------------------------------------------------------------------------------
// Writes and replay

export interface SaveResult<T> {
  resource: T;
  /** True when the change waits in the outbox (no network); false when the server stored it. */
  queued: boolean;
}

async function enqueue(orgId: string, resource: FhirResource & { id: string }, op: 'create' | 'update'): Promise<void> {
  await db().transaction('rw', db().resources, db().outbox, async () => {
    const existing = await db()
      .outbox.where('[orgId+resourceType+id]')
      .equals([orgId, resource.resourceType, resource.id])
      .toArray();
    const queued = queueChange(existing, {
      orgId,
      op,
      resourceType: resource.resourceType,
      id: resource.id,
      resource,
      baseVersion: op === 'update' ? (resource.meta?.versionId ?? null) : null,
      createdAt: Date.now(),
    });
    if ('replace' in queued) await db().outbox.put(queued.replace);
    else await db().outbox.add(queued.add);
    await cacheResources(orgId, [resource], { evenIfQueued: true });
  });
}

async function send<T extends FhirResource>(client: FhirClient, entry: OutboxEntry): Promise<T> {
  const resource = entry.resource as T & { id: string };
  // A create is a PUT with the device's id, so a replay after a lost answer cannot create it twice.
  return client.update(resource, { ifMatch: entry.op === 'create' ? null : entry.baseVersion });
}

/**
 * Saves a resource: straight to the server when it can be reached (and nothing for that
 * resource is queued before it), else into the outbox and the cache. A new resource gets its id
 * here unless it brings one (then it is still a create: no `meta.versionId`). Errors other than an unreachable server are thrown to the form.
 */
export async function saveResource<T extends FhirResource>(
  orgId: string,
  resource: T,
  client: FhirClient = fhirClient(orgId),
): Promise<SaveResult<T & { id: string }>> {
  // A resource the server never answered for has no version: a create, even with an id chosen
  // here beforehand (a new case's Appointment and Composition share one).
  const op = resource.id && resource.meta?.versionId ? 'update' : 'create';
  const withId = { ...resource, id: resource.id ?? newResourceId(resource.resourceType) } as T & { id: string };
  const ahead = await db()
    .outbox.where('[orgId+resourceType+id]')
    .equals([orgId, withId.resourceType, withId.id])
    .count();
  if (ahead === 0 && (typeof navigator === 'undefined' || navigator.onLine)) {
    try {
      const saved = await client.update(withId, { ifMatch: op === 'create' ? null : withId.meta?.versionId });
      await cacheResources(orgId, [saved]);
      return { resource: saved as T & { id: string }, queued: false };
    } catch (err) {
      if (!(err instanceof FhirRequestError) || err.code !== 'NETWORK_ERROR') throw err;
    }
  }
  await enqueue(orgId, withId, op);
  return { resource: withId, queued: true };
}

const replaying = new Map<string, Promise<number>>();

/**
 * Sends the organisation's pending outbox entries in order. Returns how many were stored. One
 * replay per organisation at a time; a call during one waits for it.
 */
export function replayOutbox(orgId: string, client: FhirClient = fhirClient(orgId)): Promise<number> {
  const running = replaying.get(orgId);
  if (running) return running;
  const run = (async (): Promise<number> => {
    let sent = 0;
    for (const entry of replayable(await outboxEntries(orgId))) {
      try {
        const saved = await send(client, entry);
        await db().transaction('rw', db().resources, db().outbox, async () => {
          await db().outbox.delete(entry.seq!);
          await cacheResources(orgId, [saved]);
        });
        sent++;
      } catch (err) {
        const code = err instanceof FhirRequestError ? err.code : 'UNKNOWN';
        const outcome = replayOutcome(code);
        if (outcome === 'stop') break;
        await db().outbox.update(entry.seq!, {
          status: outcome,
          error: err instanceof FhirRequestError ? err.serverCode : code,
          messages: err instanceof FhirRequestError ? err.messages : [],
        });
      }
    }
    return sent;
  })().finally(() => replaying.delete(orgId));
  replaying.set(orgId, run);
  return run;
}

/** After a conflict: drops the device's change and keeps the server's version (read again). */
export async function discardOutboxEntry(orgId: string, seq: number, client: FhirClient = fhirClient(orgId)): Promise<void> {
  const entry = await db().outbox.get(seq);
  if (!entry) return;
  await db().outbox.delete(seq);
  try {
    await cacheResources(orgId, [await client.read(entry.resourceType, entry.id)]);
  } catch {
    // Offline or gone: the cache keeps what it had; the next listing corrects it.
  }
}

/** After a conflict: sends the device's change again on top of the server's newest version. */
export async function overwriteWithMine(orgId: string, seq: number, client: FhirClient = fhirClient(orgId)): Promise<void> {
  const entry = await db().outbox.get(seq);
  if (!entry) return;
  const current = await client.read(entry.resourceType, entry.id);
  const saved = await client.update({ ...entry.resource, id: entry.id, meta: current.meta });
  await db().outbox.delete(seq);
  await cacheResources(orgId, [saved]);
}

/** The outbox replay interval while entries are pending (the 'online' event may not fire on every network). */
export const OUTBOX_RETRY_MS = 15_000;

/** Replays the organisation's outbox now, when the browser comes back online and every 15 s. */
export function useOutboxReplay(orgId: string): void {
  useEffect(() => {
    if (!orgId) return;
    const replay = (): void => void replayOutbox(orgId).catch(() => undefined);
    replay();
    window.addEventListener('online', replay);
    const timer = window.setInterval(replay, OUTBOX_RETRY_MS);
    return () => {
      window.removeEventListener('online', replay);
      window.clearInterval(timer);
    };
  }, [orgId]);
}

// ---------------------------------------------------------------------------------------------
// Live events (spec 002 §3, §4, §7; connection rules of spec 000 §4)

/** One live event's data (spec 002 §7): action, orgId, resourceId, resourceType, filterData, resourcesJSON. */
export interface LiveEventData {
  action: 'CreateResource' | 'UpdateResource' | 'DeleteResource';
  orgId: string;
  resourceId: string;
  resourceType: FhirResourceType;
  filterData?: Record<string, string[]>;
  resourcesJSON: string;
}

/** What a live event does to the cache. */
export type LiveCacheChange =
  | { kind: 'put'; resource: FhirResource }
  | { kind: 'fetch'; resourceType: FhirResourceType; id: string }
  | { kind: 'delete'; resourceType: FhirResourceType; id: string }
  | { kind: 'none' };

/**
 * Spec 002 §4 "Live org events": CreateResource stores the resource (or fetches it when the
 * event carries none); UpdateResource refreshes only a resource already known; DeleteResource
 * removes a known resource. An event of another organisation, or unparseable, changes nothing;
 * with `types`, neither does an event of a resource type not among them.
 */
export function liveCacheChange(
  orgId: string,
  data: string,
  isKnown: boolean,
  types: ReadonlySet<string> | null = null,
): LiveCacheChange {
  let event: LiveEventData;
  let resources: FhirResource[];
  try {
    event = JSON.parse(data) as LiveEventData;
    resources = event.resourcesJSON ? (JSON.parse(event.resourcesJSON) as FhirResource[]) : [];
  } catch {
    return { kind: 'none' };
  }
  if (event.orgId !== orgId || !event.resourceId || !event.resourceType) return { kind: 'none' };
  if (types && !types.has(event.resourceType)) return { kind: 'none' };
  const resource = resources.find((r) => r.id === event.resourceId && r.resourceType === event.resourceType);
  switch (event.action) {
    case 'CreateResource':
      return resource
        ? { kind: 'put', resource }
        : { kind: 'fetch', resourceType: event.resourceType, id: event.resourceId };
    case 'UpdateResource':
      if (!isKnown) return { kind: 'none' };
      return resource
        ? { kind: 'put', resource }
        : { kind: 'fetch', resourceType: event.resourceType, id: event.resourceId };
    case 'DeleteResource':
      return isKnown ? { kind: 'delete', resourceType: event.resourceType, id: event.resourceId } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

async function applyLiveEvent(
  orgId: string,
  data: string,
  client: FhirClient,
  types: ReadonlySet<string> | null,
): Promise<void> {
  let key: [string, string, string] | null = null;
  try {
    const e = JSON.parse(data) as LiveEventData;
    key = [orgId, e.resourceType, e.resourceId];
  } catch {
    // liveCacheChange reports it as no change.
  }
  if (types && key && !types.has(key[1])) return;
  const known = key ? (await db().resources.get(key)) !== undefined : false;
  const change = liveCacheChange(orgId, data, known, types);
  if (change.kind === 'put') await cacheResources(orgId, [change.resource]);
  else if (change.kind === 'fetch') await cacheResources(orgId, [await client.read(change.resourceType, change.id)]);
  else if (change.kind === 'delete') await db().resources.delete([orgId, change.resourceType, change.id]);
}

/**
 * What a screen hears of the live vitals on the organisation's live-event stream (issue 38): the
 * stream opened (or opened again: what changed meanwhile is read again) and each summary pushed.
 */
export interface LiveVitalsListener {
  onReady(): void;
  onLiveVitals(event: LiveVitalsEvent): void;
}

/**
 * Keeps the organisation's cache fresh from `GET /api/fhir-sse/org/{orgId}` while mounted. A
 * dropped network is left to EventSource, which reconnects with Last-Event-ID so the server
 * replays what was missed; a stream the browser closed for good (the server refused it) counts
 * as failed and is opened again after 60 s. With `types`, only events of those resource types
 * reach the cache (the case screen: the Contract a patient signs and the Appointment's tasks,
 * not the case's own Composition projected back every pause in saving; none with []). With
 * `live`, the same stream also carries the live vitals' summaries (`?liveVitals=1`).
 */
export function useLiveResourceEvents(
  orgId: string,
  types?: readonly FhirResourceType[],
  live?: LiveVitalsListener,
): void {
  const typesKey = types === undefined ? '*' : types.join(',');
  const liveRef = useRef(live);
  liveRef.current = live;
  const wantsLive = live !== undefined;
  useEffect(() => {
    if (!orgId || typeof EventSource === 'undefined') return;
    const client = fhirClient(orgId);
    const wanted = typesKey === '*' ? null : new Set(typesKey.split(','));
    let source: EventSource | null = null;
    let retry: number | undefined;
    let stopped = false;
    const open = (): void => {
      source = new EventSource(`/api/fhir-sse/org/${encodeURIComponent(orgId)}${wantsLive ? '?liveVitals=1' : ''}`);
      source.onmessage = (e: MessageEvent<string>) =>
        void applyLiveEvent(orgId, e.data, client, wanted).catch(() => undefined);
      if (wantsLive) {
        source.addEventListener('ready', () => liveRef.current?.onReady());
        source.addEventListener('liveVitals', (e: MessageEvent<string>) => {
          const parsed = liveVitalsEventSchema.safeParse(parseJson(e.data));
          if (parsed.success) liveRef.current?.onLiveVitals(parsed.data);
        });
      }
      // A close or a dropped network: EventSource reconnects itself after the 1 s the server's
      // `retry` sets (LC2). It gives up for good only on a refusal, which the server answers with
      // 401, 403 or 404 (EventSource does not tell the status): failed, opened anew after 60 s (LC2).
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        retry = window.setTimeout(open, liveEventRetry({ kind: 'refused', status: 403 }).delayMs);
      };
    };
    open();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      source?.close();
    };
  }, [orgId, typesKey, wantsLive]);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Live reads

/** What a live query hands a screen: undefined until the first answer. */
export function useDexieQuery<T>(query: () => Promise<T>, key: string): T | undefined {
  const [state, setState] = useState<{ key: string; value: T } | undefined>(undefined);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: (value) => setState({ key, value }),
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
    // The key names the query: a new key is a new query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state?.key === key ? state.value : undefined;
}

/** The organisation's outbox, live. */
export function useOutbox(orgId: string): OutboxEntry[] | undefined {
  return useDexieQuery(() => outboxEntries(orgId), `outbox|${orgId}`);
}
