import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { BridgeMonitorRow, BridgeRow, BridgeStore, MonitorAssignment, PairingCodeRow } from './types.js';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const bridgeOf = (r: Record<string, unknown>): BridgeRow => ({
  id: r.id as string,
  orgId: r.org_id as string,
  location: r.location as string,
  name: r.name as string,
  secretHash: r.secret_hash as string,
  pairedAt: Number(r.paired_at),
  pairedBy: r.paired_by as string,
  lastSeenAt: num(r.last_seen_at),
  revokedAt: num(r.revoked_at),
  revokedBy: r.revoked_by as string | null,
});

const assignmentOf = (r: Record<string, unknown>): MonitorAssignment => ({
  bridgeId: r.bridge_id as string,
  monitorKey: r.monitor_key as string,
  orgId: r.org_id as string,
  caseId: r.case_id as string,
  intervalMs: Number(r.interval_ms),
  assignedBy: r.assigned_by as string,
  assignedAt: Number(r.assigned_at),
  lastChartedAt: num(r.last_charted_at),
});

/**
 * The bridges on PostgreSQL (PG migrations 140–142; issue 43). A pairing code is taken by one
 * DELETE … RETURNING, so of two bridges pairing with one code one gets it; times only move
 * forward (GREATEST in the update); a reading id is taken by an insert that does nothing on
 * conflict.
 */
export class PostgresBridgeStore implements BridgeStore {
  constructor(private readonly db: PostgresDatabase) {}

