import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import type { AnalyticsEventRecord, AnalyticsEventStore } from './types.js';

export class SqliteAnalyticsEventStore implements AnalyticsEventStore {
  constructor(private readonly db: Db) {}

  record(e: AnalyticsEventRecord): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare('INSERT INTO analytics_events (at, name, user_id, org_id) VALUES (?, ?, ?, ?)')
        .run(e.at, e.name, e.userId, e.orgId);
    });
  }

  since(since: number, limit: number): Promise<AnalyticsEventRecord[]> {
    return serialized(
      this.db,
      () =>
        this.db
          .prepare(
            `SELECT at, name, user_id AS userId, org_id AS orgId FROM analytics_events WHERE at >= ?
           ORDER BY at, id LIMIT ?`,
          )
          .all(since, limit) as AnalyticsEventRecord[],
    );
  }
}
