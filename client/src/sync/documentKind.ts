import {
  CASE_DATA_SCHEMA_VERSION,
  CASE_ROOT,
  CASE_STRUCTURE_GROUPS,
  HEALTH_HISTORY_ROOT,
  migrateCaseData,
  type Issue,
} from '@vigil/shared';

/**
 * Containers of a document's root map made by one deterministic structure update (see
 * documentStructure.ts): lists (Y.Array), collaborative texts (Y.Text) and records (Y.Map).
 */
export interface StructureGroup {
  readonly lists: readonly string[];
  readonly texts: readonly string[];
  readonly maps: readonly string[];
}

/** How a kind brings content written by an older build up to this build's schema. */
export interface DocumentMigrations {
  /** The schema version this build writes (kept in the root's `schemaVersion`). */
  readonly version: number;
  /** Forward migrations of the content (shared); never throws. */
  readonly migrate: (raw: unknown) => {
    data: Record<string, unknown> | null;
    fromVersion: number | null;
    issues: readonly Pick<Issue, 'code'>[];
  };
  /** The issue code `migrate` gives content from a newer build (which this build must not edit). */
  readonly tooNewCode: string;
}

/**
 * A kind of synced clinical document (docs/architecture.md "Document kinds"): a case, a health
 * history. Everything the client's sync layer does (IndexedDB copy, the websocket provider, the
 * save states, the structure update, migrations) is the same for every kind; only this differs.
 */
export interface DocumentKind {
  /** The kind's name, as the server's document kinds call it. */
  readonly name: string;
  /** The root map whose JSON is the content (and the content hash, spec 001 §4). */
  readonly root: string;
  /** Containers created by the structure update; append groups, never reorder or remove. */
  readonly structure: readonly StructureGroup[];
  /** Forward migrations, or null while the kind has had one schema version only. */
  readonly migrations: DocumentMigrations | null;
  /** Prefix of the IndexedDB database that keeps a document of this kind on the device. */
  readonly databasePrefix: string;
  /** What the user calls a document of this kind, in messages ("This device cannot store the case"). */
  readonly noun: string;
}

/** The anesthesia record (spec 001 §3): root `case`, its lists and texts, the case-data migrations. */
export const CASE_KIND: DocumentKind = {
  name: 'case',
  root: CASE_ROOT,
  structure: CASE_STRUCTURE_GROUPS,
  migrations: { version: CASE_DATA_SCHEMA_VERSION, migrate: migrateCaseData, tooNewCode: 'CASE_DATA_TOO_NEW' },
  databasePrefix: 'vigil-case',
  noun: 'case',
};

/**
 * The health history (spec 002 §3 "Health history record", HH13): root `healthHistory`. Its editor
 * writes whole values into root keys (`set(patch)`), so it has no lists or texts of its own to
 * create; it has had one schema version so far (docs/decisions.md, session 16).
 */
export const HEALTH_HISTORY_KIND: DocumentKind = {
  name: 'healthHistory',
  root: HEALTH_HISTORY_ROOT,
  structure: [],
  migrations: null,
  databasePrefix: 'vigil-hhx',
  noun: 'health history',
};

/** IndexedDB database name of a document of a kind. */
export function documentDatabaseName(kind: DocumentKind, orgId: string, docId: string): string {
  return `${kind.databasePrefix}:${orgId}/${docId}`;
}
