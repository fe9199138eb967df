import type { AnalyticsEventName } from '@vigil/shared';

/** One analytics event as recorded (spec 000 §7): no properties, so no patient data. */
export interface AnalyticsEventRecord {
  at: number;
  name: AnalyticsEventName;
  userId: string | null;
  orgId: string | null;
}

export interface AnalyticsEventStore {
  record(event: AnalyticsEventRecord): Promise<void>;
  /** The events since `since` (epoch ms), oldest first, at most `limit`. */
  since(since: number, limit: number): Promise<AnalyticsEventRecord[]>;
}
