/*
 * The presets' repository (spec 002 §3 "Preset (macro)", §6). Every method is async and every
 * write is one atomic step, so another implementation only has to implement this interface and
 * pass contract.test.ts.
 */

/** Who holds a stored preset: one user of the organisation, the organisation, or (demo office) the demo. */
export type PresetOwnerKind = 'user' | 'org' | 'demo';

/** A stored preset of one organisation. Times are epoch milliseconds; the macro is stored as given (validated by the service). */
export interface PresetRecord {
  id: string;
  orgId: string;
  name: string;
  ownerKind: PresetOwnerKind;
  /** The owning user for a user's preset, else null. */
  ownerUserId: string | null;
  macro: Record<string, unknown>;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** What an update changes. */
export interface PresetChange {
  name: string;
  macro: Record<string, unknown>;
  updatedAt: number;
}

export interface PresetStore {
  /** The presets of these organisations, in the order the ids are given, then by name and id. */
  list(orgIds: readonly string[]): Promise<PresetRecord[]>;
  /** One of the organisation's presets, or null. */
  get(orgId: string, id: string): Promise<PresetRecord | null>;
  /** Adds a preset; an id already used is refused (throws) and nothing is written. */
  create(preset: PresetRecord): Promise<PresetRecord>;
  /** Changes one of the organisation's presets; null when it has no such preset. */
  update(orgId: string, id: string, change: PresetChange): Promise<PresetRecord | null>;
  /** Gives one of the organisation's presets another owner (the team's preset migration); null when it has no such preset. */
  setOwner(
    orgId: string,
    id: string,
    owner: Pick<PresetRecord, 'ownerKind' | 'ownerUserId'>,
    updatedAt: number,
  ): Promise<PresetRecord | null>;
  /** Deletes one of the organisation's presets; false when it has no such preset. */
  delete(orgId: string, id: string): Promise<boolean>;
}
