import { MemoryDatabase } from '../memory/database.js';
import type { EmrConnection, EmrConnectionStore, EmrWriteBack, SmartLaunchState } from './types.js';

/** EMR connections, launches and write-backs in memory: the second implementation of the contract (issue 36). */
export class MemoryEmrConnectionStore implements EmrConnectionStore {
  private readonly connections;
  private readonly launches;
  private readonly writeBackRows;

  constructor(private readonly db = new MemoryDatabase()) {
    this.connections = db.table(new Map<string, EmrConnection>());
    this.launches = db.table(new Map<string, SmartLaunchState>());
    this.writeBackRows = db.table(new Map<string, EmrWriteBack>());
  }

  setConnection(c: EmrConnection): Promise<boolean> {
    return this.db.run(() => {
      for (const other of this.connections.value.values())
        if (other.iss === c.iss && other.orgId !== c.orgId) return false;
      this.connections.value.set(c.orgId, structuredClone(c));
      return true;
    });
  }

  removeConnection(orgId: string): Promise<void> {
    return this.db.run(() => void this.connections.value.delete(orgId));
  }

  connection(orgId: string): Promise<EmrConnection | null> {
    return this.db.run(() => structuredClone(this.connections.value.get(orgId) ?? null));
  }

  connectionByIss(iss: string): Promise<EmrConnection | null> {
    return this.db.run(() => {
      for (const c of this.connections.value.values()) if (c.iss === iss) return structuredClone(c);
      return null;
    });
  }

  saveLaunch(state: SmartLaunchState): Promise<void> {
    return this.db.run(() => void this.launches.value.set(state.state, structuredClone(state)));
  }

  takeLaunch(state: string, now: number): Promise<SmartLaunchState | null> {
    return this.db.run(() => {
      const launches = this.launches.value;
      for (const [key, kept] of launches) if (kept.expiresAt <= now) launches.delete(key);
      const found = launches.get(state) ?? null;
      launches.delete(state);
      return found;
    });
  }

  addWriteBack(w: EmrWriteBack): Promise<boolean> {
    return this.db.run(() => {
      for (const kept of this.writeBackRows.value.values())
        if (kept.orgId === w.orgId && kept.seq === w.seq && kept.compositionId === w.compositionId) return false;
      this.writeBackRows.value.set(w.id, structuredClone(w));
      return true;
    });
  }

  dueWriteBacks(now: number, limit: number): Promise<EmrWriteBack[]> {
    return this.db.run(() =>
      [...this.writeBackRows.value.values()]
        .filter((w) => w.status === 'pending' && w.nextAttemptAt !== null && w.nextAttemptAt <= now)
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit)
        .map((w) => structuredClone(w)),
    );
  }

  updateWriteBack(w: EmrWriteBack): Promise<void> {
    return this.db.run(() => void this.writeBackRows.value.set(w.id, structuredClone(w)));
  }

  writeBacks(orgId: string, limit: number): Promise<EmrWriteBack[]> {
    return this.db.run(() =>
      [...this.writeBackRows.value.values()]
        .filter((w) => w.orgId === orgId)
        .sort((a, b) => b.seq - a.seq)
        .slice(0, limit)
        .map((w) => structuredClone(w)),
    );
  }
}