  async addPairingCode(row: PairingCodeRow): Promise<void> {
    await this.db.query(
      `INSERT INTO bridge_pairing_codes (code_hash, org_id, location, created_by, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [row.codeHash, row.orgId, row.location, row.createdBy, row.createdAt, row.expiresAt],
    );
  }

  pair(
    codeHash: string,
    now: number,
    bridge: Pick<BridgeRow, 'id' | 'name' | 'secretHash'>,
  ): Promise<BridgeRow | null> {
    return this.db.transaction(async (): Promise<BridgeRow | null> => {
      const { rows } = await this.db.query(
        'DELETE FROM bridge_pairing_codes WHERE code_hash = $1 RETURNING org_id, location, created_by, expires_at',
        [codeHash],
      );
      const code = rows[0];
      if (!code || Number(code.expires_at) <= now) return null;
      const row: BridgeRow = {
        ...bridge,
        orgId: code.org_id as string,
        location: code.location as string,
        pairedAt: now,
        pairedBy: code.created_by as string,
        lastSeenAt: now,
        revokedAt: null,
        revokedBy: null,
      };
      await this.db.query(
        `INSERT INTO bridges (id, org_id, location, name, secret_hash, paired_at, paired_by, last_seen_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $6)`,
        [row.id, row.orgId, row.location, row.name, row.secretHash, now, row.pairedBy],
      );
      return row;
    });
  }

  async bridge(id: string): Promise<BridgeRow | null> {
    const { rows } = await this.db.query('SELECT * FROM bridges WHERE id = $1', [id]);
    return rows[0] ? bridgeOf(rows[0]) : null;
  }

  async list(orgId: string): Promise<BridgeRow[]> {
    const { rows } = await this.db.query('SELECT * FROM bridges WHERE org_id = $1 ORDER BY paired_at, id COLLATE "C"', [
      orgId,
    ]);
    return rows.map(bridgeOf);
  }

  revoke(orgId: string, id: string, by: string, at: number): Promise<boolean> {
    return this.db.transaction(async () => {
      const { rowCount } = await this.db.query(
        'UPDATE bridges SET revoked_at = $1, revoked_by = $2 WHERE id = $3 AND org_id = $4 AND revoked_at IS NULL',
        [at, by, id, orgId],
      );
      if (rowCount !== 1) return false;
      await this.db.query('DELETE FROM bridge_assignments WHERE bridge_id = $1', [id]);
      return true;
    });
  }

  async seen(id: string, at: number): Promise<void> {
    await this.db.query('UPDATE bridges SET last_seen_at = GREATEST(coalesce(last_seen_at, 0), $1) WHERE id = $2', [
      at,
      id,
    ]);
  }

  putMonitors(bridgeId: string, monitors: readonly Omit<BridgeMonitorRow, 'bridgeId'>[]): Promise<void> {
    return this.db.transaction(async () => {
      for (const m of monitors) {
        await this.db.query(
          `INSERT INTO bridge_monitors (bridge_id, monitor_key, label, protocol, last_reading_at)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (bridge_id, monitor_key) DO UPDATE SET label = excluded.label, protocol = excluded.protocol,
             last_reading_at = GREATEST(bridge_monitors.last_reading_at, excluded.last_reading_at)`,
          [bridgeId, m.key, m.label, m.protocol, m.lastReadingAt],
        );
      }
    });
  }

  async monitors(bridgeIds: readonly string[]): Promise<BridgeMonitorRow[]> {
    const { rows } = await this.db.query(
      `SELECT bridge_id, monitor_key, label, protocol, last_reading_at FROM bridge_monitors
       WHERE bridge_id = ANY($1::text[]) ORDER BY bridge_id COLLATE "C", monitor_key COLLATE "C"`,
      [[...bridgeIds]],
    );
    return rows.map((r) => ({
      bridgeId: r.bridge_id as string,
      key: r.monitor_key as string,
      label: r.label as string,
      protocol: r.protocol as string,
      lastReadingAt: num(r.last_reading_at),
    }));
  }

  async assign(a: MonitorAssignment): Promise<void> {
    await this.db.query(
      `INSERT INTO bridge_assignments
         (bridge_id, monitor_key, org_id, case_id, interval_ms, assigned_by, assigned_at, last_charted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (bridge_id, monitor_key) DO UPDATE SET org_id = excluded.org_id, case_id = excluded.case_id,
         interval_ms = excluded.interval_ms, assigned_by = excluded.assigned_by, assigned_at = excluded.assigned_at,
         last_charted_at = excluded.last_charted_at`,
      [a.bridgeId, a.monitorKey, a.orgId, a.caseId, a.intervalMs, a.assignedBy, a.assignedAt, a.lastChartedAt],
    );
  }

  async unassign(bridgeId: string, monitorKey: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      'DELETE FROM bridge_assignments WHERE bridge_id = $1 AND monitor_key = $2',
      [bridgeId, monitorKey],
    );
    return (rowCount ?? 0) > 0;
  }

  async assignments(bridgeId: string): Promise<MonitorAssignment[]> {
    const { rows } = await this.db.query(
      'SELECT * FROM bridge_assignments WHERE bridge_id = $1 ORDER BY monitor_key COLLATE "C"',
      [bridgeId],
    );
    return rows.map(assignmentOf);
  }

  async caseAssignments(orgId: string, caseId: string): Promise<MonitorAssignment[]> {
    const { rows } = await this.db.query(
      `SELECT * FROM bridge_assignments WHERE org_id = $1 AND case_id = $2
       ORDER BY bridge_id COLLATE "C", monitor_key COLLATE "C"`,
      [orgId, caseId],
    );
    return rows.map(assignmentOf);
  }

  async charted(bridgeId: string, monitorKey: string, at: number): Promise<void> {
    await this.db.query(
      `UPDATE bridge_assignments SET last_charted_at = GREATEST(coalesce(last_charted_at, 0), $1)
       WHERE bridge_id = $2 AND monitor_key = $3`,
      [at, bridgeId, monitorKey],
    );
  }

  async unseen(bridgeId: string, readingIds: readonly string[]): Promise<string[]> {
    const { rows } = await this.db.query<{ reading_id: string }>(
      'SELECT reading_id FROM bridge_readings WHERE bridge_id = $1 AND reading_id = ANY($2::text[])',
      [bridgeId, [...readingIds]],
    );
    const seen = new Set(rows.map((r) => r.reading_id));
    return readingIds.filter((id, i) => !seen.has(id) && readingIds.indexOf(id) === i);
  }

  async markSeen(bridgeId: string, readingIds: readonly string[], at: number): Promise<void> {
    await this.db.query(
      `INSERT INTO bridge_readings (bridge_id, reading_id, taken_at)
       SELECT $1, r, $3 FROM unnest($2::text[]) AS r ON CONFLICT DO NOTHING`,
      [bridgeId, [...readingIds], at],
    );
  }

  async pruneReadings(before: number): Promise<number> {
    const { rowCount } = await this.db.query('DELETE FROM bridge_readings WHERE taken_at < $1', [before]);
    return rowCount ?? 0;
  }
}
