import type { FhirResource, FhirResourceType } from '@vigil/shared';
import { slimSuperseded } from '../store/resources/history-policy.js';
import { VersionConflictError } from './errors.js';
import { matches, searchTokens, type SearchClause, type SearchToken } from './search-params.js';
import {
  DEFAULT_SORT,
  type Page,
  type PageOf,
  type ResourceStore,
  type SearchSort,
  type StoredVersion,
  type WriteInput,
} from './store.js';

interface Entry {
  versions: StoredVersion[];
  tokens: SearchToken[];
}

/** Deep copy through JSON, as the SQLite store does: callers never share objects with the store. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The in-memory store: the reference implementation of the contract, for tests. */
export class MemoryResourceStore implements ResourceStore {
  private readonly entries = new Map<string, Entry>();

  private key(orgId: string, type: string, id: string): string {
    return JSON.stringify([orgId, type, id]);
  }

  read(orgId: string, type: FhirResourceType, id: string): StoredVersion | null {
    const v = this.entries.get(this.key(orgId, type, id))?.versions.at(-1);
    return v ? copy(v) : null;
  }

  readVersion(orgId: string, type: FhirResourceType, id: string, versionId: string): StoredVersion | null {
    const v = this.entries.get(this.key(orgId, type, id))?.versions.find((x) => x.versionId === versionId);
    return v ? copy(v) : null;
  }

  write(input: WriteInput, now: string): StoredVersion {
    const { orgId, resource } = input;
    const key = this.key(orgId, resource.resourceType, resource.id);
    const entry = this.entries.get(key);
    const current = entry?.versions.at(-1);
    if (current && input.createOnly && !current.deleted) throw new VersionConflictError(current.versionId);
    if (input.ifMatch !== undefined && input.ifMatch !== (current?.versionId ?? '0')) {
      throw new VersionConflictError(current?.versionId ?? '0');
    }
    const versionId = String(Number(current?.versionId ?? 0) + 1);
    // The superseded version keeps what the history policy keeps (no case content unless signed).
    const superseded = current?.resource ? slimSuperseded(current.resource) : null;
    if (current && superseded) current.resource = copy(superseded);
    const stored: FhirResource = copy({ ...resource, meta: { ...resource.meta, versionId, lastUpdated: now } });
    const version: StoredVersion = {
      orgId,
      resourceType: resource.resourceType,
      id: resource.id,
      versionId,
      lastUpdated: now,
      deleted: false,
      resource: stored,
    };
    const tokens = [...searchTokens(stored), { name: '_id', value: resource.id }, { name: '_lastUpdated', value: now }];
    this.entries.set(key, { versions: [...(entry?.versions ?? []), version], tokens });
    return copy(version);
  }

  delete(orgId: string, type: FhirResourceType, id: string, now: string, ifMatch?: string): StoredVersion | null {
    const entry = this.entries.get(this.key(orgId, type, id));
    const current = entry?.versions.at(-1);
    if (!entry || !current || current.deleted) return null;
    if (ifMatch !== undefined && ifMatch !== current.versionId) throw new VersionConflictError(current.versionId);
    const version: StoredVersion = {
      orgId,
      resourceType: type,
      id,
      versionId: String(Number(current.versionId) + 1),
      lastUpdated: now,
      deleted: true,
      resource: null,
    };
    entry.versions.push(version);
    entry.tokens = [];
    return copy(version);
  }

  history(orgId: string, type: FhirResourceType, id: string, page: Page): PageOf<StoredVersion> {
    const versions = [...(this.entries.get(this.key(orgId, type, id))?.versions ?? [])].reverse();
    return { total: versions.length, items: copy(versions.slice(page.offset, page.offset + page.count)) };
  }

  search(
    orgId: string,
    type: FhirResourceType,
    clauses: readonly SearchClause[],
    page: Page,
    sort: SearchSort = DEFAULT_SORT,
  ): PageOf<FhirResource> {
    const hits: { version: StoredVersion; key: string }[] = [];
    for (const entry of this.entries.values()) {
      const current = entry.versions.at(-1)!;
      if (current.orgId !== orgId || current.resourceType !== type || current.deleted) continue;
      const ok = clauses.every((c) =>
        entry.tokens.some((t) => t.name === c.name && c.values.some((v) => matches(c.op, t.value, v))),
      );
      if (!ok) continue;
      // A resource without the sort value sorts as the empty string (first ascending, last descending).
      const key =
        sort.by === '_lastUpdated'
          ? current.lastUpdated
          : (entry.tokens
              .filter((t) => t.name === sort.by)
              .map((t) => t.value)
              .sort()[0] ?? '');
      hits.push({ version: current, key });
    }
    hits.sort((a, b) => {
      if (a.key !== b.key) return (a.key < b.key ? -1 : 1) * (sort.descending ? -1 : 1);
      return a.version.id < b.version.id ? -1 : a.version.id > b.version.id ? 1 : 0;
    });
    return {
      total: hits.length,
      items: copy(hits.slice(page.offset, page.offset + page.count).map((h) => h.version.resource!)),
    };
  }

  transaction<T>(fn: () => T): T {
    // Single-threaded and synchronous: nothing interleaves. A throw leaves earlier writes (tests only).
    return fn();
  }
}
