import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import type { BridgeMonitorRow, BridgeRow, BridgeStore, MonitorAssignment, PairingCodeRow } from './types.js';

interface BridgeSqlRow {
  id: string;
  org_id: string;
  location: string;
  name: string;
  secret_hash: string;
  paired_at: number;
  paired_by: string;
  last_seen_at: number | null;
  revoked_at: number | null;
  revoked_by: string | null;
}

interface AssignmentSqlRow {
  bridge_id: string;
  monitor_key: string;
  org_id: string;
  case_id: string;
  interval_ms: number;
  assigned_by: string;
  assigned_at: number;
  last_charted_at: number | null;
}

const bridgeOf = (r: BridgeSqlRow): BridgeRow => ({
  id: r.id,
  orgId: r.org_id,
  location: r.location,
  name: r.name,
  secretHash: r.secret_hash,
  pairedAt: r.paired_at,
  pairedBy: r.paired_by,
  lastSeenAt: r.last_seen_at,
  revokedAt: r.revoked_at,
  revokedBy: r.revoked_by,
});

const assignmentOf = (r: AssignmentSqlRow): MonitorAssignment => ({
  bridgeId: r.bridge_id,
  monitorKey: r.monitor_key,
  orgId: r.org_id,
  caseId: r.case_id,
  intervalMs: r.interval_ms,
  assignedBy: r.assigned_by,
  assignedAt: r.assigned_at,
  lastChartedAt: r.last_charted_at,
});

/** The bridges over better-sqlite3 (tables bridge_pairing_codes, bridges, bridge_monitors, bridge_assignments, bridge_readings). */
export class SqliteBridgeStore implements BridgeStore {
  constructor(private readonly db: Db) {}

