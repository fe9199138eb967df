import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import type { ClientLogRecord, ClientLogStore } from './types.js';

export class SqliteClientLogStore implements ClientLogStore {
  constructor(private readonly db: Db) {}

  record(e: ClientLogRecord, since: number, limit: number): Promise<boolean> {
    return serialized(this.db, () => {
      const info = this.db
        .prepare(
          `INSERT INTO client_logs (at, level, kind, error_name, code, source, route, app_version, user_id, org_id)
           SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
           WHERE (SELECT count(*) FROM client_logs WHERE user_id = ? AND at >= ?) < ?`,
        )
        .run(
          ...[e.at, e.level, e.kind, e.errorName, e.code, e.where, e.route, e.appVersion, e.userId, e.orgId],
          ...[e.userId, since, limit],
        );
      return info.changes === 1;
    });
  }

  prune(before: number): Promise<number> {
    return serialized(this.db, () => this.db.prepare('DELETE FROM client_logs WHERE at < ?').run(before).changes);
  }

  since(since: number, limit: number): Promise<ClientLogRecord[]> {
    return serialized(
      this.db,
      () =>
        this.db
          .prepare(
            `SELECT at, level, kind, error_name AS errorName, code, source AS "where", route,
                    app_version AS appVersion, user_id AS userId, org_id AS orgId
             FROM client_logs WHERE at >= ? ORDER BY at, id LIMIT ?`,
          )
          .all(since, limit) as ClientLogRecord[],
    );
  }
}
