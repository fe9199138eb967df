import { MemoryDatabase } from '../memory/database.js';
import type { PresetChange, PresetRecord, PresetStore } from './types.js';

const byNameThenId = (a: PresetRecord, b: PresetRecord): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** The presets in memory: the second implementation of the contract (issue 36). */
export class MemoryPresetStore implements PresetStore {
  private readonly presets;

  constructor(private readonly db = new MemoryDatabase()) {
    this.presets = db.table<PresetRecord[]>([]);
  }

  list(orgIds: readonly string[]): Promise<PresetRecord[]> {
    return this.db.run(() =>
      structuredClone(
        orgIds.flatMap((orgId) => this.presets.value.filter((p) => p.orgId === orgId).sort(byNameThenId)),
      ),
    );
  }

  get(orgId: string, id: string): Promise<PresetRecord | null> {
    return this.db.run(() => structuredClone(this.find(orgId, id) ?? null));
  }

  create(p: PresetRecord): Promise<PresetRecord> {
    return this.db.run(() => {
      if (this.presets.value.some((q) => q.id === p.id)) throw new Error('a preset with this id exists');
      if ((p.ownerKind === 'user') !== (p.ownerUserId !== null))
        throw new Error('a user preset needs its user, only it');
      this.presets.value.push(structuredClone(p));
      return structuredClone(p);
    });
  }

  update(orgId: string, id: string, change: PresetChange): Promise<PresetRecord | null> {
    return this.db.run(() => {
      const p = this.find(orgId, id);
      if (!p) return null;
      Object.assign(p, structuredClone(change));
      return structuredClone(p);
    });
  }

  setOwner(
    orgId: string,
    id: string,
    owner: Pick<PresetRecord, 'ownerKind' | 'ownerUserId'>,
    updatedAt: number,
  ): Promise<PresetRecord | null> {
    return this.db.run(() => {
      const p = this.find(orgId, id);
      if (!p) return null;
      if ((owner.ownerKind === 'user') !== (owner.ownerUserId !== null))
        throw new Error('a user preset needs its user, only it');
      Object.assign(p, { ownerKind: owner.ownerKind, ownerUserId: owner.ownerUserId, updatedAt });
      return structuredClone(p);
    });
  }

  delete(orgId: string, id: string): Promise<boolean> {
    return this.db.run(() => {
      const i = this.presets.value.findIndex((p) => p.orgId === orgId && p.id === id);
      if (i >= 0) this.presets.value.splice(i, 1);
      return i >= 0;
    });
  }

  private find(orgId: string, id: string): PresetRecord | undefined {
    return this.presets.value.find((p) => p.orgId === orgId && p.id === id);
  }
}
