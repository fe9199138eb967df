import type { FhirResource, FhirResourceType } from '@vigil/shared';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../sqlite/database.js';
import { TEXT_MAX, type SearchClause, type SearchToken } from './search-params.js';
import type { ChangeStore } from '../changes/types.js';
import { resourceChangeOf } from './feed.js';
import { planDelete, planWrite } from './versioning.js';
import { sqliteHooks } from '../sqlite/transaction.js';
import { assertSerialized, runTransaction, serialized, type TransactionHooks } from './transactions.js';
import {
  DEFAULT_SORT,
  type Page,
  type PageOf,
  type ResourceStore,
  type SearchSort,
  type StoredVersion,
  type WriteInput,
} from './types.js';

interface Row {
  org_id: string;
  resource_type: string;
  id: string;
  version_id: number;
  last_updated: string;
  deleted: number;
  json: string | null;
}

function toVersion(row: Row): StoredVersion {
  return {
    orgId: row.org_id,
    resourceType: row.resource_type as FhirResourceType,
    id: row.id,
    versionId: String(row.version_id),
    lastUpdated: row.last_updated,
    deleted: row.deleted === 1,
    resource: row.json === null ? null : (JSON.parse(row.json) as FhirResource),
  };
}

const SQL_OP = { eq: '=', ge: '>=', gt: '>', le: '<=', lt: '<' } as const;

/**
 * The SQLite store (tables resources, resource_history, resource_search; migration 20). Writes
 * and `transaction` go through the database's one transaction queue (transactions.ts), so other
 * SQL run on the same connection inside a transaction's callback (the report tables at
 * finalize) commits with it; reads are serialized (transactions.ts), so a read outside an open
 * transaction never sees what that transaction may still roll back.
 */
export class SqliteResourceStore implements ResourceStore {
  private readonly hooks: TransactionHooks;
  private readonly statements: Record<string, Statement> = {};

  /** `changes`: the change feed each write and deletion is recorded in, in its own transaction (the server always passes it). */
  constructor(
    private readonly db: Db,
    private readonly changes?: ChangeStore,
  ) {
    this.hooks = sqliteHooks(db);
  }

  /** Records a new version in the change feed, inside the write's transaction. */
  private async record(
    before: StoredVersion | null,
    version: StoredVersion,
    tokens?: readonly SearchToken[],
  ): Promise<void> {
    const change = this.changes ? resourceChangeOf(before, version, tokens) : null;
    if (change) await this.changes!.append(change, { resource: version.resource });
  }

  /** A statement of the read and write paths, prepared once (they run on every write). */
  private statement(sql: string): Statement {
    return (this.statements[sql] ??= this.db.prepare(sql));
  }

  read(orgId: string, type: FhirResourceType, id: string): Promise<StoredVersion | null> {
    return serialized(this.db, () => this.readNow(orgId, type, id));
  }

  /** The current version (inside the caller's serialized work or transaction). */
  private readNow(orgId: string, type: FhirResourceType, id: string): StoredVersion | null {
    assertSerialized(this.db);
    const row = this.statement('SELECT * FROM resources WHERE org_id = ? AND resource_type = ? AND id = ?').get(
      orgId,
      type,
      id,
    ) as Row | undefined;
    return row ? toVersion(row) : null;
  }

  readVersion(orgId: string, type: FhirResourceType, id: string, versionId: string): Promise<StoredVersion | null> {
    if (!/^[1-9]\d{0,15}$/.test(versionId)) return Promise.resolve(null);
    return serialized(this.db, () => {
      const row = this.statement(
        'SELECT * FROM resource_history WHERE org_id = ? AND resource_type = ? AND id = ? AND version_id = ?',
      ).get(orgId, type, id, Number(versionId)) as Row | undefined;
      return row ? toVersion(row) : null;
    });
  }

  write(input: WriteInput, now: string): Promise<StoredVersion> {
    return this.transaction(async () => {
      const { before, version, tokens } = this.writeNow(input, now);
      await this.record(before, version, tokens);
      return version;
    });
  }

  /** One write's statements (inside the caller's transaction): the version it superseded and the new one. */
  private writeNow(
    input: WriteInput,
    now: string,
  ): { before: StoredVersion | null; version: StoredVersion; tokens: SearchToken[] } {
    assertSerialized(this.db);
    const { orgId, resource } = input;
    const current = this.readNow(orgId, resource.resourceType, resource.id);
    const plan = planWrite(current, input, now);
    if (current && plan.superseded) {
      this.statement(
        `UPDATE resource_history SET json = ? WHERE org_id = ? AND resource_type = ? AND id = ? AND version_id = ?`,
      ).run(JSON.stringify(plan.superseded), orgId, resource.resourceType, resource.id, Number(current.versionId));
    }
    const row: Row = {
      org_id: orgId,
      resource_type: resource.resourceType,
      id: resource.id,
      version_id: Number(plan.version.versionId),
      last_updated: now,
      deleted: 0,
      json: JSON.stringify(plan.version.resource),
    };
    this.statement(
      `INSERT INTO resources (org_id, resource_type, id, version_id, last_updated, deleted, json)
         VALUES (@org_id, @resource_type, @id, @version_id, @last_updated, @deleted, @json)
         ON CONFLICT (org_id, resource_type, id) DO UPDATE SET
           version_id = excluded.version_id, last_updated = excluded.last_updated, deleted = 0, json = excluded.json`,
    ).run(row);
    this.statement(
      `INSERT INTO resource_history (org_id, resource_type, id, version_id, last_updated, deleted, json)
         VALUES (@org_id, @resource_type, @id, @version_id, @last_updated, @deleted, @json)`,
    ).run(row);
    this.replaceTokens(orgId, resource.resourceType, resource.id, plan.tokens);
    return { before: current, version: toVersion(row), tokens: plan.tokens };
  }

