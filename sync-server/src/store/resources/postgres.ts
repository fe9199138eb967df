import type { FhirResource, FhirResourceType } from '@vigil/shared';
import type { PostgresChangeStore } from '../changes/postgres.js';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import { resourceChangeOf } from './feed.js';
import { TEXT_MAX, type SearchClause, type SearchToken } from './search-params.js';
import { VersionConflictError } from '../../errors.js';
import { planDelete, planWrite, type WritePlan } from './versioning.js';
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
  /** BIGINTs come back as strings. */
  version_id: string;
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

/** The advisory-lock key of one resource: two 32-bit hashes (its organisation and type; its id). */
const RESOURCE_LOCK = 'SELECT pg_advisory_xact_lock(hashtext($1::text || $2::text), hashtext($3::text))';

/**
 * FHIR resources with their versions on PostgreSQL (tables of PG migration 20; issue 43), the
 * SQLite store's twin: the same write plan (versioning.ts: versions, conflicts, the history
 * policy), the same search tokens and orders. Statements join the caller's unit of work
 * (PostgresDatabase); a write or a deletion is a unit of its own, or a savepoint of the caller's.
 *
 * Several instances write at once, so a write orders itself against the other writers of the same
 * resource: it takes a transaction-scoped advisory lock on the resource before reading its
 * current version, and holds it to its commit, so two writes of one id never both plan the same
 * next version (the second reads the first's, then conflicts on a stale If-Match or writes the
 * version after it). With a change feed, a write first takes the feed's order (its head row,
 * `PostgresChangeStore.holdOrder`), then the resource's lock: every unit that writes recorded
 * resources takes its locks in that one order, so two of them never deadlock (one holding a
 * resource and waiting for the head while the other holds the head and waits for the resource).
 * The price: units that write recorded resources commit one at a time from their first write
 * on, as the feed already made them from their first append. AuditEvents are not in the feed:
 * they take their own lock only, so audit writes never queue behind the feed.
 *
 * Units are not serialised as on SQLite: two units that write different resources without a feed
 * run side by side (READ COMMITTED), and a rolled-back unit takes nothing of the other's along.
 */
export class PostgresResourceStore implements ResourceStore {
  /** `changes`: the change feed each write and deletion is recorded in, in its own unit (the server always passes it). */
  constructor(
    private readonly db: PostgresDatabase,
    private readonly changes?: PostgresChangeStore,
  ) {}

  /** Orders this unit's write of one resource against every other writer (see the class comment). */
  private async lock(orgId: string, type: FhirResourceType, id: string): Promise<void> {
    if (this.changes && type !== 'AuditEvent') await this.changes.holdOrder();
    await this.db.query(RESOURCE_LOCK, [orgId, `/${type}`, id]);
  }

  /** Records a new version in the change feed, inside the write's unit. */
  private async record(
    before: StoredVersion | null,
    version: StoredVersion,
    tokens?: readonly SearchToken[],
  ): Promise<void> {
    const change = this.changes ? resourceChangeOf(before, version, tokens) : null;
    if (change) await this.changes!.append(change, { resource: version.resource });
  }

  async read(orgId: string, type: FhirResourceType, id: string): Promise<StoredVersion | null> {
    const { rows } = await this.db.query<Row>(
      'SELECT * FROM resources WHERE org_id = $1 AND resource_type = $2 AND id = $3',
      [orgId, type, id],
    );
    return rows[0] ? toVersion(rows[0]) : null;
  }

  async readVersion(
    orgId: string,
    type: FhirResourceType,
    id: string,
    versionId: string,
  ): Promise<StoredVersion | null> {
    if (!/^[1-9]\d{0,15}$/.test(versionId)) return null;
    const { rows } = await this.db.query<Row>(
      'SELECT * FROM resource_history WHERE org_id = $1 AND resource_type = $2 AND id = $3 AND version_id = $4',
      [orgId, type, id, versionId],
    );
    return rows[0] ? toVersion(rows[0]) : null;
  }