  addPairingCode(row: PairingCodeRow): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO bridge_pairing_codes (code_hash, org_id, location, created_by, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(row.codeHash, row.orgId, row.location, row.createdBy, row.createdAt, row.expiresAt);
    });
  }

  pair(
    codeHash: string,
    now: number,
    bridge: Pick<BridgeRow, 'id' | 'name' | 'secretHash'>,
  ): Promise<BridgeRow | null> {
    return serialized(this.db, () =>
      this.db.transaction((): BridgeRow | null => {
        const code = this.db
          .prepare(
            'DELETE FROM bridge_pairing_codes WHERE code_hash = ? RETURNING org_id, location, created_by, expires_at',
          )
          .get(codeHash) as { org_id: string; location: string; created_by: string; expires_at: number } | undefined;
        if (!code || code.expires_at <= now) return null;
        const row: BridgeRow = {
          ...bridge,
          orgId: code.org_id,
          location: code.location,
          pairedAt: now,
          pairedBy: code.created_by,
          lastSeenAt: now,
          revokedAt: null,
          revokedBy: null,
        };
        this.db
          .prepare(
            `INSERT INTO bridges (id, org_id, location, name, secret_hash, paired_at, paired_by, last_seen_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(row.id, row.orgId, row.location, row.name, row.secretHash, now, row.pairedBy, now);
        return row;
      })(),
    );
  }

  bridge(id: string): Promise<BridgeRow | null> {
    return serialized(this.db, () => {
      const r = this.db.prepare('SELECT * FROM bridges WHERE id = ?').get(id) as BridgeSqlRow | undefined;
      return r ? bridgeOf(r) : null;
    });
  }

  list(orgId: string): Promise<BridgeRow[]> {
    return serialized(this.db, () =>
      (
        this.db.prepare('SELECT * FROM bridges WHERE org_id = ? ORDER BY paired_at, id').all(orgId) as BridgeSqlRow[]
      ).map(bridgeOf),
    );
  }

  revoke(orgId: string, id: string, by: string, at: number): Promise<boolean> {
    return serialized(this.db, () =>
      this.db.transaction(() => {
        const changed =
          this.db
            .prepare(
              'UPDATE bridges SET revoked_at = ?, revoked_by = ? WHERE id = ? AND org_id = ? AND revoked_at IS NULL',
            )
            .run(at, by, id, orgId).changes > 0;
        if (changed) this.db.prepare('DELETE FROM bridge_assignments WHERE bridge_id = ?').run(id);
        return changed;
      })(),
    );
  }

  seen(id: string, at: number): Promise<void> {
    return serialized(this.db, () => {
      this.db.prepare('UPDATE bridges SET last_seen_at = max(coalesce(last_seen_at, 0), ?) WHERE id = ?').run(at, id);
    });
  }

  putMonitors(bridgeId: string, monitors: readonly Omit<BridgeMonitorRow, 'bridgeId'>[]): Promise<void> {
    return serialized(this.db, () => {
      const put = this.db.prepare(
        `INSERT INTO bridge_monitors (bridge_id, monitor_key, label, protocol, last_reading_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (bridge_id, monitor_key) DO UPDATE SET label = excluded.label, protocol = excluded.protocol,
           last_reading_at = CASE
             WHEN bridge_monitors.last_reading_at IS NULL THEN excluded.last_reading_at
             WHEN excluded.last_reading_at IS NULL THEN bridge_monitors.last_reading_at
             ELSE max(bridge_monitors.last_reading_at, excluded.last_reading_at) END`,
      );
      this.db.transaction(() => {
        for (const m of monitors) put.run(bridgeId, m.key, m.label, m.protocol, m.lastReadingAt);
      })();
    });
  }

  monitors(bridgeIds: readonly string[]): Promise<BridgeMonitorRow[]> {
    return serialized(this.db, () => {
      const rows = this.db
        .prepare(
          `SELECT bridge_id, monitor_key, label, protocol, last_reading_at FROM bridge_monitors
           WHERE bridge_id IN (SELECT value FROM json_each(?)) ORDER BY bridge_id, monitor_key`,
        )
        .all(JSON.stringify(bridgeIds)) as {
        bridge_id: string;
        monitor_key: string;
        label: string;
        protocol: string;
        last_reading_at: number | null;
      }[];
      return rows.map((r) => ({
        bridgeId: r.bridge_id,
        key: r.monitor_key,
        label: r.label,
        protocol: r.protocol,
        lastReadingAt: r.last_reading_at,
      }));
    });
  }

  assign(a: MonitorAssignment): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT OR REPLACE INTO bridge_assignments
           (bridge_id, monitor_key, org_id, case_id, interval_ms, assigned_by, assigned_at, last_charted_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(a.bridgeId, a.monitorKey, a.orgId, a.caseId, a.intervalMs, a.assignedBy, a.assignedAt, a.lastChartedAt);
    });
  }

  unassign(bridgeId: string, monitorKey: string): Promise<boolean> {
    return serialized(
      this.db,
      () =>
        this.db
          .prepare('DELETE FROM bridge_assignments WHERE bridge_id = ? AND monitor_key = ?')
          .run(bridgeId, monitorKey).changes > 0,
    );
  }

  assignments(bridgeId: string): Promise<MonitorAssignment[]> {
    return serialized(this.db, () =>
      (
        this.db
          .prepare('SELECT * FROM bridge_assignments WHERE bridge_id = ? ORDER BY monitor_key')
          .all(bridgeId) as AssignmentSqlRow[]
      ).map(assignmentOf),
    );
  }

  caseAssignments(orgId: string, caseId: string): Promise<MonitorAssignment[]> {
    return serialized(this.db, () =>
      (
        this.db
          .prepare('SELECT * FROM bridge_assignments WHERE org_id = ? AND case_id = ? ORDER BY bridge_id, monitor_key')
          .all(orgId, caseId) as AssignmentSqlRow[]
      ).map(assignmentOf),
    );
  }

  charted(bridgeId: string, monitorKey: string, at: number): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `UPDATE bridge_assignments SET last_charted_at = max(coalesce(last_charted_at, 0), ?)
           WHERE bridge_id = ? AND monitor_key = ?`,
        )
        .run(at, bridgeId, monitorKey);
    });
  }

  unseen(bridgeId: string, readingIds: readonly string[]): Promise<string[]> {
    return serialized(this.db, () => {
      const seen = new Set(
        (
          this.db
            .prepare(
              `SELECT reading_id FROM bridge_readings
               WHERE bridge_id = ? AND reading_id IN (SELECT value FROM json_each(?))`,
            )
            .all(bridgeId, JSON.stringify(readingIds)) as { reading_id: string }[]
        ).map((r) => r.reading_id),
      );
      return readingIds.filter((id, i) => !seen.has(id) && readingIds.indexOf(id) === i);
    });
  }

  markSeen(bridgeId: string, readingIds: readonly string[], at: number): Promise<void> {
    return serialized(this.db, () => {
      const put = this.db.prepare(
        'INSERT OR IGNORE INTO bridge_readings (bridge_id, reading_id, taken_at) VALUES (?, ?, ?)',
      );
      this.db.transaction(() => {
        for (const id of readingIds) put.run(bridgeId, id, at);
      })();
    });
  }

  pruneReadings(before: number): Promise<number> {
    return serialized(
      this.db,
      () => this.db.prepare('DELETE FROM bridge_readings WHERE taken_at < ?').run(before).changes,
    );
  }
}
