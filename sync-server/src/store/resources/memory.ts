import type { FhirResource, FhirResourceType } from '@vigil/shared';
import { matches, type SearchClause, type SearchToken } from './search-params.js';
import type { MemoryChangeStore } from '../changes/memory.js';
import { resourceChangeOf } from './feed.js';
import { planDelete, planWrite } from './versioning.js';
import { runTransaction, type TransactionHooks } from './transactions.js';
import {
  DEFAULT_SORT,
  type Page,
  type PageOf,
  type ResourceStore,
  type SearchSort,
  type StoredVersion,
  type WriteInput,
} from './types.js';

interface Entry {
  versions: StoredVersion[];
  tokens: SearchToken[];
}

/** Deep copy through JSON, as the SQLite store does: callers never share objects with the store. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The in-memory store: the reference implementation of the contract, for tests. Transactions
 * are queued like SQLite's; a rollback restores the entries as they were when it began.
 */
export class MemoryResourceStore implements ResourceStore {
  private entries = new Map<string, Entry>();
  private readonly saved: Map<string, Entry>[] = [];
  private readonly hooks: TransactionHooks = {
    begin: () => this.saved.push(this.snapshot()),
    commit: () => void this.saved.pop(),
    rollback: () => this.restore(),
    savepoint: () => this.saved.push(this.snapshot()),
    release: () => void this.saved.pop(),
    rollbackTo: () => {
      this.restore();
      this.saved.push(this.snapshot());
    },
  };

  /**
   * `changes`: the memory change feed each write and deletion is recorded in. The store then
   * enlists in the feed's transactions, so both commit or roll back together.
   */
  constructor(private readonly changes?: MemoryChangeStore) {
    changes?.enlist(this.hooks);
  }

  /** Records a new version in the change feed, inside the write's transaction. */
  private async record(
    before: StoredVersion | null,
    version: StoredVersion,
    tokens?: readonly SearchToken[],
  ): Promise<void> {
    const change = this.changes ? resourceChangeOf(before, version, tokens) : null;
    if (change) await this.changes!.append(change, { resource: copy(version.resource) });
  }

  private snapshot(): Map<string, Entry> {
    return new Map([...this.entries].map(([k, e]) => [k, { versions: [...e.versions], tokens: [...e.tokens] }]));
  }

  private restore(): void {
    const before = this.saved.pop();
    if (before) this.entries = before;
  }

  private key(orgId: string, type: string, id: string): string {
    return JSON.stringify([orgId, type, id]);
  }

  read(orgId: string, type: FhirResourceType, id: string): Promise<StoredVersion | null> {
    const v = this.entries.get(this.key(orgId, type, id))?.versions.at(-1);
    return Promise.resolve(v ? copy(v) : null);
  }

  readVersion(orgId: string, type: FhirResourceType, id: string, versionId: string): Promise<StoredVersion | null> {
    const v = this.entries.get(this.key(orgId, type, id))?.versions.find((x) => x.versionId === versionId);
    return Promise.resolve(v ? copy(v) : null);
  }

  write(input: WriteInput, now: string): Promise<StoredVersion> {
    return this.transaction(async () => {
      const { before, version, tokens } = this.writeNow(input, now);
      await this.record(before, version, tokens);
      return version;
    });
  }

  private writeNow(
    input: WriteInput,
    now: string,
  ): { before: StoredVersion | null; version: StoredVersion; tokens: SearchToken[] } {
    const { orgId, resource } = input;
    const key = this.key(orgId, resource.resourceType, resource.id);
    const entry = this.entries.get(key);
    const current = entry?.versions.at(-1) ?? null;
    const plan = planWrite(current, input, now);
    if (entry && current && plan.superseded)
      entry.versions[entry.versions.length - 1] = { ...current, resource: copy(plan.superseded) };
    const version = copy(plan.version);
    this.entries.set(key, { versions: [...(entry?.versions ?? []), version], tokens: plan.tokens });
    return { before: current ? copy(current) : null, version: copy(version), tokens: plan.tokens };
  }

  delete(
    orgId: string,
    type: FhirResourceType,
    id: string,
    now: string,
    ifMatch?: string,
  ): Promise<StoredVersion | null> {
    return this.transaction(async () => {
      const deleted = this.deleteNow(orgId, type, id, now, ifMatch);
      if (deleted) await this.record(deleted.before, deleted.version);
      return deleted?.version ?? null;
    });
  }

  private deleteNow(
    orgId: string,
    type: FhirResourceType,
    id: string,
    now: string,
    ifMatch?: string,
  ): { before: StoredVersion; version: StoredVersion } | null {
    const entry = this.entries.get(this.key(orgId, type, id));
    const before = entry?.versions.at(-1) ?? null;
    const version = planDelete(before, { orgId, type, id }, now, ifMatch);
    if (!entry || !before || !version) return null;
    this.entries.set(this.key(orgId, type, id), { versions: [...entry.versions, version], tokens: [] });
    return { before: copy(before), version: copy(version) };
  }

  history(orgId: string, type: FhirResourceType, id: string, page: Page): Promise<PageOf<StoredVersion>> {
    const versions = [...(this.entries.get(this.key(orgId, type, id))?.versions ?? [])].reverse();
    return Promise.resolve({
      total: versions.length,
      items: copy(versions.slice(page.offset, page.offset + page.count)),
    });
  }

  search(
    orgId: string,
    type: FhirResourceType,
    clauses: readonly SearchClause[],
    page: Page,
    sort: SearchSort = DEFAULT_SORT,
  ): Promise<PageOf<FhirResource>> {
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
    return Promise.resolve({
      total: hits.length,
      items: copy(hits.slice(page.offset, page.offset + page.count).map((h) => h.version.resource!)),
    });
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.changes ? this.changes.transaction(fn) : runTransaction(this, this.hooks, fn);
  }
}
