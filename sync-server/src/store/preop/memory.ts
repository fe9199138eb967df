import { MemoryDatabase } from '../memory/database.js';
import type { PreopSettingsRecord, PreopSettingsStore } from './types.js';

/** The office's pre-op settings in memory: the second implementation of the contract. */
export class MemoryPreopSettingsStore implements PreopSettingsStore {
  private readonly settings;

  constructor(private readonly db = new MemoryDatabase()) {
    this.settings = db.table<PreopSettingsRecord[]>([]);
  }

  get(orgId: string): Promise<PreopSettingsRecord | null> {
    return this.db.run(() => structuredClone(this.settings.value.find((s) => s.orgId === orgId) ?? null));
  }

  put(s: PreopSettingsRecord): Promise<PreopSettingsRecord> {
    return this.db.run(() => {
      const all = this.settings.value;
      const i = all.findIndex((x) => x.orgId === s.orgId);
      const stored = structuredClone(s);
      if (i < 0) all.push(stored);
      else all[i] = stored;
      return structuredClone(stored);
    });
  }
}
