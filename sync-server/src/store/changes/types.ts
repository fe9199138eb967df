import type { FhirResource, FhirResourceType } from '@vigil/shared';
import type { UnitOfWork } from '../unit-of-work.js';

/*
 * The change feed (issue 36 item 3): an ordered, durable record of what changed, written in the
 * same transaction as the change itself (an outbox). Live events are one consumer of it; the
 * later webhooks, EMR write-back, analytics read models and cross-instance fan-out are others.
 */

/** The domain events recorded beside the resource changes (names are stable: consumers match on them). */
export const DOMAIN_EVENTS = [
  'case.finalized',
  'addendum.signed',
  'history.signed',
  'ledger.entry',
  'policy.set',
  'policy.deleted',
] as const;
export type DomainEventName = (typeof DOMAIN_EVENTS)[number];

/** What a resource change did: a new resource (or a new one under a deleted id), a new version, a deletion. */
export type ResourceAction = 'create' | 'update' | 'delete';

/** A resource change's small payload: enough to announce it without reading the resource. */
export interface ResourceChangePayload {
  action: ResourceAction;
  /** The resource's search values (for a deletion: those of the version it deleted). */
  filterData: Record<string, string[]>;
}

/** A domain event's small payload: ids, never patient data. */
export type DomainEventPayload = Record<string, string | number | boolean | null>;

interface ChangeBase {
  /** Epoch milliseconds of the change. */
  at: number;
  orgId: string;
}

export interface NewResourceChange extends ChangeBase {
  kind: 'resource';
  resourceType: FhirResourceType;
  resourceId: string;
  versionId: string;
  payload: ResourceChangePayload;
}

export interface NewDomainEvent extends ChangeBase {
  kind: DomainEventName;
  payload: DomainEventPayload;
}

export type NewChange = NewResourceChange | NewDomainEvent;

/** A recorded change: its position in the feed (`seq`, increasing in commit order) and what it was. */
export type Change = NewChange & { seq: number };
export type ResourceChange = NewResourceChange & { seq: number };

/**
 * What a change's subscriber in this process may get besides the recorded change: the resource
 * as written (null for a deletion), so an announcement needs no read. A subscriber in another
 * process gets the change only and reads the version from the resource store.
 */
export interface ChangeDetail {
  resource?: FhirResource | null;
  /**
   * Heard from another instance (issue 43): what a commit sets off there (forms added to a new
   * appointment) ran there; subscribers here only announce it.
   */
  remote?: true;
}

/** A committed change as the bus delivers it. */
export interface Committed {
  change: Change;
  detail: ChangeDetail;
}

/**
 * Publish/subscribe of committed changes (in memory now; Redis or PostgreSQL NOTIFY with several
 * instances). A subscriber that misses a notification loses nothing: the feed holds it, and a
 * consumer reads from its cursor (or an SSE stream from its Last-Event-ID).
 */
export interface ChangeBus {
  publish(committed: Committed): void;
  subscribe(listener: (committed: Committed) => void): () => void;
}

/** Which changes a read returns (all by default). */
export interface ChangeFilter {
  orgId?: string;
  kinds?: readonly Change['kind'][];
}

/**
 * The feed's storage. `append` joins the caller's open transaction (the resource store's, or a
 * service's unit of work on the same database) and fails outside one: a change is recorded
 * exactly when what it describes commits, and is announced on the bus only after that commit.
 * Asynchronous, so another implementation (PostgreSQL) implements this interface and passes
 * store/changes/contract.test.ts as the memory and SQLite ones do.
 */
export interface ChangeStore extends UnitOfWork {
  /** Records a change inside the caller's transaction; the bus hears of it once that transaction commits. */
  append(change: NewChange, detail?: ChangeDetail): Promise<Change>;
  /** Changes after `afterSeq`, oldest first, at most `limit`. */
  read(afterSeq: number, limit: number, filter?: ChangeFilter): Promise<Change[]>;
  /** The last seq recorded (0 for an empty feed): where a new consumer that wants only what follows starts. */
  lastSeq(): Promise<number>;
  /** A consumer's cursor: the last seq it handled (0 when it never advanced). */
  cursor(consumer: string): Promise<number>;
  /** Moves a consumer's cursor forward to `seq` (never backwards). */
  advance(consumer: string, seq: number, at: number): Promise<void>;
  /**
   * Deletes the changes recorded before `before` (epoch ms), up to the first one at or after it
   * (times follow commit order; one out of order keeps what follows it); answers how many.
   */
  prune(before: number): Promise<number>;
  /** Runs `fn` as one transaction on the feed's database (the resource store's): appends inside commit with it. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
}
