import type { AnalyticsEventName } from '@vigil/shared';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { AnalyticsEventRecord, AnalyticsEventStore } from './types.js';

/** The analytics events on PostgreSQL (analytics_events, PG migration 160; issue 43): equal times in the order recorded. */
export class PostgresAnalyticsEventStore implements AnalyticsEventStore {
  constructor(private readonly db: PostgresDatabase) {}

  async record(e: AnalyticsEventRecord): Promise<void> {
    await this.db.query('INSERT INTO analytics_events (at, name, user_id, org_id) VALUES ($1, $2, $3, $4)', [
      e.at,
      e.name,
      e.userId,
      e.orgId,
    ]);
  }

  async since(since: number, limit: number): Promise<AnalyticsEventRecord[]> {
    const { rows } = await this.db.query(
      'SELECT at, name, user_id, org_id FROM analytics_events WHERE at >= $1 ORDER BY at, id LIMIT $2',
      [since, limit],
    );
    return rows.map((r) => ({
      at: Number(r.at),
      name: r.name as AnalyticsEventName,
      userId: r.user_id as string | null,
      orgId: r.org_id as string | null,
    }));
  }
}
