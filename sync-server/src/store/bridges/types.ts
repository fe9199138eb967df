/*
 * The Vigil Bridge's pairing and delivery state (issue 38 "The Vigil Bridge"; docs/decisions.md,
 * session 28): one-time pairing codes an administrator makes for a location of the office, the
 * bridges paired with them (a device credential kept as a hash, revocable), the monitors each
 * bridge names, which case a monitor charts into (the provider's pick on the case screen), and
 * the ids of the readings already taken (a reading sent twice is charted once). Every method is
 * async and one atomic step.
 */

/** A pairing code as kept: its hash only (the code is shown once, to the administrator who made it). */
export interface PairingCodeRow {
  codeHash: string;
  orgId: string;
  location: string;
  createdBy: string;
  createdAt: number;
  expiresAt: number;
}

/** A paired bridge: the organisation and location its credential is scoped to. */
export interface BridgeRow {
  id: string;
  orgId: string;
  location: string;
  name: string;
  /** The hash of the credential's secret (SHA-256 of 32 random bytes); the secret itself is never kept. */
  secretHash: string;
  pairedAt: number;
  /** Who made the pairing code it was paired with. */
  pairedBy: string;
  lastSeenAt: number | null;
  revokedAt: number | null;
  revokedBy: string | null;
}

/** A monitor a bridge reads (a serial port or an HL7 sender), as the bridge names it. */
export interface BridgeMonitorRow {
  bridgeId: string;
  key: string;
  label: string;
  protocol: string;
  lastReadingAt: number | null;
}

/** A bridge monitor charting into a case, at the interval the provider chose. */
export interface MonitorAssignment {
  bridgeId: string;
  monitorKey: string;
  orgId: string;
  caseId: string;
  intervalMs: number;
  assignedBy: string;
  assignedAt: number;
  /** The time of the newest reading charted by this assignment, null before the first. */
  lastChartedAt: number | null;
}

export interface BridgeStore {
  addPairingCode(row: PairingCodeRow): Promise<void>;
  /**
   * Takes a pairing code once: when it is known and not expired at `now`, it is removed and the
   * bridge made from it (its organisation, location and maker) in the same step; null otherwise.
   */
  pair(codeHash: string, now: number, bridge: Pick<BridgeRow, 'id' | 'name' | 'secretHash'>): Promise<BridgeRow | null>;
  bridge(id: string): Promise<BridgeRow | null>;
  /** An organisation's bridges, revoked ones too, by pairing time then id. */
  list(orgId: string): Promise<BridgeRow[]>;
  /** Revokes a bridge of this organisation; false when it is not one or already revoked. */
  revoke(orgId: string, id: string, by: string, at: number): Promise<boolean>;
  /** The bridge called at `at` (last seen). */
  seen(id: string, at: number): Promise<void>;
  /** Adds or renames a bridge's monitors; `lastReadingAt` moves forward only. */
  putMonitors(bridgeId: string, monitors: readonly Omit<BridgeMonitorRow, 'bridgeId'>[]): Promise<void>;
  /** The monitors of these bridges, by bridge then key. */
  monitors(bridgeIds: readonly string[]): Promise<BridgeMonitorRow[]>;
  /** Sets where a bridge monitor charts (replacing an earlier assignment of that monitor). */
  assign(assignment: MonitorAssignment): Promise<void>;
  /** Ends a monitor's assignment; false when it had none. */
  unassign(bridgeId: string, monitorKey: string): Promise<boolean>;
  /** A bridge's assignments, by monitor key. */
  assignments(bridgeId: string): Promise<MonitorAssignment[]>;
  /** The assignments charting into a case. */
  caseAssignments(orgId: string, caseId: string): Promise<MonitorAssignment[]>;
  /** Records the newest reading an assignment charted. */
  charted(bridgeId: string, monitorKey: string, at: number): Promise<void>;
  /** Which of these reading ids of a bridge were not taken before, in the order given. */
  unseen(bridgeId: string, readingIds: readonly string[]): Promise<string[]>;
  /** Records reading ids of a bridge as taken (ids already recorded are left as they are). */
  markSeen(bridgeId: string, readingIds: readonly string[], at: number): Promise<void>;
  /** Forgets the reading ids taken before `before` (every bridge's); returns how many were forgotten. */
  pruneReadings(before: number): Promise<number>;
}