  private replaceTokens(orgId: string, type: string, id: string, tokens: { name: string; value: string }[]): void {
    assertSerialized(this.db);
    this.statement('DELETE FROM resource_search WHERE org_id = ? AND resource_type = ? AND id = ?').run(
      orgId,
      type,
      id,
    );
    const insert = this.statement(
      'INSERT INTO resource_search (org_id, resource_type, id, name, value) VALUES (?, ?, ?, ?, ?)',
    );
    for (const t of tokens) insert.run(orgId, type, id, t.name, t.value);
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

  /** One deletion's statements (inside the caller's transaction). */
  private deleteNow(
    orgId: string,
    type: FhirResourceType,
    id: string,
    now: string,
    ifMatch?: string,
  ): { before: StoredVersion; version: StoredVersion } | null {
    assertSerialized(this.db);
    const before = this.readNow(orgId, type, id);
    const deletion = planDelete(before, { orgId, type, id }, now, ifMatch);
    if (!deletion) return null;
    const row: Row = {
      org_id: orgId,
      resource_type: type,
      id,
      version_id: Number(deletion.versionId),
      last_updated: now,
      deleted: 1,
      json: null,
    };
    this.statement(
      `UPDATE resources SET version_id = @version_id, last_updated = @last_updated, deleted = 1, json = NULL
         WHERE org_id = @org_id AND resource_type = @resource_type AND id = @id`,
    ).run(row);
    this.statement(
      `INSERT INTO resource_history (org_id, resource_type, id, version_id, last_updated, deleted, json)
         VALUES (@org_id, @resource_type, @id, @version_id, @last_updated, @deleted, @json)`,
    ).run(row);
    this.replaceTokens(orgId, type, id, []);
    return { before: before!, version: toVersion(row) };
  }

  history(orgId: string, type: FhirResourceType, id: string, page: Page): Promise<PageOf<StoredVersion>> {
    return serialized(this.db, () => this.historyNow(orgId, type, id, page));
  }

  private historyNow(orgId: string, type: FhirResourceType, id: string, page: Page): PageOf<StoredVersion> {
    assertSerialized(this.db);
    const { total } = this.db
      .prepare('SELECT COUNT(*) AS total FROM resource_history WHERE org_id = ? AND resource_type = ? AND id = ?')
      .get(orgId, type, id) as { total: number };
    const rows = this.db
      .prepare(
        `SELECT * FROM resource_history WHERE org_id = ? AND resource_type = ? AND id = ?
         ORDER BY version_id DESC LIMIT ? OFFSET ?`,
      )
      .all(orgId, type, id, page.count, page.offset) as Row[];
    return { total, items: rows.map(toVersion) };
  }

  search(
    orgId: string,
    type: FhirResourceType,
    clauses: readonly SearchClause[],
    page: Page,
    sort: SearchSort = DEFAULT_SORT,
  ): Promise<PageOf<FhirResource>> {
    const where: string[] = ['r.org_id = ?', 'r.resource_type = ?', 'r.deleted = 0'];
    const params: unknown[] = [orgId, type];
    for (const clause of clauses) {
      const alternatives = clause.values.map((v) => {
        if (clause.op === 'sw') {
          params.push(v, v + TEXT_MAX);
          return '(s.value >= ? AND s.value < ?)';
        }
        params.push(v);
        return `s.value ${SQL_OP[clause.op]} ?`;
      });
      where.push(
        `EXISTS (SELECT 1 FROM resource_search s WHERE s.org_id = r.org_id AND s.resource_type = r.resource_type
           AND s.id = r.id AND s.name = ? AND (${alternatives.join(' OR ')}))`,
      );
      // The name goes before the alternatives' values.
      params.splice(params.length - clause.values.length * (clause.op === 'sw' ? 2 : 1), 0, clause.name);
    }
    const whereSql = where.join(' AND ');
    const direction = sort.descending ? 'DESC' : 'ASC';
    // A resource without the sort value sorts as the empty string (first ascending, last descending).
    const orderBy =
      sort.by === '_lastUpdated'
        ? `r.last_updated ${direction}, r.id`
        : `COALESCE((SELECT MIN(s.value) FROM resource_search s WHERE s.org_id = r.org_id AND s.resource_type = r.resource_type
             AND s.id = r.id AND s.name = 'date'), '') ${direction}, r.id`;
    return serialized(this.db, () => {
      const { total } = this.db
        .prepare(`SELECT COUNT(*) AS total FROM resources r WHERE ${whereSql}`)
        .get(...params) as { total: number };
      const rows = this.db
        .prepare(`SELECT r.json FROM resources r WHERE ${whereSql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`)
        .all(...params, page.count, page.offset) as { json: string }[];
      return { total, items: rows.map((r) => JSON.parse(r.json) as FhirResource) };
    });
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return runTransaction(this.db, this.hooks, fn);
  }
}
