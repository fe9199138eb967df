import type { LogBeaconKind } from '@vigil/shared';

/** One log beacon as kept (CL1): no message or stack text. */
export interface ClientLogRecord {
  at: number;
  level: number;
  kind: LogBeaconKind;
  errorName: string | null;
  code: string | null;
  where: string | null;
  route: string | null;
  appVersion: string | null;
  userId: string;
  orgId: string | null;
}

export interface ClientLogStore {
  /**
   * Keeps a beacon unless its user already sent `limit` since `since` (one atomic step, so
   * parallel beacons never pass the limit); true when kept.
   */
  record(entry: ClientLogRecord, since: number, limit: number): Promise<boolean>;
  /** Removes the beacons older than `before` (epoch ms); how many. */
  prune(before: number): Promise<number>;
  /** The beacons since `since`, oldest first, at most `limit`. */
  since(since: number, limit: number): Promise<ClientLogRecord[]>;
}