  write(input: WriteInput, now: string): Promise<StoredVersion> {
    const { orgId, resource } = input;
    if (input.newId) {
      const plan = planWrite(null, input, now);
      if (!this.changes || !resourceChangeOf(null, plan.version, plan.tokens)) return this.writeNew(plan);
    }
    return this.db.transaction(async () => {
      await this.lock(orgId, resource.resourceType, resource.id);
      const current = await this.read(orgId, resource.resourceType, resource.id);
      const plan = planWrite(current, input, now);
      if (current && plan.superseded) {
        await this.db.query(
          `UPDATE resource_history SET json = $1
           WHERE org_id = $2 AND resource_type = $3 AND id = $4 AND version_id = $5`,
          [JSON.stringify(plan.superseded), orgId, resource.resourceType, resource.id, current.versionId],
        );
      }
      const row: Row = {
        org_id: orgId,
        resource_type: resource.resourceType,
        id: resource.id,
        version_id: plan.version.versionId,
        last_updated: now,
        deleted: 0,
        json: JSON.stringify(plan.version.resource),
      };
      const values = [row.org_id, row.resource_type, row.id, row.version_id, row.last_updated, row.json];
      await this.db.query(
        `INSERT INTO resources (org_id, resource_type, id, version_id, last_updated, deleted, json)
         VALUES ($1, $2, $3, $4, $5, 0, $6)
         ON CONFLICT (org_id, resource_type, id) DO UPDATE SET
           version_id = excluded.version_id, last_updated = excluded.last_updated, deleted = 0, json = excluded.json`,
        values,
      );
      await this.db.query(
        `INSERT INTO resource_history (org_id, resource_type, id, version_id, last_updated, deleted, json)
         VALUES ($1, $2, $3, $4, $5, 0, $6)`,
        values,
      );
      await this.replaceTokens(orgId, resource.resourceType, resource.id, plan.tokens);
      const version = toVersion(row);
      await this.record(current, version, plan.tokens);
      return version;
    });
  }

  /**
   * Version 1 of an id nobody else has (WriteInput.newId) that the change feed does not record (an
   * AuditEvent): the resource, its history row and its search values in one statement, atomic on
   * its own, with no lock, no read and no search values to delete (one statement for eight: the
   * read audit of every socket writes one). An id already stored inserts nothing: a conflict.
   */
  private async writeNew({ version, tokens }: WritePlan): Promise<StoredVersion> {
    const json = JSON.stringify(version.resource);
    const { rows } = await this.db.query<{ inserted: number }>(
      `WITH r AS (
         INSERT INTO resources (org_id, resource_type, id, version_id, last_updated, deleted, json)
         VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (org_id, resource_type, id) DO NOTHING RETURNING 1
       ), h AS (
         INSERT INTO resource_history (org_id, resource_type, id, version_id, last_updated, deleted, json)
         SELECT $1, $2, $3, $4, $5, 0, $6 FROM r
       ), s AS (
         INSERT INTO resource_search (org_id, resource_type, id, name, value)
         SELECT $1, $2, $3, t.name, t.value FROM r, unnest($7::text[], $8::text[]) AS t(name, value)
       )
       SELECT count(*)::int AS inserted FROM r`,
      [
        ...[version.orgId, version.resourceType, version.id, version.versionId, version.lastUpdated, json],
        ...[tokens.map((t) => t.name), tokens.map((t) => t.value)],
      ],
    );
    if (rows[0]?.inserted !== 1) {
      const current = await this.read(version.orgId, version.resourceType, version.id);
      throw new VersionConflictError(current?.versionId ?? '0');
    }
    return version;
  }

  /** Replaces a resource's search values by `tokens`, in two statements whatever their number. */
  private async replaceTokens(orgId: string, type: string, id: string, tokens: readonly SearchToken[]): Promise<void> {
    await this.db.query('DELETE FROM resource_search WHERE org_id = $1 AND resource_type = $2 AND id = $3', [
      orgId,
      type,
      id,
    ]);
    if (tokens.length === 0) return;
    await this.db.query(
      `INSERT INTO resource_search (org_id, resource_type, id, name, value)
       SELECT $1, $2, $3, t.name, t.value FROM unnest($4::text[], $5::text[]) AS t(name, value)`,
      [orgId, type, id, tokens.map((t) => t.name), tokens.map((t) => t.value)],
    );
  }

