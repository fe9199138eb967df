import type { FhirResource, FhirResourceType } from '@vigil/shared';
import type { SearchClause } from './search-params.js';
import type { UnitOfWork } from '../unit-of-work.js';

/** One stored version of a resource. `resource` is null for a deletion. */
export interface StoredVersion {
  orgId: string;
  resourceType: FhirResourceType;
  id: string;
  versionId: string;
  lastUpdated: string;
  deleted: boolean;
  resource: FhirResource | null;
}

export interface WriteInput {
  orgId: string;
  /** The resource with its id and meta (versionId, lastUpdated) already set by the caller. */
  resource: FhirResource & { id: string };
  /** The version the writer last saw: a different current version is a conflict (If-Match). */
  ifMatch?: string | undefined;
  /** Create only: an existing live resource with this id is a conflict. */
  createOnly?: boolean;
  /**
   * The writer made the id just now (newId): no version of it exists, so the store may write
   * version 1 without reading one first (PostgreSQL: one statement where nothing is recorded in the
   * change feed, as an AuditEvent). Any version already stored under the id is a conflict.
   */
  newId?: boolean;
}

export interface Page {
  offset: number;
  count: number;
}

/** Result order: by lastUpdated or by the `date` search value (Appointment start…), then id. */
export interface SearchSort {
  by: '_lastUpdated' | 'date';
  descending: boolean;
}
/** Newest change first (the default order of searches). */
export const DEFAULT_SORT: SearchSort = { by: '_lastUpdated', descending: true };

export interface PageOf<T> {
  total: number;
  items: T[];
}

/**
 * Where FHIR resources live, per organisation. Every method takes the organisation: nothing
 * is ever found across organisations. Asynchronous (issue 26), so a PostgreSQL implementation can
 * be added by implementing this interface and passing the same contract suite
 * (store/resources/contract.test.ts); the memory, SQLite and PostgreSQL implementations pass it.
 */
export interface ResourceStore extends UnitOfWork {
  /** The current version (possibly a deletion), or null when the id was never written. */
  read(orgId: string, type: FhirResourceType, id: string): Promise<StoredVersion | null>;
  /** One version, or null. */
  readVersion(orgId: string, type: FhirResourceType, id: string, versionId: string): Promise<StoredVersion | null>;
  /**
   * Writes the next version (1 for a new id). The stored versionId and lastUpdated are the
   * store's: it sets meta.versionId to the next number and meta.lastUpdated to `now`. The version
   * it supersedes is kept as the history policy says (history-policy.ts: no case content unless
   * signed). Rejects with VersionConflictError on a stale ifMatch, an existing id with createOnly or
   * any stored version with newId.
   */
  write(input: WriteInput, now: string): Promise<StoredVersion>;
  /** Marks a live resource deleted (a new version without content); null when there was none. */
  delete(
    orgId: string,
    type: FhirResourceType,
    id: string,
    now: string,
    ifMatch?: string,
  ): Promise<StoredVersion | null>;
  /** Versions of one resource, newest first. */
  history(orgId: string, type: FhirResourceType, id: string, page: Page): Promise<PageOf<StoredVersion>>;
  /** Live resources matching every clause, in `sort` order (default: most recently updated first), ties by id. */
  search(
    orgId: string,
    type: FhirResourceType,
    clauses: readonly SearchClause[],
    page: Page,
    sort?: SearchSort,
  ): Promise<PageOf<FhirResource>>;
  /**
   * Runs `fn` atomically (a write and its audit event together): every write inside it commits
   * or none does, and a transaction started inside `fn` joins it (a savepoint). On SQLite and in
   * memory transactions are serialised (one at a time per database, whatever awaits `fn` makes);
   * on PostgreSQL they run side by side, each on its own connection, and writes of one resource
   * (and of recorded resources, through the change feed's order) wait for each other's commit.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
}
