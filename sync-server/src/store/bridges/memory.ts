import { MemoryDatabase } from '../memory/database.js';
import type { BridgeMonitorRow, BridgeRow, BridgeStore, MonitorAssignment, PairingCodeRow } from './types.js';

interface Tables {
  codes: Map<string, PairingCodeRow>;
  bridges: Map<string, BridgeRow>;
  monitors: Map<string, BridgeMonitorRow>;
  assignments: Map<string, MonitorAssignment>;
  /** Per bridge: reading id → when it was taken. */
  readings: Map<string, Map<string, number>>;
}

const key = (bridgeId: string, monitorKey: string): string => `${bridgeId}\u0000${monitorKey}`;
const byKey = <T>([a]: [string, T], [b]: [string, T]): number => (a < b ? -1 : a > b ? 1 : 0);

/** The bridges in memory: the second implementation of the contract. */
export class MemoryBridgeStore implements BridgeStore {
  private readonly t;

  constructor(private readonly db = new MemoryDatabase()) {
    this.t = db.table<Tables>({
      codes: new Map(),
      bridges: new Map(),
      monitors: new Map(),
      assignments: new Map(),
      readings: new Map(),
    });
  }

  addPairingCode(row: PairingCodeRow): Promise<void> {
    return this.db.run(() => {
      if (this.t.value.codes.has(row.codeHash)) throw new Error('UNIQUE constraint failed: bridge_pairing_codes');
      this.t.value.codes.set(row.codeHash, { ...row });
    });
  }

  pair(
    codeHash: string,
    now: number,
    bridge: Pick<BridgeRow, 'id' | 'name' | 'secretHash'>,
  ): Promise<BridgeRow | null> {
    return this.db.run(() => {
      const code = this.t.value.codes.get(codeHash);
      this.t.value.codes.delete(codeHash);
      if (!code || code.expiresAt <= now) return null;
      const row: BridgeRow = {
        ...bridge,
        orgId: code.orgId,
        location: code.location,
        pairedAt: now,
        pairedBy: code.createdBy,
        lastSeenAt: now,
        revokedAt: null,
        revokedBy: null,
      };
      this.t.value.bridges.set(row.id, row);
      return { ...row };
    });
  }

  bridge(id: string): Promise<BridgeRow | null> {
    return this.db.run(() => {
      const row = this.t.value.bridges.get(id);
      return row ? { ...row } : null;
    });
  }

  list(orgId: string): Promise<BridgeRow[]> {
    return this.db.run(() =>
      [...this.t.value.bridges.values()]
        .filter((b) => b.orgId === orgId)
        .sort((a, b) => a.pairedAt - b.pairedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((b) => ({ ...b })),
    );
  }

  revoke(orgId: string, id: string, by: string, at: number): Promise<boolean> {
    return this.db.run(() => {
      const row = this.t.value.bridges.get(id);
      if (!row || row.orgId !== orgId || row.revokedAt !== null) return false;
      row.revokedAt = at;
      row.revokedBy = by;
      for (const [k, a] of this.t.value.assignments) if (a.bridgeId === id) this.t.value.assignments.delete(k);
      return true;
    });
  }

  seen(id: string, at: number): Promise<void> {
    return this.db.run(() => {
      const row = this.t.value.bridges.get(id);
      if (row) row.lastSeenAt = Math.max(row.lastSeenAt ?? 0, at);
    });
  }

  putMonitors(bridgeId: string, monitors: readonly Omit<BridgeMonitorRow, 'bridgeId'>[]): Promise<void> {
    return this.db.run(() => {
      for (const m of monitors) {
        const before = this.t.value.monitors.get(key(bridgeId, m.key));
        const times = [before?.lastReadingAt, m.lastReadingAt].filter((t): t is number => t != null);
        this.t.value.monitors.set(key(bridgeId, m.key), {
          bridgeId,
          key: m.key,
          label: m.label,
          protocol: m.protocol,
          lastReadingAt: times.length > 0 ? Math.max(...times) : null,
        });
      }
    });
  }

  monitors(bridgeIds: readonly string[]): Promise<BridgeMonitorRow[]> {
    return this.db.run(() =>
      [...this.t.value.monitors.entries()]
        .filter(([, m]) => bridgeIds.includes(m.bridgeId))
        .sort(byKey)
        .map(([, m]) => ({ ...m })),
    );
  }

  assign(a: MonitorAssignment): Promise<void> {
    return this.db.run(() => void this.t.value.assignments.set(key(a.bridgeId, a.monitorKey), { ...a }));
  }

  unassign(bridgeId: string, monitorKey: string): Promise<boolean> {
    return this.db.run(() => this.t.value.assignments.delete(key(bridgeId, monitorKey)));
  }

  assignments(bridgeId: string): Promise<MonitorAssignment[]> {
    return this.db.run(() =>
      [...this.t.value.assignments.entries()]
        .filter(([, a]) => a.bridgeId === bridgeId)
        .sort(byKey)
        .map(([, a]) => ({ ...a })),
    );
  }

  caseAssignments(orgId: string, caseId: string): Promise<MonitorAssignment[]> {
    return this.db.run(() =>
      [...this.t.value.assignments.entries()]
        .filter(([, a]) => a.orgId === orgId && a.caseId === caseId)
        .sort(byKey)
        .map(([, a]) => ({ ...a })),
    );
  }

  charted(bridgeId: string, monitorKey: string, at: number): Promise<void> {
    return this.db.run(() => {
      const a = this.t.value.assignments.get(key(bridgeId, monitorKey));
      if (a) a.lastChartedAt = Math.max(a.lastChartedAt ?? 0, at);
    });
  }

  unseen(bridgeId: string, readingIds: readonly string[]): Promise<string[]> {
    return this.db.run(() => {
      const seen = this.t.value.readings.get(bridgeId) ?? new Map<string, number>();
      return readingIds.filter((id, i) => !seen.has(id) && readingIds.indexOf(id) === i);
    });
  }

  markSeen(bridgeId: string, readingIds: readonly string[], at: number): Promise<void> {
    return this.db.run(() => {
      const seen = this.t.value.readings.get(bridgeId) ?? new Map<string, number>();
      for (const id of readingIds) if (!seen.has(id)) seen.set(id, at);
      this.t.value.readings.set(bridgeId, seen);
    });
  }

  pruneReadings(before: number): Promise<number> {
    return this.db.run(() => {
      let pruned = 0;
      for (const seen of this.t.value.readings.values()) {
        for (const [id, at] of seen) {
          if (at < before) {
            seen.delete(id);
            pruned += 1;
          }
        }
      }
      return pruned;
    });
  }
}