  delete(
    orgId: string,
    type: FhirResourceType,
    id: string,
    now: string,
    ifMatch?: string,
  ): Promise<StoredVersion | null> {
    return this.db.transaction(async () => {
      await this.lock(orgId, type, id);
      const before = await this.read(orgId, type, id);
      const deletion = planDelete(before, { orgId, type, id }, now, ifMatch);
      if (!deletion) return null;
      const values = [orgId, type, id, deletion.versionId, now];
      await this.db.query(
        `UPDATE resources SET version_id = $4, last_updated = $5, deleted = 1, json = NULL
         WHERE org_id = $1 AND resource_type = $2 AND id = $3`,
        values,
      );
      await this.db.query(
        `INSERT INTO resource_history (org_id, resource_type, id, version_id, last_updated, deleted, json)
         VALUES ($1, $2, $3, $4, $5, 1, NULL)`,
        values,
      );
      await this.replaceTokens(orgId, type, id, []);
      await this.record(before, deletion);
      return deletion;
    });
  }

  async history(orgId: string, type: FhirResourceType, id: string, page: Page): Promise<PageOf<StoredVersion>> {
    // One statement, so the total and the page come from one snapshot.
    const { rows } = await this.db.query<Row & { total: string }>(
      `SELECT h.*, count(*) OVER () AS total FROM resource_history h
       WHERE org_id = $1 AND resource_type = $2 AND id = $3
       ORDER BY version_id DESC LIMIT $4 OFFSET $5`,
      [orgId, type, id, page.count, page.offset],
    );
    if (rows.length > 0 || page.offset === 0) return { total: Number(rows[0]?.total ?? 0), items: rows.map(toVersion) };
    const { rows: counted } = await this.db.query<{ total: string }>(
      'SELECT count(*) AS total FROM resource_history WHERE org_id = $1 AND resource_type = $2 AND id = $3',
      [orgId, type, id],
    );
    return { total: Number(counted[0]!.total), items: [] };
  }

  async search(
    orgId: string,
    type: FhirResourceType,
    clauses: readonly SearchClause[],
    page: Page,
    sort: SearchSort = DEFAULT_SORT,
  ): Promise<PageOf<FhirResource>> {
    const params: unknown[] = [orgId, type];
    const param = (value: unknown): string => {
      params.push(value);
      return `$${params.length}`;
    };
    const where: string[] = ['r.org_id = $1', 'r.resource_type = $2', 'r.deleted = 0'];
    for (const clause of clauses) {
      const name = param(clause.name);
      const alternatives = clause.values.map((v) =>
        clause.op === 'sw'
          ? `(s.value >= ${param(v)} AND s.value < ${param(v + TEXT_MAX)})`
          : `s.value ${SQL_OP[clause.op]} ${param(v)}`,
      );
      where.push(
        `EXISTS (SELECT 1 FROM resource_search s WHERE s.org_id = r.org_id AND s.resource_type = r.resource_type
           AND s.id = r.id AND s.name = ${name} AND (${alternatives.join(' OR ')}))`,
      );
    }
    const direction = sort.descending ? 'DESC' : 'ASC';
    // A resource without the sort value sorts as the empty string (first ascending, last descending).
    const orderBy =
      sort.by === '_lastUpdated'
        ? `r.last_updated ${direction}, r.id`
        : `COALESCE((SELECT MIN(s.value) FROM resource_search s WHERE s.org_id = r.org_id
             AND s.resource_type = r.resource_type AND s.id = r.id AND s.name = 'date'), '') ${direction}, r.id`;
    const limit = param(page.count);
    const offset = param(page.offset);
    // One statement, so the total and the page come from one snapshot.
    const { rows } = await this.db.query<{ json: string; total: string }>(
      `SELECT r.json, count(*) OVER () AS total FROM resources r WHERE ${where.join(' AND ')}
       ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    if (rows.length > 0 || page.offset === 0) {
      return { total: Number(rows[0]?.total ?? 0), items: rows.map((r) => JSON.parse(r.json) as FhirResource) };
    }
    // A page past the end: count alone.
    const { rows: counted } = await this.db.query<{ total: string }>(
      `SELECT count(*) AS total FROM resources r WHERE ${where.join(' AND ')}`,
      params.slice(0, -2),
    );
    return { total: Number(counted[0]!.total), items: [] };
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }
}
