import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { ClientLogRecord, ClientLogStore } from './types.js';

/**
 * The browsers' log beacons on PostgreSQL (client_logs, PG migration 190; issue 43). A beacon is
 * counted and kept under a transaction-scoped advisory lock on its user, so parallel beacons on
 * several instances never pass the limit (READ COMMITTED alone would let two counts see the same).
 */
export class PostgresClientLogStore implements ClientLogStore {
  constructor(private readonly db: PostgresDatabase) {}

  record(e: ClientLogRecord, since: number, limit: number): Promise<boolean> {
    return this.db.transaction(async () => {
      await this.db.query("SELECT pg_advisory_xact_lock(hashtext('client_logs:' || $1))", [e.userId]);
      const { rowCount } = await this.db.query(
        `INSERT INTO client_logs (at, level, kind, error_name, code, source, route, app_version, user_id, org_id)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
         WHERE (SELECT count(*) FROM client_logs WHERE user_id = $9 AND at >= $11) < $12`,
        [e.at, e.level, e.kind, e.errorName, e.code, e.where, e.route, e.appVersion, e.userId, e.orgId, since, limit],
      );
      return rowCount === 1;
    });
  }

  async prune(before: number): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM client_logs WHERE at < $1', [before]);
    return rowCount ?? 0;
  }

  async since(since: number, limit: number): Promise<ClientLogRecord[]> {
    const { rows } = await this.db.query(
      `SELECT at, level, kind, error_name AS "errorName", code, source AS "where", route,
              app_version AS "appVersion", user_id AS "userId", org_id AS "orgId"
       FROM client_logs WHERE at >= $1 ORDER BY at, id LIMIT $2`,
      [since, limit],
    );
    return rows.map((r) => ({ ...(r as ClientLogRecord), at: Number(r.at) }));
  }
}
